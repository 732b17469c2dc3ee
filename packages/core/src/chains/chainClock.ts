/**
 * How far each chain's clock is from this device's, learnt from the latest blocks the app reads anyway (a swap's
 * look at its destination). Deadlines, deposit times and refunds are the chains' times: a device whose clock is
 * minutes off (set by hand, resumed from sleep) would otherwise count them wrong ("taking longer than usual" for a
 * swap sent seconds ago, a refund countdown that ends in a jump).
 */
export type ChainClock = {
  /** A latest block of `chainId` seen just now, with its timestamp (seconds). */
  observe: (chainId: number, blockTimestamp: number | bigint) => void
  /** Seconds to add to this device's clock to read `chainId`'s: 0 until one of its blocks is seen, or while in step. */
  offset: (chainId: number) => number
}

/**
 * Below this the two clocks are taken as in step: a latest block is up to a block time old, and block timestamps
 * are themselves a little free. Counting that difference would only make a countdown jump at each look.
 */
export const IN_STEP_SECONDS = 60

export function createChainClock(now: () => number = Date.now): ChainClock {
  const offsets = new Map<number, number>()
  return {
    observe: (chainId, blockTimestamp) => {
      const ahead = Number(blockTimestamp) - now() / 1000
      if (Number.isFinite(ahead)) offsets.set(chainId, Math.abs(ahead) < IN_STEP_SECONDS ? 0 : Math.round(ahead))
    },
    offset: (chainId) => offsets.get(chainId) ?? 0,
  }
}
