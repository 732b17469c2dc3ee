import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ReplayServer, startReplayServer } from '../../test/support/replayServer.ts'
import { HttpAbortError, HttpStatusError } from './httpErrors.ts'
import { httpRequestWithRetry } from './httpRequestWithRetry.ts'

let server: ReplayServer

beforeAll(async () => {
  server = await startReplayServer()
})
afterAll(() => server.close())

const limited = (retryAfter?: string) => ({
  status: 429,
  body: { message: 'Too many requests' },
  ...(retryAfter === undefined ? {} : { headers: { 'retry-after': retryAfter } }),
})

describe('httpRequestWithRetry', () => {
  it('waits as long as retry-after says, then tries once more', async () => {
    server.setRoutes({ '/once': [limited('1'), { body: { ok: true } }] })
    const started = Date.now()
    expect(await httpRequestWithRetry(`${server.url}/once`)).toEqual({ ok: true })
    expect(Date.now() - started).toBeGreaterThanOrEqual(950)
    expect(server.requests.filter((request) => request.path === '/once')).toHaveLength(2)
  })

  it('gives up on a second 429 with the 429 itself', async () => {
    server.setRoutes({ '/twice': [limited('0'), limited('0'), { body: { ok: true } }] })
    const error = await httpRequestWithRetry(`${server.url}/twice`).catch((e) => e)
    expect(error).toBeInstanceOf(HttpStatusError)
    expect(error).toMatchObject({ status: 429, body: { message: 'Too many requests' } })
  })

  it('does not wait longer than allowed: a long retry-after fails at once', async () => {
    server.setRoutes({ '/long': [limited('120'), { body: { ok: true } }] })
    const started = Date.now()
    const error = await httpRequestWithRetry(`${server.url}/long`, { maxRetryWaitMs: 2_000 }).catch((e) => e)
    expect(error).toMatchObject({ status: 429, retryAfterMs: 120_000 })
    expect(Date.now() - started).toBeLessThan(1_000)
  })

  it('uses a default wait when retry-after is missing', async () => {
    server.setRoutes({ '/bare': [limited(), { body: { ok: 1 } }] })
    expect(await httpRequestWithRetry(`${server.url}/bare`, { defaultRetryWaitMs: 50 })).toEqual({ ok: 1 })
  })

  it('is cancelled by the caller during the wait', async () => {
    server.setRoutes({ '/abort': [limited('3'), { body: { ok: true } }] })
    const controller = new AbortController()
    const pending = httpRequestWithRetry(`${server.url}/abort`, { signal: controller.signal })
    setTimeout(() => controller.abort(), 200)
    const started = Date.now()
    await expect(pending).rejects.toBeInstanceOf(HttpAbortError)
    expect(Date.now() - started).toBeLessThan(2_000)
  })

  it('never retries other failures', async () => {
    server.setRoutes({ '/fail': [{ status: 503, body: { message: 'down' } }, { body: { ok: true } }] })
    await expect(httpRequestWithRetry(`${server.url}/fail`)).rejects.toMatchObject({ status: 503 })
    expect(server.requests.filter((request) => request.path === '/fail')).toHaveLength(1)
  })
})
