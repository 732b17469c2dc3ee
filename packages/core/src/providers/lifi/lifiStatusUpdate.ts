import type { Hex } from 'viem'
import type { Manifest } from '../../config/manifest.ts'
import type { SwapRecord, SwapUpdate } from '../../swaps/types.ts'
import { apiTokenRef, sameToken } from '../apiSupport.ts'
import type { LifiStatus } from './lifiSchemas.ts'

/**
 * LI.FI's status of a transfer in our states. LI.FI (through the bridge) refunds by itself, so a
 * LI.FI swap is never `refundable`: it stays in progress (phase `refunding` while LI.FI reports
 * REFUND_IN_PROGRESS) until DONE or FAILED. The substatus is kept in `statusDetail` for the person.
 *
 * - NOT_FOUND / INVALID (not indexed yet) and PENDING → swapping
 * - DONE + COMPLETED (or none) → completed; DONE + PARTIAL → completed with what actually arrived
 * - DONE + REFUNDED → refunded
 * - FAILED → failed, with its substatus
 */
export function lifiStatusUpdate(status: LifiStatus, record: SwapRecord, manifest: Manifest): SwapUpdate {
  const detail = status.substatus ?? status.status
  switch (status.status) {
    case 'NOT_FOUND':
    case 'INVALID':
      return { status: 'swapping', phase: 'waiting', statusDetail: status.status }
    case 'PENDING':
      return {
        status: 'swapping',
        phase: status.substatus === 'REFUND_IN_PROGRESS' ? 'refunding' : 'waiting',
        statusDetail: detail,
      }
    case 'FAILED':
      return { status: 'failed', phase: undefined, error: 'providerFailed', statusDetail: detail }
    case 'DONE': {
      const receiving = status.receiving
      if (status.substatus === 'REFUNDED') {
        return {
          status: 'refunded',
          phase: undefined,
          statusDetail: 'REFUNDED',
          ...(receiving?.txHash ? { refundTx: receiving.txHash as Hex } : {}),
        }
      }
      // PARTIAL: the bridge delivered another token than asked (e.g. the bridged one): say which.
      const token =
        receiving?.token && !sameToken(receiving.token.address, record.destination.token.address)
          ? apiTokenRef(manifest, receiving.token)
          : record.destination.token
      return {
        status: 'completed',
        phase: undefined,
        statusDetail: status.substatus === 'PARTIAL' ? 'PARTIAL' : undefined,
        ...(receiving?.txHash ? { deliveryTx: receiving.txHash as Hex } : {}),
        ...(receiving?.timestamp ? { deliveredAt: receiving.timestamp } : {}),
        destination: {
          ...record.destination,
          token,
          ...(receiving?.amount ? { receivedAmount: receiving.amount } : {}),
        },
      }
    }
  }
}
