import { z } from 'zod'
import { bytes32, chainId, cursors, idKey, millis, seconds } from '../shared/stateSchema.ts'

export const TRANSFER_STATUSES = [
  'pending', // final on the origin; waiting for the release authorization
  'released', // paid on the destination; waiting to finalize on the origin
  'finalized', // deposit became origin liquidity (final)
  'not-released', // deadline passed unreleased; the sender can refund (final for the relayer)
  'refunded', // the sender took the deposit back on the origin (final)
  'missing', // the origin no longer has the deposit (a reorg deeper than its finality; final)
  'declined', // the release would revert for good, or cost more gas than the cap; the sender is refunded
] as const

const relayerTransfer = z.strictObject({
  transferId: bytes32,
  status: z.enum(TRANSFER_STATUSES),
  originChainId: chainId,
  destinationChainId: z.number().int().nonnegative(),
  /** Release deadline and the unattested-refund time of the deposit (origin chain seconds). */
  deadline: seconds,
  expires: seconds,
  releaseTx: bytes32.optional(),
  finalizeTx: bytes32.optional(),
  /** Why the relayer did not release (too little time left before `expires`, say). */
  reason: z.string().optional(),
  lastError: z.string().optional(),
  updatedAt: millis,
})

/** The relayer's state file: every transfer checked at start, so one bad entry stops it there, named. */
export const relayerStateSchema = z.strictObject({ cursors, transfers: z.record(idKey, relayerTransfer) })

export type RelayerState = z.infer<typeof relayerStateSchema>
export type RelayerTransfer = z.infer<typeof relayerTransfer>
export type TransferStatus = RelayerTransfer['status']
export const emptyRelayerState = (): RelayerState => ({ cursors: {}, transfers: {} })
