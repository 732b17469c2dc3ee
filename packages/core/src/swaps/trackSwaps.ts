import type { StoreApi } from 'zustand/vanilla'
import { type ChainClock, ChainStalledError } from '../chains/chainClock.ts'
import { withTimeout } from '../chains/readChain.ts'
import type { Manifest } from '../config/manifest.ts'
import { chainName, getManifestChain } from '../config/manifest.ts'
import { MultiBridgeError, walkError } from '../errors/MultiBridgeError.ts'
import type { RouteProvider } from '../providers/types.ts'
import { isGaslessSwap } from '../records/swapRecord.ts'
import { handedOver, isFinalSwapStatus, isOverdue, type SwapEvent, type SwapRecord } from '../records/types.ts'
import type { SwapStoreState } from './swapStore.ts'
import { isUnreachable, type TrackProblemsState } from './trackProblems.ts'

/** A look that did not end in time (each of its reads is bounded too: this is the backstop). */
export class TrackTimeoutError extends MultiBridgeError {
  override name = 'TrackTimeoutError'
  constructor(readonly timeoutMs: number) {
    super(`A look at the swap took more than ${timeoutMs} ms`, { code: 'trackTimeout' })
  }
}

/**
 * The swap's bridge is not among the providers this app runs now (its module is off in this config, or its service
 * left the manifest): nothing here follows it, and the person is told so rather than left with "Swapping…".
 */
export class ProviderNotAvailableError extends MultiBridgeError {
  override name = 'ProviderNotAvailableError'
  constructor(readonly providerName: string) {
    super(`${providerName} is not available in this app now`, { code: 'providerNotAvailable' })
  }
}

/**
 * A sent deposit not mined after this long: the wallet may have dropped it or replaced it (sped up or cancelled
 * while this page was closed). Said, and still looked for.
 */
export class DepositNotMinedError extends MultiBridgeError {
  override name = 'DepositNotMinedError'
  constructor(
    readonly hash: string,
    readonly minutes: number,
  ) {
    super(`The deposit ${hash} is not mined after ${minutes} minutes`, { code: 'depositNotMined' })
  }
}

/**
 * viem's "no receipt for this hash (yet)", by its name: its class is not imported here, as this file is in the start-up
 * code and viem's errors are in a later file (a start-up import of it made the two files wait on each other).
 */
const isReceiptNotFound = (error: unknown) =>
  (error as { name?: unknown } | null)?.name === 'TransactionReceiptNotFoundError'

/** The look that may move a swap along, or none when nothing on chain can. */
function look(provider: RouteProvider, record: SwapRecord): (() => Promise<SwapEvent>) | undefined {
  if (record.status === 'failed') return undefined
  if (record.status !== 'signing') return () => provider.track(record)
  const { depositTx } = record
  if (depositTx) return () => provider.onDepositMined({ ...record, depositTx })
  // A swap whose deposit was never sent has nothing on chain to follow; nor has a batch the wallet accepted, whose hash
  // only the wallet knows. A gasless order given to the solver without an answer is followed by its id.
  const followOrder = provider.followSignedOrder
  if (handedOver(record)?.kind !== 'gaslessOrder' || !followOrder) return undefined
  return () => followOrder.call(provider, record)
}

/** How long a sent deposit may wait for its block before it is said to (see `DepositNotMinedError`). */
const UNMINED_DEPOSIT_MS = 10 * 60_000

const LOOK_TIMEOUT_MS = 30_000

export type SwapTracker = {
  /** Follows every unfinished swap in the store (call after a reload too). */
  resume: () => void
  track: (key: string) => void
  stop: () => void
}

export type SwapTrackerParameters = {
  store: StoreApi<SwapStoreState>
  providers: ReadonlyMap<string, RouteProvider>
  manifest: Manifest
  /** Called after each failed look (RPC down…); tracking goes on. */
  onError?: (error: unknown, record: SwapRecord) => void
  /**
   * Where the failing looks are kept while they fail (see `TrackProblemsState`), so the screens can say which
   * chain or service does not answer instead of staying silent. Cleared by the next look that succeeds.
   */
  problems?: StoreApi<TrackProblemsState>
  /**
   * The chains' clocks the providers' looks keep (`ChainClock`): a destination that answers but makes no new block is
   * a problem of its swaps (`ChainStalledError`), though every look succeeds.
   */
  clock?: ChainClock
  /** The longest one look may take (default 30 s). */
  lookTimeoutMs?: number
}

/** Keeps a swap's failing look in `problems` (counting the failures since the first), or clears it (`undefined`). */
function problemWriter(problems: StoreApi<TrackProblemsState> | undefined) {
  return (key: string, error: unknown | undefined) => {
    if (!problems) return
    const current = problems.getState().problems[key]
    if (error === undefined) {
      if (!current) return
      const { [key]: _gone, ...rest } = problems.getState().problems
      problems.setState({ problems: rest })
      return
    }
    problems.setState({
      problems: {
        ...problems.getState().problems,
        [key]: { error, since: current?.since ?? Date.now(), failures: (current?.failures ?? 0) + 1 },
      },
    })
  }
}

