import { z } from 'zod'
import { address, bytes32, chainId, cursors, hex, idKey, millis, seconds, uintText } from '../shared/stateSchema.ts'

const intentDecision = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('fill'), solver: address, fillTime: seconds }),
  z.strictObject({ kind: z.literal('no-fill') }),
])

const intentRecord = z.strictObject({
  originChainId: chainId,
  originSettler: address,
  destinationChainId: z.number().int().nonnegative(),
  destinationSettler: address,
  fillDeadline: seconds,
  /** Names a destination chain or settler outside the manifest: nothing there counts as its fill. */
  unfillable: z.literal(true).optional(),
  /** The first final Filled event for this order on its destination settler. */
  fill: z.strictObject({ solver: address, fillTime: seconds, txHash: bytes32.optional() }).optional(),
  /**
   * Written once, before any signature leaves the service: a fill and a no-fill are never both signed.
   * Signatures are made from it when asked, with the service's current key, so a rotated signer set
   * (ThresholdAttestationVerifier) attests what was decided before the rotation too.
   */
  decision: intentDecision.optional(),
})

const transferRecord = z.strictObject({
  originChainId: chainId,
  originPool: address,
  destinationChainId: z.number().int().nonnegative(),
  destinationPool: address,
  token: address,
  recipient: address,
  amount: uintText,
  deadline: seconds,
  sender: address,
  /** False when the transfer names a pool outside the manifest: it is never authorized, never released. */
  releasable: z.boolean(),
  releasedTx: bytes32.optional(),
  /** Written once, like an intent's decision; signed when asked. */
  decision: z.strictObject({ kind: z.enum(['released', 'not-released']) }).optional(),
})

const orphanFill = z.strictObject({
  chainId,
  settler: address,
  solver: address,
  fillTime: seconds,
  txHash: hex,
  seenAt: millis,
})
const orphanRelease = z.strictObject({ chainId, txHash: hex, seenAt: millis })

/** The attester's state file: every entry is checked at start, so one bad entry stops it there, named. */
export const attesterStateSchema = z.strictObject({
  cursors,
  intents: z.record(idKey, intentRecord),
  transfers: z.record(idKey, transferRecord),
  /** Final fills whose order was not seen (yet): bounded, see orphans.ts. */
  orphanFills: z.record(idKey, orphanFill),
  /** Final releases whose transfer was not seen (yet): bounded likewise. */
  orphanReleases: z.record(idKey, orphanRelease),
})

export type AttesterState = z.infer<typeof attesterStateSchema>
export type IntentRecord = z.infer<typeof intentRecord>
export type TransferRecord = z.infer<typeof transferRecord>
export type OrphanFill = z.infer<typeof orphanFill>
export const emptyAttesterState = (): AttesterState => ({
  cursors: {},
  intents: {},
  transfers: {},
  orphanFills: {},
  orphanReleases: {},
})
