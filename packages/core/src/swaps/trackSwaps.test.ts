import { TransactionReceiptNotFoundError } from 'viem'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { depositedSwap } from '../../test/support/swapRecords.ts'
import { ChainUnreachableError } from '../errors/unreachableErrors.ts'
import type { RouteProvider } from '../providers/types.ts'
import type { DepositedSwap, SwapEvent, SwapRecord } from '../records/types.ts'
import { productionManifest } from '../setup/production.ts'
import { createSwapStore } from './swapStore.ts'
import { createTrackProblemStore } from './trackProblems.ts'
import { createSwapTracker, DepositNotMinedError, ProviderNotAvailableError, TrackTimeoutError } from './trackSwaps.ts'

const manifest = productionManifest()
const usdc = (chainId: number) => {
  const token = manifest.chains.find((chain) => chain.id === chainId)?.tokens.find((t) => t.kind === 'usdc')
  if (!token) throw new Error('no USDC')
  return { chainId, address: token.address, symbol: token.symbol, decimals: token.decimals, kind: token.kind }
}

function record(providerId: string): SwapRecord {
  // Each provider's swap its own deposit: one id or deposit shared by two records makes them one swap (`takeIn`).
  const digit = providerId === 'api' ? '2' : '1'
  return depositedSwap({
    key: `k-${providerId}`,
    id: `0x${digit.repeat(64)}`,
    providerId,
    providerName: providerId,
    origin: { token: usdc(42161), amount: '100000000' },
    // Base: 2 s blocks, so on-chain providers are looked at every second.
    destination: { token: usdc(8453), estimatedAmount: '99', minAmount: '99' },
    depositTx: `0x${digit.repeat(64)}`,
    depositedAt: 1,
  })
}

function fakeProvider(id: string, pollIntervalMs: number | undefined, updates: (SwapEvent | Promise<SwapEvent>)[]) {
  const track = vi.fn(async () => updates.shift() ?? { type: 'pending' as const })
  const provider = { id, name: id, track, ...(pollIntervalMs ? { pollIntervalMs } : {}) } as unknown as RouteProvider
  return { provider, track }
}

