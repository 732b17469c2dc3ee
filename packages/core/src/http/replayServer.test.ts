import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jsonRpcHandler, type ReplayServer, startReplayServer } from '../../test/support/replayServer.ts'
import { HttpParseError, HttpTimeoutError } from './httpErrors.ts'
import { httpRequest } from './request.ts'

// The replay server is test support shared with browser tests: its contract is checked here.
let server: ReplayServer

beforeAll(async () => {
  server = await startReplayServer({
    routes: {
      '/json': { body: { answer: 42 } },
      '/broken': { rawBody: '{"answer": 4' },
      '/slow': { body: {}, delayMs: 1_000 },
      'POST /rpc': jsonRpcHandler({ eth_chainId: () => '0x1' }),
      'POST /rpc/null': jsonRpcHandler({ eth_chainId: () => '0x1' }, { otherwise: () => ({ result: null }) }),
      'POST /rpc/refusing': jsonRpcHandler(
        { eth_chainId: () => '0x1' },
        { otherwise: ({ method }) => ({ error: { code: -32000, message: `insufficient funds for ${method}` } }) },
      ),
      '/echo': (request) => ({ status: 201, body: { query: request.query } }),
    },
  })
})
afterAll(() => server.close())

describe('replay server', () => {
  it('answers with CORS headers and preflights, so a browser page can use it', async () => {
    const answer = await fetch(`${server.url}/json`)
    expect(answer.headers.get('access-control-allow-origin')).toBe('*')
    expect(answer.headers.get('access-control-expose-headers')).toContain('retry-after')
    const preflight = await fetch(`${server.url}/json`, { method: 'OPTIONS' })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
  })

  it('replays bodies, raw text, delays, handlers and JSON-RPC, and records requests', async () => {
    expect(await httpRequest(`${server.url}/json`)).toEqual({ answer: 42 })
    await expect(httpRequest(`${server.url}/broken`)).rejects.toBeInstanceOf(HttpParseError)
    await expect(httpRequest(`${server.url}/slow`, { timeoutMs: 100 })).rejects.toBeInstanceOf(HttpTimeoutError)
    expect(await httpRequest(`${server.url}/echo`, { query: { a: 1 } })).toEqual({ query: { a: '1' } })
    expect(
      await httpRequest(`${server.url}/rpc`, {
        method: 'POST',
        body: { jsonrpc: '2.0', id: 7, method: 'eth_chainId' },
      }),
    ).toEqual({ jsonrpc: '2.0', id: 7, result: '0x1' })
    await expect(httpRequest(`${server.url}/unknown`)).rejects.toMatchObject({ status: 404 })
    expect(server.requests.slice(-6).map((request) => request.path)).toEqual([
      '/json',
      '/broken',
      '/slow',
      '/echo',
      '/rpc',
      '/unknown',
    ])
  })

  it('answers a JSON-RPC method it does not have "method not found", or as told by `otherwise`', async () => {
    const call = (path: string, body: unknown) => httpRequest(`${server.url}${path}`, { method: 'POST', body })
    const estimate = { jsonrpc: '2.0', id: 1, method: 'eth_estimateGas', params: [{}] }
    expect(await call('/rpc', estimate)).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32601, message: 'no eth_estimateGas' },
    })
    expect(await call('/rpc/null', estimate)).toEqual({ jsonrpc: '2.0', id: 1, result: null })
    expect(
      await call('/rpc/refusing', [
        { jsonrpc: '2.0', id: 2, method: 'eth_chainId' },
        { ...estimate, id: 3 },
      ]),
    ).toEqual([
      { jsonrpc: '2.0', id: 2, result: '0x1' },
      { jsonrpc: '2.0', id: 3, error: { code: -32000, message: 'insufficient funds for eth_estimateGas' } },
    ])
  })
})
