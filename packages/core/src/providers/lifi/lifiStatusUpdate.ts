import { type Hex, isHex } from 'viem'
import type { Manifest } from '../../config/manifest.ts'
import type { SwapEvent, TrackedSwap } from '../../records/types.ts'
import { apiTokenRef, sameToken } from '../apiSupport.ts'
import type { LifiStatus } from './lifiSchemas.ts'

/**
 * LI.FI's status of a transfer as an event. LI.FI (through the bridge) refunds by itself, so a
 * LI.FI swap is never `refundable`: it is `providerRefunding` while LI.FI reports REFUND_IN_PROGRESS.
 * The substatus is kept in `statusDetail` for the person.
 *
 * - NOT_FOUND / INVALID (not indexed yet) and PENDING → `pending`
 * - DONE + COMPLETED (or none) → `delivered`; DONE + PARTIAL → `delivered` with what actually arrived
 * - DONE + REFUNDED → `refunded`
 * - FAILED → `providerFailed`, with its substatus; still followed, since it can move on to DONE or REFUNDED
 */
export function lifiStatusUpdate(
  status: LifiStatus,
  record: Pick<TrackedSwap, 'destination'>,
  manifest: Manifest,
): SwapEvent {
  const detail = status.substatus ?? status.status
  switch (status.status) {
    case 'NOT_FOUND':
    case 'INVALID':
      return { type: 'pending', statusDetail: status.status }
    case 'PENDING':
      return status.substatus === 'REFUND_IN_PROGRESS'
        ? { type: 'providerRefunding', statusDetail: detail }
        : { type: 'pending', statusDetail: detail }
    case 'FAILED':
      // Not final: recovery depends on the bridge, and LI.FI may still report the transfer REFUNDED or DONE.
      return { type: 'providerFailed', statusDetail: detail }
    case 'DONE': {
      const receiving = status.receiving
      if (status.substatus === 'REFUNDED') {
        return {
          type: 'refunded',
          statusDetail: 'REFUNDED',
          ...(receiving?.txHash ? { refundTx: receiving.txHash as Hex } : {}),
        }
      }
      // PARTIAL: the bridge delivered another token than asked (e.g. the bridged one): say which.
      const otherToken =
        receiving?.token && !sameToken(receiving.token.address, record.destination.token.address)
          ? apiTokenRef(manifest, receiving.token)
          : undefined
      return {
        type: 'delivered',
        ...(status.substatus === 'PARTIAL' ? { statusDetail: 'PARTIAL' } : {}),
        ...(receiving?.txHash ? { deliveryTx: receiving.txHash as Hex } : {}),
        ...(receiving?.timestamp ? { deliveredAt: receiving.timestamp } : {}),
        ...(otherToken ? { token: otherToken } : {}),
        ...(receiving?.amount ? { receivedAmount: receiving.amount } : {}),
      }
    }
  }
}

/**
 * Why a `/status` answer is not about this deposit, or undefined when it is. LI.FI is asked by the deposit's
 * hash and chains; an answer naming another deposit (`sending.txHash`), another origin (`sending.chainId`) or
 * another destination (`receiving.chainId`; a refund may come back on the origin) says nothing about this one.
 * NOT_FOUND and INVALID name nothing and claim nothing.
 */
export function notAboutDeposit(
  status: LifiStatus,
  record: Pick<TrackedSwap, 'depositTx' | 'origin' | 'destination'>,
): string | undefined {
  if (status.status === 'NOT_FOUND' || status.status === 'INVALID') return undefined
  const { sending, receiving } = status
  const deposit = sending?.txHash
  if (!deposit || !isHex(deposit) || deposit.toLowerCase() !== record.depositTx.toLowerCase()) {
    return `it is about deposit ${deposit ?? 'none'}, not ${record.depositTx}`
  }
  const origin = record.origin.token.chainId
  const destination = record.destination.token.chainId
  if (sending.chainId !== origin) return `its deposit is on chain ${sending.chainId ?? 'none'}, not ${origin}`
  const refund = status.status === 'DONE' && status.substatus === 'REFUNDED'
  const arrival = receiving?.chainId
  if (arrival === undefined && status.status === 'DONE' && !refund) return 'its delivery names no chain'
  if (arrival !== undefined && arrival !== destination && !(refund && arrival === origin)) {
    return `it arrives on chain ${arrival}, not ${destination}`
  }
  return undefined
}