/** A deposited swap of each kind (with `deposit` for both), followed by one tracker. */
function trackApiAndChain(deposit: { depositedAt?: number; estimatedSeconds?: number }) {
  const api = fakeProvider('api', 10_000, [])
  const chain = fakeProvider('chain', undefined, [])
  const store = createSwapStore()
  store.getState().takeIn({ ...record('api'), ...deposit })
  store.getState().takeIn({ ...record('chain'), ...deposit })
  const tracker = createSwapTracker({
    store,
    manifest,
    providers: new Map([
      ['api', api.provider],
      ['chain', chain.provider],
    ]),
  })
  tracker.resume()
  return { api, chain, tracker }
}

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('createSwapTracker', () => {
  it("polls an API provider at its own pace, an on-chain one at the destination's block pace", async () => {
    // `record`'s deposit is long overdue (mined one second after the epoch): no one is watching for it any more.
    const { api, chain, tracker } = trackApiAndChain({})
    await vi.advanceTimersByTimeAsync(9_000)
    expect(api.track).toHaveBeenCalledTimes(1)
    expect(chain.track).toHaveBeenCalledTimes(10)
    await vi.advanceTimersByTimeAsync(1_500)
    expect(api.track).toHaveBeenCalledTimes(2)
    tracker.stop()
  })

  it('looks at a mined deposit four times per destination block while its delivery is due, and at the block pace once overdue', async () => {
    // Found by the bench: a gasless swap's Completed came up to a second after its delivery was mined, because a
    // mined deposit was looked at once per block (here once a second) while the person watched for the delivery.
    vi.setSystemTime(1_800_000_000_000)
    const { api, chain, tracker } = trackApiAndChain({ depositedAt: 1_800_000_000, estimatedSeconds: 4 })
    await vi.advanceTimersByTimeAsync(1_000)
    // Every 250 ms: a delivery mined in the next block is on screen at most 250 ms (and one look) later.
    expect(chain.track).toHaveBeenCalledTimes(5)
    // A bridge's service keeps its own pace (its rate limit) whatever the state.
    expect(api.track).toHaveBeenCalledTimes(1)
    // Overdue (4 s estimate + 10 s): the person is told it is late, and the chains are read once a block again.
    await vi.advanceTimersByTimeAsync(14_000)
    const looksWhenOverdue = chain.track.mock.calls.length
    await vi.advanceTimersByTimeAsync(3_000)
    expect(chain.track.mock.calls.length - looksWhenOverdue).toBe(3)
    expect(api.track).toHaveBeenCalledTimes(2)
    tracker.stop()
  })

  it('follows a provider-reported status detail to the final state', async () => {
    const api = fakeProvider('api', 10_000, [
      { type: 'providerRefunding', statusDetail: 'expired' },
      { type: 'refunded', statusDetail: 'refunded' },
    ])
    const store = createSwapStore()
    store.getState().takeIn(record('api'))
    const seen: unknown[] = []
    store.subscribe((state) => {
      const swap = state.swaps['k-api']
      if (swap) seen.push({ status: swap.status, statusDetail: swap.statusDetail })
    })
    const tracker = createSwapTracker({ store, manifest, providers: new Map([['api', api.provider]]) })
    tracker.resume()
    await vi.advanceTimersByTimeAsync(1)
    // A step forward is looked at again at once (not after the provider's 10 s): the refund was there already.
    expect(seen).toEqual([
      { status: 'providerRefunding', statusDetail: 'expired' },
      { status: 'refunded', statusDetail: 'refunded' },
    ])
    await vi.advanceTimersByTimeAsync(30_000)
    expect(api.track).toHaveBeenCalledTimes(2)
    tracker.stop()
  })

  it('never brings back a swap refunded while a look at the chains was under way', async () => {
    let answer: (event: SwapEvent) => void = () => undefined
    const slowLook = new Promise<SwapEvent>((resolve) => {
      answer = resolve
    })
    const chain = fakeProvider('chain', undefined, [{ type: 'deadlinePassed' }, slowLook])
    const store = createSwapStore()
    store.getState().takeIn(record('chain'))
    const tracker = createSwapTracker({ store, manifest, providers: new Map([['chain', chain.provider]]) })
    tracker.resume()
    await vi.advanceTimersByTimeAsync(1)
    expect(store.getState().swaps['k-chain']?.status).toBe('refundable')
    // The second look starts, the person's refund is mined, then the look answers with what it saw before.
    await vi.advanceTimersByTimeAsync(4_000)
    expect(chain.track).toHaveBeenCalledTimes(2)
    const refundTx = `0x${'2'.repeat(64)}` as const
    store.getState().apply('k-chain', { type: 'refunded', refundTx })
    answer({ type: 'deadlinePassed' })
    await vi.advanceTimersByTimeAsync(10_000)
    expect(store.getState().swaps['k-chain']).toMatchObject({ status: 'refunded', refundTx })
    // A refunded swap is final: tracking stopped.
    expect(chain.track).toHaveBeenCalledTimes(2)
    tracker.stop()
  })

  it('keeps a stored swap from being replaced by an older copy of itself', () => {
    const store = createSwapStore()
    const deposited = record('chain')
    store.getState().takeIn(deposited)
    store.getState().apply('k-chain', { type: 'delivered', receivedAmount: '99' })
    store.getState().takeIn(deposited)
    expect(store.getState().swaps['k-chain']?.status).toBe('completed')
  })
})

