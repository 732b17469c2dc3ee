import type { Hex } from 'viem'
import type { SwapRecord, SwapUpdate } from '../../swaps/types.ts'
import type { AcrossStatus } from './acrossSchemas.ts'

/**
 * Across's deposit status in our states. Across refunds an unfilled deposit by itself (in a later
 * settlement bundle), so an Across swap is never `refundable`:
 *
 * - pending → swapping
 * - filled → completed; a relayer fills exactly the deposit's output amount
 * - expired (fill deadline passed, refund on its way) → still in progress, phase `refunding`, shown as expired
 * - refunded → refunded, shown as such
 */
export function acrossStatusUpdate(
  status: Pick<AcrossStatus, 'status' | 'fillTxnRef' | 'fillTx' | 'depositRefundTxnRef' | 'depositRefundTxHash'>,
  record: SwapRecord,
  deliveredAt?: number,
): SwapUpdate {
  switch (status.status) {
    case 'pending':
      return { status: 'swapping', phase: 'waiting', statusDetail: undefined }
    case 'expired':
      return { status: 'swapping', phase: 'refunding', statusDetail: 'expired' }
    case 'refunded': {
      const refundTx = status.depositRefundTxnRef ?? status.depositRefundTxHash
      return {
        status: 'refunded',
        phase: undefined,
        statusDetail: 'refunded',
        ...(refundTx ? { refundTx: refundTx as Hex } : {}),
      }
    }
    case 'filled': {
      const fillTx = status.fillTxnRef ?? status.fillTx
      return {
        status: 'completed',
        phase: undefined,
        statusDetail: undefined,
        ...(fillTx ? { deliveryTx: fillTx as Hex } : {}),
        ...(deliveredAt === undefined ? {} : { deliveredAt }),
        destination: { ...record.destination, receivedAmount: record.destination.minAmount },
      }
    }
  }
}
