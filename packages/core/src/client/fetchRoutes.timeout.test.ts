import type { Address } from 'viem'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ChainUnreachableError, ProviderTimeoutError } from '../errors/unreachableErrors.ts'
import type { RouteProvider } from '../providers/types.ts'
import type { QuoteRequest, Route, TokenRef } from '../routes/types.ts'
import { fetchRoutes, QUOTE_TIMEOUT_MS } from './fetchRoutes.ts'

const ACCOUNT: Address = '0x8ba1f109551bD432803012645Ac136ddd64DBA72'
const token = (chainId: number): TokenRef => ({
  chainId,
  address: '0x00000000000000000000000000000000000000a1',
  symbol: 'USDC',
  decimals: 6,
  kind: 'usdc',
})
const request: QuoteRequest = {
  origin: token(1),
  destination: token(3),
  amount: 1n,
  sender: ACCOUNT,
  recipient: ACCOUNT,
}
const route = { id: 'r', providerId: 'fast', minOutputAmount: 1n, outputAmount: 1n, estimatedSeconds: 5 } as Route

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('fetchRoutes: every quote is bounded in time', () => {
  it('ends a provider that never answers, cancelling its calls, while the others’ routes arrive', async () => {
    let signal: AbortSignal | undefined
    const hanging = {
      id: 'hang',
      name: 'Liquidity Pool Bridge',
      getQuote: (_request: QuoteRequest, options?: { signal?: AbortSignal }) => {
        signal = options?.signal
        return new Promise<never>(() => undefined)
      },
    } as unknown as RouteProvider
    const fast = { id: 'fast', name: 'Intent Bridge', getQuote: async () => route } as unknown as RouteProvider
    const updates: string[] = []
    const fetched = fetchRoutes({
      request,
      providers: [hanging, fast],
      onUpdate: (_ranked, outcome) => updates.push(`${outcome.providerId}:${outcome.status}`),
    })
    await vi.advanceTimersByTimeAsync(1)
    expect(updates).toEqual(['fast:route'])
    await vi.advanceTimersByTimeAsync(QUOTE_TIMEOUT_MS)
    const { routes, outcomes } = await fetched
    expect(routes).toEqual([route])
    const ended = outcomes.find((outcome) => outcome.providerId === 'hang')
    expect(ended).toMatchObject({ status: 'error', error: expect.any(ProviderTimeoutError) })
    expect(signal?.aborted).toBe(true)
  })

  it('keeps the chain a provider named when its own read gave up first', async () => {
    const down = new ChainUnreachableError(3, 'Local Chain C')
    const pool = { id: 'pool', name: 'Liquidity Pool Bridge', getQuote: () => Promise.reject(down) } as never
    const { outcomes } = await fetchRoutes({ request, providers: [pool] })
    expect(outcomes[0]).toMatchObject({ status: 'error', error: down })
  })

  it('cancels each provider when the request goes stale', async () => {
    const stale = new AbortController()
    let signal: AbortSignal | undefined
    const provider = {
      id: 'p',
      name: 'P',
      getQuote: (_request: QuoteRequest, options?: { signal?: AbortSignal }) => {
        signal = options?.signal
        return new Promise<never>(() => undefined)
      },
    } as unknown as RouteProvider
    void fetchRoutes({ request, providers: [provider], signal: stale.signal }).catch(() => undefined)
    await vi.advanceTimersByTimeAsync(1)
    stale.abort()
    expect(signal?.aborted).toBe(true)
  })
})

it('asks every provider in the same tick, and keeps one that throws at once to itself', async () => {
  const asked: string[] = []
  const throws = {
    id: 'throws',
    name: 'Throws',
    getQuote: () => {
      asked.push('throws')
      throw new Error('no')
    },
  } as unknown as RouteProvider
  const fast = {
    id: 'fast',
    name: 'Intent Bridge',
    getQuote: async () => {
      asked.push('fast')
      return route
    },
  } as unknown as RouteProvider
  const fetched = fetchRoutes({ request, providers: [throws, fast] })
  expect(asked).toEqual(['throws', 'fast'])
  const { routes, outcomes } = await fetched
  expect(routes).toEqual([route])
  expect(outcomes.find((outcome) => outcome.providerId === 'throws')?.status).toBe('error')
})