/** The swap's destination, when it answers but has made no new block for a while (see `ChainClock.stalledSince`). */
function stalledDestination(
  { clock, manifest }: Pick<SwapTrackerParameters, 'clock' | 'manifest'>,
  record: SwapRecord,
): ChainStalledError | undefined {
  const chainId = record.destination.token.chainId
  const since = clock?.stalledSince(chainId)
  if (since === undefined) return undefined
  const name = chainName(manifest, chainId)
  return new ChainStalledError(chainId, name, Math.max(1, Math.floor((Date.now() / 1000 - since) / 60)))
}

/** How long until the next look at a swap: its provider's own pace, else its destination's blocks, by its state. */
function lookInterval(
  { manifest, providers }: Pick<SwapTrackerParameters, 'manifest' | 'providers'>,
  record: SwapRecord,
) {
  const blockTime = getManifestChain(manifest, record.destination.token.chainId)?.blockTime ?? 2
  const ownPace = providers.get(record.providerId)?.pollIntervalMs
  const base = ownPace ?? Math.max(500, Math.min(blockTime * 500, 5_000))
  // A refundable swap changes only when someone refunds it, a failed transfer only when the provider
  // recovers it: look less often. A sent deposit (or a gasless open, whose delivery may come first) is the moment
  // the person watches: look four times as often, every 250 ms at most (a look every 500 ms showed a delivery
  // 250 ms late on average, and a gasless swap's Completed either 1.6 s or 2.1 s after its signature). So is a
  // mined deposit read from the chains until its delivery is overdue (a look once a block showed a gasless swap's
  // Completed up to a second after its delivery); a bridge's service keeps its own pace there (its rate limit).
  if (record.status === 'refundable' || record.status === 'providerFailed') return base * 4
  const watched =
    record.status === 'signing' || (record.status === 'deposited' && ownPace === undefined && !isOverdue(record))
  return watched ? Math.max(250, base / 4) : base
}

/**
 * What a failed look is to the person, if anything. A deposit whose receipt is not there yet is the normal wait, not
 * a problem; a chain that is down is, and so is a deposit still not mined long after it was sent (dropped, or
 * replaced in the wallet while this page was closed): the look goes on, and the problem clears if it is mined after
 * all. Undefined: the problem kept stays as it is.
 */
function failedLookProblem(record: SwapRecord, error: unknown): unknown | undefined {
  if (record.status !== 'signing' || isUnreachable(error)) return error
  if (
    Date.now() - record.updatedAt > UNMINED_DEPOSIT_MS &&
    record.depositTx &&
    // The person's own deposit (a gasless open is the solver's to send), whose receipt is not there.
    !isGaslessSwap(record) &&
    walkError(error, isReceiptNotFound) !== undefined
  ) {
    return new DepositNotMinedError(record.depositTx, Math.round((Date.now() - record.updatedAt) / 60_000))
  }
  return undefined
}

/**
 * Follows swaps from receipts and events on both chains (or the provider's API) to a final state, polling at
 * the pace of the destination chain's blocks. Each look is an event applied by the state machine.
 */
export function createSwapTracker(parameters: SwapTrackerParameters): SwapTracker {
  const running = new Map<string, AbortController>()
  const lookTimeoutMs = parameters.lookTimeoutMs ?? LOOK_TIMEOUT_MS
  const setProblem = problemWriter(parameters.problems)

  async function follow(key: string, signal: AbortSignal) {
    let lookedAgain = false
    while (!signal.aborted) {
      const record = parameters.store.getState().swaps[key]
      if (!record || record.status === 'failed' || isFinalSwapStatus(record.status)) break
      const provider = parameters.providers.get(record.providerId)
      if (!provider) {
        running.delete(key)
        setProblem(key, new ProviderNotAvailableError(record.providerName))
        return
      }
      const lookAt = look(provider, record)
      if (!lookAt) break
      try {
        const event = await withTimeout(lookAt(), lookTimeoutMs, () => new TrackTimeoutError(lookTimeoutMs))
        if (signal.aborted) break
        // Through the state machine, against the latest copy: a look that started before a refund was mined
        // cannot take the swap back.
        parameters.store.getState().apply(key, event)
        // A look that succeeds clears the problem, unless the destination has stopped making blocks.
        setProblem(key, stalledDestination(parameters, record))
        // A step forward (mined, delivered first…) is looked at again at once, once: the next may be there already.
        const moved = parameters.store.getState().swaps[key]?.status !== record.status
        lookedAgain = moved && !lookedAgain
        if (lookedAgain) continue
      } catch (error) {
        const problem = failedLookProblem(record, error)
        if (problem !== undefined) setProblem(key, problem)
        parameters.onError?.(error, record)
      }
      await new Promise((resolve) => setTimeout(resolve, lookInterval(parameters, record)))
    }
    running.delete(key)
    setProblem(key, undefined)
  }

  const track = (key: string) => {
    if (running.has(key)) return
    const controller = new AbortController()
    running.set(key, controller)
    void follow(key, controller.signal)
  }

  return {
    track,
    resume: () => {
      for (const record of Object.values(parameters.store.getState().swaps)) {
        if (!isFinalSwapStatus(record.status)) track(record.key)
      }
    },
    stop: () => {
      for (const controller of running.values()) controller.abort()
      running.clear()
    },
  }
}
