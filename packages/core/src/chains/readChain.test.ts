import { HttpRequestError, TimeoutError } from 'viem'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ChainUnreachableError } from '../errors/unreachableErrors.ts'
import { CHAIN_READ_TIMEOUT_MS, readChain, withTimeout } from './readChain.ts'

const chainC = { id: 1337003, name: 'Local Chain C' }
const never = () => new Promise<never>(() => undefined)

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('readChain', () => {
  it('names the chain whose RPC hangs, once its time bound has passed, not 40 s of retries later', async () => {
    const read = readChain(chainC, never)
    const outcome = read.catch((error: unknown) => error)
    await vi.advanceTimersByTimeAsync(CHAIN_READ_TIMEOUT_MS - 1)
    let settled = false
    void outcome.then(() => {
      settled = true
    })
    await vi.advanceTimersByTimeAsync(0)
    expect(settled).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    const error = await outcome
    expect(error).toBeInstanceOf(ChainUnreachableError)
    expect(error).toMatchObject({ chainId: 1337003, chainName: 'Local Chain C', code: 'chainUnreachable' })
  })

  it("calls a transport failure (refused, 429, viem's own time-out) the chain's, with the cause kept", async () => {
    const refused = new HttpRequestError({ url: 'http://127.0.0.1:8547', status: 429, details: 'rate limited' })
    await expect(readChain(chainC, () => Promise.reject(refused))).rejects.toMatchObject({
      chainId: 1337003,
      cause: refused,
    })
    const timedOut = new TimeoutError({ body: {}, url: 'http://127.0.0.1:8547' })
    await expect(readChain(chainC, () => Promise.reject(timedOut))).rejects.toBeInstanceOf(ChainUnreachableError)
  })

  it('passes an answer through, and an error that is an answer (a revert) as it is', async () => {
    await expect(readChain(chainC, async () => 42n)).resolves.toBe(42n)
    const revert = new Error('execution reverted')
    await expect(readChain(chainC, () => Promise.reject(revert))).rejects.toBe(revert)
  })
})

describe('withTimeout', () => {
  it("gives the work's answer when it comes first, and clears its timer", async () => {
    await expect(withTimeout(Promise.resolve('ok'), 1_000, () => new Error('late'))).resolves.toBe('ok')
    expect(vi.getTimerCount()).toBe(0)
  })

  it('ignores a failure that comes after the time-out (no unhandled rejection)', async () => {
    let fail: (error: Error) => void = () => undefined
    const work = new Promise<never>((_, reject) => {
      fail = reject
    })
    const outcome = withTimeout(work, 100, () => new Error('late')).catch((error: Error) => error.message)
    await vi.advanceTimersByTimeAsync(100)
    expect(await outcome).toBe('late')
    fail(new Error('after'))
    await vi.advanceTimersByTimeAsync(0)
  })
})
