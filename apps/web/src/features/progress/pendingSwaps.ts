import { isSwapSent, listSwaps, type SwapRecord } from '@multi-bridge/core'

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

/** The pending swaps of History, newest first. */
export const pendingSwaps = (swaps: Readonly<Record<string, SwapRecord>>): SwapRecord[] =>
  listSwaps({ swaps }).filter(isPendingSwap)

/** The keys of the pending swaps, newest first, joined: a stable value for a store selector. */
export const pendingSwapKeys = (swaps: Readonly<Record<string, SwapRecord>>): string =>
  pendingSwaps(swaps)
    .map((swap) => swap.key)
    .join('\n')
