import { z } from 'zod'
import { address, bytes32, chainId, cursors, hex, idKey, millis, seconds, uintText } from '../shared/stateSchema.ts'

export const ORDER_STATUSES = [
  'accepted', // will be filled; inventory reserved
  'filling', // fill sent
  'filled', // fill mined; waiting for the attestation to claim
  'claimed', // repaid on the origin chain (final)
  'declined', // never filled (final); also an accepted order that can no longer be filled safely
  'missed', // accepted but the deadline passed before a fill landed (final)
  'filled-by-other', // someone else filled it first (final)
  'lost', // filled but refunded to the user before we claimed (final)
  'reorged', // filled, but a reorg took the open back, past its fill deadline: the accepted, capped loss (final)
] as const

const solverOrder = z.strictObject({
  orderId: bytes32,
  status: z.enum(ORDER_STATUSES),
  reason: z.string().optional(),
  originChainId: chainId,
  destinationChainId: z.number().int().nonnegative(),
  inputToken: address,
  inputAmount: uintText,
  outputToken: address,
  outputAmount: uintText,
  /** Native coin delivered beside the output (gas on arrival), in base units; absent for none. */
  gasAmount: uintText.optional(),
  recipient: address,
  fillDeadline: seconds,
  /** When the user can take the escrow back without attestation: the claim must be final before. */
  expires: seconds,
  /** USD value of the output (1e18-scaled, as text): the solver's exposure while the open is not final. */
  outputUsd: uintText,
  originData: hex,
  fillTx: bytes32.optional(),
  claimTx: bytes32.optional(),
  openBlock: uintText,
  openSeenAt: millis,
  /** The open was seen in the origin's final state: no reorg the solver guards against can take it back. */
  openFinal: z.literal(true).optional(),
  filledAt: millis.optional(),
  updatedAt: millis,
})

/** The solver's state file: every order checked at start, so one bad entry stops it there, named. */
export const solverStateSchema = z.strictObject({ cursors, orders: z.record(idKey, solverOrder) })

export type SolverState = z.infer<typeof solverStateSchema>
export type SolverOrder = z.infer<typeof solverOrder>
export type OrderStatus = SolverOrder['status']
export const emptySolverState = (): SolverState => ({ cursors: {}, orders: {} })
