import type { Hex } from 'viem'
import type { SwapEvent, TrackedSwap } from '../../records/types.ts'
import type { ACROSS_INDEXED_STATUSES, AcrossStatus } from './acrossSchemas.ts'

/**
 * Across's deposit status in our states. Across refunds an unfilled deposit by itself (in a later
 * settlement bundle), so an Across swap is never `refundable`:
 *
 * - pending (and the indexer's unfilled, a gasless deposit-pending) → `pending` (still deposited)
 * - slowFillRequested → `pending`, saying Across fills it from its own pool (slower)
 * - filled, slowFilled → `delivered`; a relayer (or Across) fills exactly the deposit's output amount
 * - expired (fill deadline passed, refund on its way) → `providerRefunding`, shown as expired
 * - refunded → `refunded`, shown as such
 * - deposit-failed (a gasless deposit that never happened) → `providerFailed`
 */
export function acrossStatusUpdate(
  status: Pick<AcrossStatus, 'fillTxnRef' | 'fillTx' | 'depositRefundTxnRef' | 'depositRefundTxHash'> & {
    status: (typeof ACROSS_INDEXED_STATUSES)[number]
  },
  record: Pick<TrackedSwap, 'destination'>,
  deliveredAt?: number,
): SwapEvent {
  switch (status.status) {
    case 'pending':
    case 'unfilled':
    case 'deposit-pending':
      return { type: 'pending' }
    case 'slowFillRequested':
      return { type: 'pending', statusDetail: 'slowFillRequested' }
    case 'deposit-failed':
      return { type: 'providerFailed', statusDetail: 'deposit-failed' }
    case 'expired':
      return { type: 'providerRefunding', statusDetail: 'expired' }
    case 'refunded': {
      const refundTx = status.depositRefundTxnRef ?? status.depositRefundTxHash
      return { type: 'refunded', statusDetail: 'refunded', ...(refundTx ? { refundTx: refundTx as Hex } : {}) }
    }
    case 'filled':
    case 'slowFilled': {
      const fillTx = status.fillTxnRef ?? status.fillTx
      return {
        type: 'delivered',
        ...(fillTx ? { deliveryTx: fillTx as Hex } : {}),
        ...(deliveredAt === undefined ? {} : { deliveredAt }),
        receivedAmount: record.destination.minAmount,
      }
    }
  }
}
