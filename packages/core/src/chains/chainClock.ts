import { MultiBridgeError } from '../errors/MultiBridgeError.ts'

/**
 * How far each chain's clock is from this device's, learnt from the latest blocks the app reads anyway (a swap's
 * look at its destination). Deadlines, deposit times and refunds are the chains' times: a device whose clock is
 * minutes off (set by hand, resumed from sleep) would otherwise count them wrong ("taking longer than usual" for a
 * swap sent seconds ago, a refund countdown that ends in a jump).
 *
 * A chain that stops making blocks while its RPC still answers (a sequencer outage, a node whose mining stopped) shows
 * the same latest block at every look: that block says nothing new about its clock, so the chain's time keeps running
 * with the device's at the offset learnt before (elapsed times, "taking longer than usual" and refund countdowns do
 * not freeze), and the chain is said to have stalled (`stalledSince`).
 */
export type ChainClock = {
  /** A latest block of `chainId` seen just now, with its timestamp (seconds). */
  observe: (chainId: number, blockTimestamp: number | bigint) => void
  /** Seconds to add to this device's clock to read `chainId`'s: 0 until one of its blocks is seen, or while in step. */
  offset: (chainId: number) => number
  /**
   * Since when (this device's epoch seconds: the time of its latest block) `chainId` has made no new block, once its
   * latest block has stayed the same while this device's clock ran on for more than a few of its block times
   * (`STALL_BLOCKS`, at least `MIN_STALL_SECONDS`); undefined while it makes blocks, or before it is seen.
   */
  stalledSince: (chainId: number) => number | undefined
}

/**
 * Below this the two clocks are taken as in step: a latest block is up to a block time old, and block timestamps
 * are themselves a little free. Counting that difference would only make a countdown jump at each look.
 */
export const IN_STEP_SECONDS = 60

/** A latest block unchanged for this many block times (of device time) is a chain that stopped making blocks. */
export const STALL_BLOCKS = 5
/** ...and never less than this: a look or two late, or a slow block, is not a stalled chain. */
export const MIN_STALL_SECONDS = 60

/**
 * A chain that answers but has made no new block for `minutes` (see `ChainClock.stalledSince`): a swap that waits for
 * it waits as long as it stays so, and the person is told which network it is, rather than left with a spinner.
 */
export class ChainStalledError extends MultiBridgeError {
  override name = 'ChainStalledError'
  constructor(
    readonly chainId: number,
    readonly chainName: string,
    readonly minutes: number,
  ) {
    super(`${chainName} (${chainId}) has made no new block for ${minutes} min`, { code: 'chainStalled' })
  }
}

type Seen = {
  /** The offset learnt from the latest block when it was first seen. */
  offset: number
  /** That block's timestamp, and the device's time when it was first seen (seconds). */
  timestamp: number
  firstSeenAt: number
  stalledSince?: number
}

/**
 * The clock of every chain, read against `now` (this device's, epoch ms). `blockTime` gives a chain's block time in
 * seconds (the manifest's), to tell a stalled chain from a slow one; unknown, `MIN_STALL_SECONDS` alone.
 */
export function createChainClock(
  now: () => number = Date.now,
  blockTime: (chainId: number) => number | undefined = () => undefined,
): ChainClock {
  const chains = new Map<number, Seen>()
  return {
    observe: (chainId, blockTimestamp) => {
      const timestamp = Number(blockTimestamp)
      const deviceNow = now() / 1000
      if (!Number.isFinite(timestamp) || !Number.isFinite(deviceNow)) return
      const seen = chains.get(chainId)
      if (seen && timestamp <= seen.timestamp) {
        // The same latest block (or an older one, from a node behind): the offset stays as learnt, the device's
        // clock runs on. Unchanged for more than a few block times: the chain has stopped making blocks.
        const limit = Math.max(STALL_BLOCKS * (blockTime(chainId) ?? 0), MIN_STALL_SECONDS)
        if (seen.stalledSince === undefined && deviceNow - seen.firstSeenAt > limit) {
          seen.stalledSince = seen.timestamp - seen.offset
        }
        return
      }
      const ahead = timestamp - deviceNow
      const offset = Math.abs(ahead) < IN_STEP_SECONDS ? 0 : Math.round(ahead)
      chains.set(chainId, { offset, timestamp, firstSeenAt: deviceNow })
    },
    offset: (chainId) => chains.get(chainId)?.offset ?? 0,
    stalledSince: (chainId) => chains.get(chainId)?.stalledSince,
  }
}
