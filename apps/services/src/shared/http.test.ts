import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HttpError, startHttpServer } from './http.ts'
import type { Logger } from './logger.ts'

const errors: unknown[] = []
const log: Logger = {
  debug: () => {},
  info: () => {},
  warn: () => {},
  error: (_msg, fields) => errors.push(fields),
  child: () => log,
}

let server: Awaited<ReturnType<typeof startHttpServer>>
let base: string

beforeAll(async () => {
  server = await startHttpServer(
    0,
    [
      { method: 'GET', path: '/v1/things/:id', handler: ({ params }) => ({ id: params.id }) },
      {
        method: 'GET',
        path: '/v1/teapot',
        handler: () => {
          throw new HttpError(418, 'TEAPOT', 'short and stout')
        },
      },
    ],
    log,
  )
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const get = async (path: string) => {
  const response = await fetch(`${base}${path}`)
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

describe('the services’ HTTP server', () => {
  it('passes decoded path parameters to the handler', async () => {
    expect(await get('/v1/things/a%20b')).toEqual({ status: 200, body: { id: 'a b' } })
  })

  it('answers a malformed percent-encoded path with a 400 JSON error, not a 500', async () => {
    for (const path of ['/v1/things/%ZZ', '/v1/things/%', '/v1/things/%E0%A4%A']) {
      const { status, body } = await get(path)
      expect(status, path).toBe(400)
      expect(body, path).toEqual({ error: { code: 'INVALID_PATH', message: expect.any(String) } })
    }
    expect(errors).toEqual([])
    // Still serving afterwards.
    expect((await get('/v1/things/ok')).status).toBe(200)
  })

  it('answers unknown paths with 404 even when they are malformed, and handler errors with their status', async () => {
    expect(await get('/v1/other/%ZZ')).toMatchObject({ status: 404, body: { error: { code: 'NOT_FOUND' } } })
    expect(await get('/v1/teapot')).toEqual({
      status: 418,
      body: { error: { code: 'TEAPOT', message: 'short and stout' } },
    })
  })
})
