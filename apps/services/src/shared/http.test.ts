import { request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import { MultiBridgeError } from '@multi-bridge/core'
import { HttpRequestError } from 'viem'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createApi, HttpError, json, serveApi } from './http.ts'
import type { Logger } from './logger.ts'

const errors: { msg: string; fields: Record<string, unknown> | undefined }[] = []
const log: Logger = {
  debug: () => {},
  info: () => {},
  warn: () => {},
  error: (msg, fields) => errors.push({ msg, fields }),
  child: () => log,
}

let server: Awaited<ReturnType<typeof serveApi>>
let base: string

beforeAll(async () => {
  const api = createApi(log)
  api.get('/v1/things/:id', (c) => json(c, { id: c.req.param('id') }))
  api.get('/v1/teapot', () => {
    throw new HttpError(418, 'TEAPOT', 'short and stout')
  })
  api.get('/v1/too-low', () => {
    throw new HttpError(400, 'AMOUNT_TOO_LOW', 'amount is below the minimum', { minInputAmount: 310_000n })
  })
  api.get('/v1/amounts', (c) => json(c, { amount: 10n ** 30n, list: [1n, 2], nested: { zero: 0n } }))
  api.get('/v1/chain-down', () => {
    throw new HttpRequestError({ url: 'http://127.0.0.1:1', details: 'fetch failed' })
  })
  api.get('/v1/broken', () => {
    throw new Error('a bug in a handler')
  })
  api.get('/v1/broken-later', async () => {
    await new Promise((resolve) => setTimeout(resolve, 1))
    throw new TypeError('a bug after an await')
  })
  api.post('/v1/echo', async (c) => json(c, { length: (await c.req.text()).length }))
  server = await serveApi(api, 0, log)
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))
beforeEach(() => {
  errors.length = 0
})

const call = async (path: string, init?: RequestInit) => {
  const response = await fetch(`${base}${path}`, init)
  const text = await response.text()
  return {
    status: response.status,
    headers: response.headers,
    body: (text === '' ? undefined : JSON.parse(text)) as Record<string, unknown> | undefined,
  }
}
const get = async (path: string) => {
  const { status, body } = await call(path)
  return { status, body }
}

