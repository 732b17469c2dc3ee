import type { Hex } from 'viem'
import type { SwapEvent, TrackedSwap } from '../../swaps/types.ts'
import type { AcrossStatus } from './acrossSchemas.ts'

/**
 * Across's deposit status in our states. Across refunds an unfilled deposit by itself (in a later
 * settlement bundle), so an Across swap is never `refundable`:
 *
 * - pending → `pending` (still deposited)
 * - filled → `delivered`; a relayer fills exactly the deposit's output amount
 * - expired (fill deadline passed, refund on its way) → `providerRefunding`, shown as expired
 * - refunded → `refunded`, shown as such
 */
export function acrossStatusUpdate(
  status: Pick<AcrossStatus, 'status' | 'fillTxnRef' | 'fillTx' | 'depositRefundTxnRef' | 'depositRefundTxHash'>,
  record: Pick<TrackedSwap, 'destination'>,
  deliveredAt?: number,
): SwapEvent {
  switch (status.status) {
    case 'pending':
      return { type: 'pending' }
    case 'expired':
      return { type: 'providerRefunding', statusDetail: 'expired' }
    case 'refunded': {
      const refundTx = status.depositRefundTxnRef ?? status.depositRefundTxHash
      return { type: 'refunded', statusDetail: 'refunded', ...(refundTx ? { refundTx: refundTx as Hex } : {}) }
    }
    case 'filled': {
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
