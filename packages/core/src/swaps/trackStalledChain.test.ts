import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { depositedSwap } from '../../test/support/swapRecords.ts'
import { ChainStalledError, createChainClock } from '../chains/chainClock.ts'
import type { RouteProvider } from '../providers/types.ts'
import { productionManifest } from '../setup/production.ts'
import { createSwapStore } from './swapStore.ts'
import { createTrackProblemStore } from './trackProblems.ts'
import { createSwapTracker } from './trackSwaps.ts'

/**
 * A destination that answers every look but has stopped making blocks (a sequencer outage, a node whose mining
 * stopped): every look succeeds, so no look fails; the tracker still says which network the swap waits for, and for
 * how long, from the chains' clock the looks keep.
 */
const manifest = productionManifest()
const BASE = 8453
const usdc = (chainId: number) => {
  const token = manifest.chains.find((chain) => chain.id === chainId)?.tokens.find((t) => t.kind === 'usdc')
  if (!token) throw new Error('no USDC')
  return { chainId, address: token.address, symbol: token.symbol, decimals: token.decimals, kind: token.kind }
}

const T0 = 1_800_000_000
const swap = depositedSwap({
  key: 'k',
  providerId: 'chain',
  providerName: 'chain',
  origin: { token: usdc(42161), amount: '100000000' },
  destination: { token: usdc(BASE), estimatedAmount: '99', minAmount: '99' },
  depositedAt: T0 - 2,
})

beforeEach(() => {
  vi.useFakeTimers()
  vi.setSystemTime((T0 + 1) * 1000)
})
afterEach(() => vi.useRealTimers())

describe('a destination chain that stopped making blocks', () => {
  it('is a problem of its swap, named with its minutes, though every look succeeds; gone once a block comes', async () => {
    // Base's 2 s blocks: 5 of them are under the minute a stall needs at least.
    const clock = createChainClock(
      Date.now,
      (chainId) => manifest.chains.find((chain) => chain.id === chainId)?.blockTime,
    )
    let head = T0
    // A provider's look reads the destination's latest block (as the escrow bridges do) and finds no delivery yet.
    const track = vi.fn(async () => {
      clock.observe(BASE, head)
      return { type: 'pending' as const }
    })
    const provider = { id: 'chain', name: 'chain', track } as unknown as RouteProvider
    const store = createSwapStore()
    store.getState().takeIn(swap)
    const problems = createTrackProblemStore()
    const tracker = createSwapTracker({ store, manifest, problems, clock, providers: new Map([['chain', provider]]) })
    tracker.resume()

    await vi.advanceTimersByTimeAsync(30_000)
    expect(problems.getState().problems.k).toBeUndefined()
    await vi.advanceTimersByTimeAsync(5 * 60_000)
    const problem = problems.getState().problems.k
    expect(problem?.error).toBeInstanceOf(ChainStalledError)
    expect(problem?.error).toMatchObject({ chainId: BASE, chainName: 'Base', minutes: 5 })

    // Base makes a block again: the next look clears it.
    head = Math.floor(Date.now() / 1000)
    await vi.advanceTimersByTimeAsync(5_000)
    expect(problems.getState().problems.k).toBeUndefined()
    tracker.stop()
  })
})
