import type { Manifest, ProviderOutcome, QuoteRequest, RouteProvider } from '@multi-bridge/core'
import { environmentManager, focusManager, QueryClient, QueryObserver } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { RefreshPause } from './quoteRefresh.ts'
import { routesQueryOptions } from './routesQuery.ts'

const token = (chainId: number) => ({
  chainId,
  address: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831' as const,
  symbol: 'USDC',
  decimals: 6,
  kind: 'usdc' as const,
})
const ACCOUNT = '0x00000000000000000000000000000000000000aa'
const request: QuoteRequest = {
  origin: token(42161),
  destination: token(8453),
  amount: 100_000_000n,
  sender: ACCOUNT,
  recipient: ACCOUNT,
}
const manifest = { services: {}, providers: { lifi: {}, across: {} } } as unknown as Manifest

/** A provider that answers "no route" at once and counts how often it was asked. */
function fakeProvider(id: string) {
  const provider = { id, name: id, asked: 0, getQuote: async () => void provider.asked++ }
  return provider
}

let client: QueryClient
let pause: RefreshPause
const lifi = fakeProvider('lifi')
const across = fakeProvider('across')

/** The form's routes query, observed as `useQuery` does; `rerender` applies the options again (a React render). */
function observeRoutes() {
  const options = () =>
    routesQueryOptions({
      request,
      manifest,
      loadProviders: async () => [lifi, across] as unknown as RouteProvider[],
      pause: () => pause,
    })
  const observer = new QueryObserver<ProviderOutcome[]>(client, options())
  const unsubscribe = observer.subscribe(() => {})
  return { observer, unsubscribe, rerender: () => observer.setOptions(options()) }
}

/** Lets the timers run for `ms` and the fetches they start settle. */
async function wait(ms: number) {
  await vi.advanceTimersByTimeAsync(ms)
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date', 'performance'] })
  // As in the browser: TanStack runs no timers where it thinks it renders on a server (node without `window`).
  environmentManager.setIsServer(() => false)
  client = new QueryClient()
  client.mount()
  pause = undefined
  lifi.asked = 0
  across.asked = 0
})

afterEach(() => {
  client.unmount()
  client.clear()
  focusManager.setFocused(undefined)
  environmentManager.setIsServer(() => typeof window === 'undefined')
  vi.useRealTimers()
})

describe('routesQueryOptions', () => {
  it('refreshes every 20 s while the page is used, asking LI.FI no more than once per 96 s, keeping its answer', async () => {
    const { observer, unsubscribe } = observeRoutes()
    await wait(10)
    expect([lifi.asked, across.asked]).toEqual([1, 1])
    await wait(20_000)
    expect([lifi.asked, across.asked]).toEqual([1, 2])
    expect(
      observer
        .getCurrentResult()
        .data?.map((outcome) => outcome.providerId)
        .sort(),
    ).toEqual(['across', 'lifi'])
    await wait(80_000) // 100 s: five refreshes, LI.FI asked again once its 96 s are up
    expect([lifi.asked, across.asked]).toEqual([2, 6])
    // Over two hours LI.FI stays within its 75 quotes.
    await wait(2 * 60 * 60 * 1_000 - 100_010)
    expect(lifi.asked).toBeLessThanOrEqual(75)
    expect(across.asked).toBeGreaterThan(300)
    unsubscribe()
  })

  it('does not refresh in a hidden tab; back in view, it refreshes at once when the quotes aged', async () => {
    const { unsubscribe, rerender } = observeRoutes()
    await wait(10)
    focusManager.setFocused(false)
    pause = 'hidden'
    rerender()
    await wait(5 * 60_000)
    expect(across.asked).toBe(1)
    // The tab is seen again (TanStack hears it first; the page's own state follows).
    focusManager.setFocused(true)
    await wait(10)
    expect(across.asked).toBe(2)
    pause = undefined
    rerender()
    await wait(20_000)
    expect(across.asked).toBe(3)
    unsubscribe()
  })

  it('stops refreshing after a minute without input, also on coming back to the tab, until input resumes it', async () => {
    const { unsubscribe, rerender } = observeRoutes()
    await wait(10)
    pause = 'idle'
    rerender()
    await wait(10 * 60_000)
    expect(across.asked).toBe(1)
    focusManager.setFocused(false)
    focusManager.setFocused(true)
    await wait(10)
    expect(across.asked).toBe(1)
    pause = undefined
    rerender()
    await wait(20_000)
    expect(across.asked).toBe(2)
    unsubscribe()
  })
})
