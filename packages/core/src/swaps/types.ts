import type { Address, Hex } from 'viem'
import type { TokenRef } from '../routes/types.ts'

/**
 * SPEC §5. `swapping` has phases; `refundable` is shown as Failed with a refund action.
 * Final states: completed, refunded, failed (nothing escrowed).
 */
export type SwapStatus = 'swapping' | 'completed' | 'refundable' | 'refunded' | 'failed'
export type SwapPhase = 'switching' | 'approving' | 'depositing' | 'waiting' | 'refunding'

export const FINAL_SWAP_STATUSES: ReadonlySet<SwapStatus> = new Set(['completed', 'refunded', 'failed'])
export const isFinalSwapStatus = (status: SwapStatus) => FINAL_SWAP_STATUSES.has(status)

/** A swap as stored in History: JSON only (amounts as decimal strings), so it survives storage. */
export type SwapRecord = {
  /** Stable key of the record in History (never changes). */
  key: string
  /** The protocol's id (order id / transfer id) once the deposit is mined; the key before. */
  id: string
  providerId: string
  providerName: string
  owner: Address
  recipient: Address
  origin: { token: TokenRef; amount: string }
  destination: { token: TokenRef; estimatedAmount: string; minAmount: string; receivedAmount?: string }
  depositAddress: Address
  status: SwapStatus
  phase?: SwapPhase
  /** Epoch ms the person pressed Swap. */
  createdAt: number
  approveTxs?: Hex[]
  depositTx?: Hex
  /** Epoch seconds of the deposit block (Exchange Time). */
  depositedAt?: number
  deliveryTx?: Hex
  /** Epoch seconds of the delivery block. */
  deliveredAt?: number
  /** Epoch seconds after which the swap can be refunded if nobody delivered it. */
  refundableAfter?: number
  /** Epoch seconds after which a refund needs no attestation at all. */
  expiresAt?: number
  refundTx?: Hex
  /** Provider-specific tracking data (e.g. fill deadline). */
  data?: Record<string, string | number>
  /** A short, catalogued reason when failed. */
  error?: string
  /**
   * The provider's own word on the state, shown beside it (e.g. LI.FI `WAIT_DESTINATION_TRANSACTION`,
   * `PARTIAL`, `SLIPPAGE_EXCEEDED`; Across `expired`).
   */
  statusDetail?: string
  updatedAt: number
}

/** What one look at the chains tells about a swap. */
export type SwapUpdate = Partial<Omit<SwapRecord, 'key' | 'owner' | 'providerId' | 'createdAt'>>
