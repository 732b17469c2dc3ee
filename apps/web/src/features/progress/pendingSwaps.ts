import { isSwapSent, listSwaps, type SwapRecord, type TrackProblem } from '@multi-bridge/core'
import { isStatusUnknown } from '../history/index.ts'

/**
 * Whether a swap is still under way with the person's money in it: its deposit sent (signing with a deposit
 * transaction or handed over to the wallet or the solver, or mined), a provider refunding it, or waiting for the person's refund. Not a review never sent,
 * nor a swap that ended (completed, refunded, failed), nor one its provider reports failed (History shows those).
 */
export function isPendingSwap(record: SwapRecord): boolean {
  switch (record.status) {
    case 'signing':
      return isSwapSent(record) // a deposit sent, or handed over without its hash yet
    case 'deposited':
    case 'providerRefunding':
    case 'refundable':
      return true
    default:
      return false
  }
}

type Problems = Readonly<Record<string, TrackProblem>>

/**
 * The pending swaps of History, newest first; not a swap restored from chain whose state cannot be read now
 * (`isStatusUnknown`): nothing says it is under way.
 */
export const pendingSwaps = (swaps: Readonly<Record<string, SwapRecord>>, problems: Problems = {}): SwapRecord[] =>
  listSwaps({ swaps }).filter((swap) => isPendingSwap(swap) && !isStatusUnknown(swap, problems[swap.key]))

/** The keys of the pending swaps, newest first, joined: a stable value for a store selector. */
export const pendingSwapKeys = (swaps: Readonly<Record<string, SwapRecord>>, problems: Problems = {}): string =>
  pendingSwaps(swaps, problems)
    .map((swap) => swap.key)
    .join('\n')