describe('createSwapTracker: a look that fails is said, not swallowed', () => {
  it('keeps the failing chain for the screens while it does not answer, and clears it once a look succeeds', async () => {
    const down = new ChainUnreachableError(8453, 'Base')
    const chain = fakeProvider('chain', undefined, [])
    chain.track.mockRejectedValueOnce(down).mockRejectedValueOnce(down)
    const store = createSwapStore()
    store.getState().takeIn(record('chain'))
    const problems = createTrackProblemStore()
    const tracker = createSwapTracker({ store, manifest, problems, providers: new Map([['chain', chain.provider]]) })
    tracker.resume()
    await vi.advanceTimersByTimeAsync(1)
    expect(problems.getState().problems['k-chain']).toMatchObject({ error: down, failures: 1 })
    const since = problems.getState().problems['k-chain']?.since
    await vi.advanceTimersByTimeAsync(1_000)
    // Still down: the same problem, counted, from the same moment.
    expect(problems.getState().problems['k-chain']).toMatchObject({ error: down, failures: 2, since })
    await vi.advanceTimersByTimeAsync(1_000)
    expect(problems.getState().problems['k-chain']).toBeUndefined()
    tracker.stop()
  })

  it('ends a look that hangs after its time bound, says so, and looks again', async () => {
    const hanging = new Promise<SwapEvent>(() => undefined)
    const chain = fakeProvider('chain', undefined, [hanging, { type: 'delivered', receivedAmount: '99' }])
    const store = createSwapStore()
    store.getState().takeIn(record('chain'))
    const problems = createTrackProblemStore()
    const tracker = createSwapTracker({
      store,
      manifest,
      problems,
      lookTimeoutMs: 5_000,
      providers: new Map([['chain', chain.provider]]),
    })
    tracker.resume()
    await vi.advanceTimersByTimeAsync(5_001)
    expect(problems.getState().problems['k-chain']?.error).toBeInstanceOf(TrackTimeoutError)
    await vi.advanceTimersByTimeAsync(1_000)
    expect(store.getState().swaps['k-chain']?.status).toBe('completed')
    expect(problems.getState().problems['k-chain']).toBeUndefined()
    tracker.stop()
  })

  it('does not call the wait for a deposit receipt a problem, but does a chain that does not answer', async () => {
    const signing = {
      ...record('chain'),
      status: 'signing',
      phase: 'depositing',
      id: 'k-chain',
      depositTx: `0x${'1'.repeat(64)}`,
      // Sent just now: its receipt not there yet is the normal wait.
      updatedAt: Date.now(),
    } as SwapRecord
    const onDepositMined = vi
      .fn()
      .mockRejectedValueOnce(new Error('receipt not found'))
      .mockRejectedValueOnce(new ChainUnreachableError(42161, 'Arbitrum One'))
      .mockResolvedValue({ type: 'pending' })
    const provider = { id: 'chain', name: 'chain', onDepositMined } as unknown as RouteProvider
    const store = createSwapStore()
    store.getState().takeIn(signing)
    const problems = createTrackProblemStore()
    const tracker = createSwapTracker({ store, manifest, problems, providers: new Map([['chain', provider]]) })
    tracker.resume()
    await vi.advanceTimersByTimeAsync(1)
    expect(problems.getState().problems['k-chain']).toBeUndefined()
    // A sent deposit is looked at four times as often as the destination's blocks, every 250 ms at most (here 250).
    await vi.advanceTimersByTimeAsync(248)
    expect(onDepositMined).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(problems.getState().problems['k-chain']?.error).toBeInstanceOf(ChainUnreachableError)
    await vi.advanceTimersByTimeAsync(250)
    expect(problems.getState().problems['k-chain']).toBeUndefined()
    expect(onDepositMined).toHaveBeenCalledTimes(3)
    tracker.stop()
  })
})

describe('a swap whose bridge this app no longer runs', () => {
  it('says it is not followed here, instead of "Swapping…" in silence', async () => {
    const store = createSwapStore()
    store.getState().takeIn(record('lifi'))
    const problems = createTrackProblemStore()
    // LI.FI is not among the providers (its module is off in this config, or its service left the manifest).
    const tracker = createSwapTracker({ store, manifest, providers: new Map(), problems })
    tracker.resume()
    await vi.advanceTimersByTimeAsync(60_000)
    tracker.stop()
    expect(store.getState().swaps['k-lifi']?.status).toBe('deposited')
    expect(problems.getState().problems['k-lifi']?.error).toBeInstanceOf(ProviderNotAvailableError)
  })
})

describe('a sent deposit that is never mined', () => {
  it('is said to be unmined (dropped or replaced in the wallet) after ten minutes, and still looked for', async () => {
    const store = createSwapStore()
    const sentAt = Date.now()
    const { depositedAt: _d, ...sent } = record('pool') as DepositedSwap
    store.getState().takeIn({ ...sent, status: 'signing', phase: 'depositing', updatedAt: sentAt } as SwapRecord)
    const problems = createTrackProblemStore()
    // Its receipt never comes (the wallet dropped it, or replaced it while the page was closed).
    const onDepositMined = vi.fn(async () => {
      throw new TransactionReceiptNotFoundError({ hash: sent.depositTx })
    })
    const provider = { id: 'pool', onDepositMined } as unknown as RouteProvider
    const tracker = createSwapTracker({ store, manifest, providers: new Map([['pool', provider]]), problems })
    tracker.track('k-pool')
    await vi.advanceTimersByTimeAsync(9 * 60_000)
    expect(problems.getState().problems['k-pool']).toBeUndefined()
    await vi.advanceTimersByTimeAsync(2 * 60_000)
    expect(problems.getState().problems['k-pool']?.error).toBeInstanceOf(DepositNotMinedError)
    const looks = onDepositMined.mock.calls.length
    await vi.advanceTimersByTimeAsync(60_000)
    expect(onDepositMined.mock.calls.length).toBeGreaterThan(looks)
    tracker.stop()
  })
})
