import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HttpAbortError, HttpNetworkError, HttpParseError, HttpStatusError, HttpTimeoutError } from './httpErrors.ts'
import { buildUrl, httpRequest } from './request.ts'

let server: Server
let base: string

beforeAll(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x')
    if (url.pathname === '/ok') {
      response.writeHead(200, { 'content-type': 'application/json' })
      return response.end(JSON.stringify({ echo: url.searchParams.get('q'), cookie: request.headers.cookie ?? null }))
    }
    if (url.pathname === '/slow') return setTimeout(() => response.end('{}'), 2_000)
    if (url.pathname === '/limited') {
      response.writeHead(429, { 'retry-after': '3', 'content-type': 'application/json' })
      return response.end(JSON.stringify({ message: 'slow down' }))
    }
    if (url.pathname === '/broken') {
      response.writeHead(200, { 'content-type': 'application/json' })
      return response.end('{"half":')
    }
    response.writeHead(500)
    response.end('plain failure')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => {
  server.closeAllConnections()
  server.close()
})

describe('httpRequest', () => {
  it('returns parsed JSON for 2xx and sends no credentials', async () => {
    expect(await httpRequest(`${base}/ok`, { query: { q: 'hi', skip: undefined } })).toEqual({
      echo: 'hi',
      cookie: null,
    })
  })

  it('reports a time-out distinctly', async () => {
    await expect(httpRequest(`${base}/slow`, { timeoutMs: 100 })).rejects.toBeInstanceOf(HttpTimeoutError)
  })

  it('reports a caller abort distinctly', async () => {
    const controller = new AbortController()
    const pending = httpRequest(`${base}/slow`, { signal: controller.signal })
    controller.abort()
    await expect(pending).rejects.toBeInstanceOf(HttpAbortError)
  })

  it('reports a refused connection as a network error', async () => {
    await expect(httpRequest('http://127.0.0.1:1/none')).rejects.toBeInstanceOf(HttpNetworkError)
  })

  it('reports non-2xx with status, parsed body and retry-after', async () => {
    const error = await httpRequest(`${base}/limited`).catch((e) => e)
    expect(error).toBeInstanceOf(HttpStatusError)
    expect(error).toMatchObject({ status: 429, body: { message: 'slow down' }, retryAfterMs: 3_000 })
    const plain = await httpRequest(`${base}/fail`).catch((e) => e)
    expect(plain).toMatchObject({ status: 500, body: 'plain failure' })
  })

  it('reports malformed JSON in a 2xx answer', async () => {
    await expect(httpRequest(`${base}/broken`)).rejects.toBeInstanceOf(HttpParseError)
  })

  it('builds query strings', () => {
    expect(buildUrl('/a', { x: 1n, y: 'b c' })).toBe('/a?x=1&y=b+c')
    expect(buildUrl('/a?z=1', { x: 2 })).toBe('/a?z=1&x=2')
    expect(buildUrl('/a', {})).toBe('/a')
  })
})