describe('the services’ HTTP server', () => {
  it('binds to 127.0.0.1 on a free port when asked for port 0', () => {
    const address = server.address() as AddressInfo
    expect(address.address).toBe('127.0.0.1')
    expect(address.port).toBeGreaterThan(0)
  })

  it('passes decoded path parameters to the handler', async () => {
    expect(await get('/v1/things/a%20b')).toEqual({ status: 200, body: { id: 'a b' } })
    expect(await get('/v1/things/a%2Fb')).toEqual({ status: 200, body: { id: 'a/b' } })
    expect(await get('/v1/things/%2525')).toEqual({ status: 200, body: { id: '%25' } })
  })

  it('answers every request as uncached JSON readable from any origin', async () => {
    for (const path of ['/v1/things/x', '/v1/nowhere', '/v1/teapot', '/v1/broken', '/v1/things/%ZZ']) {
      const { headers } = await call(path, { headers: { origin: 'http://app.example' } })
      expect(headers.get('content-type'), path).toBe('application/json; charset=utf-8')
      expect(headers.get('cache-control'), path).toBe('no-store')
      expect(headers.get('access-control-allow-origin'), path).toBe('*')
    }
  })

  it('answers a CORS preflight with the allowed methods and headers', async () => {
    const { status, headers, body } = await call('/v1/things/x', {
      method: 'OPTIONS',
      headers: {
        origin: 'http://app.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    })
    expect(status).toBe(204)
    expect(body).toBeUndefined()
    expect(headers.get('access-control-allow-origin')).toBe('*')
    expect(headers.get('access-control-allow-methods')).toBe('GET,POST,OPTIONS')
    expect(headers.get('access-control-allow-headers')).toBe('content-type')
    expect(headers.get('cache-control')).toBe('no-store')
  })

  it('writes bigint amounts as decimal text', async () => {
    expect(await get('/v1/amounts')).toEqual({
      status: 200,
      body: { amount: `1${'0'.repeat(30)}`, list: ['1', 2], nested: { zero: '0' } },
    })
  })

  it('answers a malformed percent-encoded path with a 400 JSON error, not a 500', async () => {
    for (const path of ['/v1/things/%ZZ', '/v1/things/%', '/v1/things/%E0%A4%A', '/v1/things/ok%20%ZZ']) {
      const { status, body } = await get(path)
      expect(status, path).toBe(400)
      expect(body, path).toEqual({ error: { code: 'INVALID_PATH', message: expect.any(String) } })
    }
    expect(errors).toEqual([])
    // Still serving afterwards.
    expect((await get('/v1/things/ok')).status).toBe(200)
  })

  it('answers unknown paths with 404 even when they are malformed, and handler errors with their status', async () => {
    expect(await get('/v1/other/%ZZ')).toEqual({
      status: 404,
      body: { error: { code: 'NOT_FOUND', message: 'No route for /v1/other/%ZZ' } },
    })
    expect(await get('/v1/things')).toMatchObject({ status: 404, body: { error: { code: 'NOT_FOUND' } } })
    expect(await get('/v1/things/x/y')).toMatchObject({ status: 404, body: { error: { code: 'NOT_FOUND' } } })
    expect(await get('/v1/teapot')).toEqual({
      status: 418,
      body: { error: { code: 'TEAPOT', message: 'short and stout' } },
    })
    // What a client acts on beside the words, amounts as decimal text like every other answer.
    expect(await get('/v1/too-low')).toEqual({
      status: 400,
      body: { error: { code: 'AMOUNT_TOO_LOW', message: 'amount is below the minimum', minInputAmount: '310000' } },
    })
    expect(errors).toEqual([])
  })

  it('answers a known path asked with another method with 405', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      const { status, body } = await call('/v1/things/x', { method })
      expect(status, method).toBe(405)
      expect(body, method).toEqual({
        error: { code: 'METHOD_NOT_ALLOWED', message: `${method} is not allowed here` },
      })
    }
    expect((await call('/v1/nowhere', { method: 'POST' })).status).toBe(404)
    // The path is checked before the method, as the route is matched on the path first.
    expect((await call('/v1/things/%ZZ', { method: 'POST' })).status).toBe(400)
  })

  it('answers an unexpected failure with a logged 500 that hides the details, and keeps serving', async () => {
    for (const path of ['/v1/broken', '/v1/broken-later?x=1']) {
      expect(await get(path), path).toEqual({
        status: 500,
        body: { error: { code: 'INTERNAL', message: 'Internal error' } },
      })
    }
    expect(errors).toEqual([
      {
        msg: 'request failed',
        fields: { url: '/v1/broken', error: expect.objectContaining({ message: 'a bug in a handler' }) },
      },
      {
        msg: 'request failed',
        fields: { url: '/v1/broken-later?x=1', error: expect.objectContaining({ message: 'a bug after an await' }) },
      },
    ])
    expect((await get('/v1/things/ok')).status).toBe(200)
  })

  it('answers a chain that does not answer with a 503 to ask again, not a 500 bug', async () => {
    const answer = await fetch(`${base}/v1/chain-down`)
    expect(answer.status).toBe(503)
    expect(answer.headers.get('retry-after')).toBe('5')
    expect(await answer.json()).toEqual({
      error: { code: 'CHAIN_UNAVAILABLE', message: 'A chain this answer needs is not answering' },
    })
  })

  it('answers a request target the URL parser refuses with a 400 JSON error', async () => {
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = httpRequest(`${base}/v1/things/x`, { path: '/v1\\things' }, (response) => {
        let body = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => {
          body += chunk
        })
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }))
      })
      request.on('error', reject)
      request.end()
    })
    expect(answer.status).toBe(400)
    expect(JSON.parse(answer.body)).toEqual({ error: { code: 'INVALID_PATH', message: expect.any(String) } })
  })

  it('reads a chunked body (no Content-Length) like a sized one, with the same limit', async () => {
    // node's client sends a body written in pieces without a Content-Length chunked.
    const post = (path: string, size: number) =>
      new Promise<{ status: number; body: unknown }>((resolve, reject) => {
        const request = httpRequest(`${base}${path}`, { method: 'POST' }, (response) => {
          let text = ''
          response.setEncoding('utf8')
          response.on('data', (chunk: string) => {
            text += chunk
          })
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }))
        })
        request.on('error', reject)
        for (let at = 0; at < size; at += 1000) request.write('x'.repeat(Math.min(1000, size - at)))
        request.end()
      })
    expect(await post('/v1/echo', 16 * 1024)).toEqual({ status: 200, body: { length: 16 * 1024 } })
    expect(await post('/v1/echo', 0)).toEqual({ status: 200, body: { length: 0 } })
    expect(await post('/v1/echo', 16 * 1024 + 1)).toEqual({
      status: 413,
      body: { error: { code: 'BODY_TOO_LARGE', message: 'The request body is above 16 KiB' } },
    })
    // A route that is not there, or not for POST, is answered as such: its body is not read.
    expect((await post('/v1/nowhere', 64 * 1024)).status).toBe(404)
    expect((await post('/v1/things/x', 64 * 1024)).status).toBe(405)
    expect(errors).toEqual([])
    expect((await get('/v1/things/ok')).status).toBe(200)
  })

  it('fails to start, with the system error, when the port is taken', async () => {
    const port = (server.address() as AddressInfo).port
    await expect(serveApi(createApi(log), port, log)).rejects.toMatchObject({ code: 'EADDRINUSE' })
  })
})

describe('HttpError', () => {
  it('is a product error with a stable code and its HTTP status', () => {
    const error = new HttpError(404, 'UNKNOWN_ORDER', 'The solver has not seen this order')
    expect(error).toBeInstanceOf(MultiBridgeError)
    expect(error).toMatchObject({ name: 'HttpError', status: 404, code: 'UNKNOWN_ORDER' })
    expect(error.message).toBe('The solver has not seen this order')
  })
})
