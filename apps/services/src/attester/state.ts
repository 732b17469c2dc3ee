import { join } from 'node:path'
import { z } from 'zod'
import { address, bytes32, chainId, cursors, hex, idKey, millis, seconds, uintText } from '../shared/stateSchema.ts'
import { type OpenStateParameters, openServiceStore } from '../shared/store/openStore.ts'
import type { StateStore } from '../shared/store/stateStore.ts'
import type { IntentRecord } from './intentMachine.ts'
import type { TransferRecord } from './transferMachine.ts'

const intentTerms = {
  originChainId: chainId,
  originSettler: address,
  destinationChainId: z.number().int().nonnegative(),
  destinationSettler: address,
  fillDeadline: seconds,
}
const fill = z.strictObject({ solver: address, fillTime: seconds, txHash: bytes32.optional() })
/** A fill decision is a fill in time: our settler refuses later ones, and a fill time is never 0. */
const inTime = (intent: { fillDeadline: number; fill: { fillTime: number } }) =>
  intent.fill.fillTime > 0 && intent.fill.fillTime <= intent.fillDeadline

/** One intent per status, as `IntentRecord` says: a state file cannot hold a combination the machine never makes. */
export const intentRecordSchema = z.discriminatedUnion('status', [
  z.strictObject({ ...intentTerms, status: z.literal('open') }),
  z.strictObject({ ...intentTerms, status: z.literal('unfillable') }),
  z.strictObject({ ...intentTerms, status: z.literal('fill-seen'), fill: fill.required({ txHash: true }) }),
  z
    .strictObject({ ...intentTerms, status: z.literal('decided-fill'), fill })
    .refine(inTime, { message: 'a fill decision needs a fill by the deadline', path: ['fill', 'fillTime'] }),
  z.strictObject({ ...intentTerms, status: z.literal('decided-no-fill') }),
]) satisfies z.ZodType<IntentRecord>

const transferTerms = {
  originChainId: chainId,
  originPool: address,
  destinationChainId: z.number().int().nonnegative(),
  destinationPool: address,
  token: address,
  recipient: address,
  amount: uintText,
  deadline: seconds,
  sender: address,
}

/** One transfer per status, as `TransferRecord` says. */
export const transferRecordSchema = z.discriminatedUnion('status', [
  z.strictObject({ ...transferTerms, status: z.literal('pending') }),
  z.strictObject({ ...transferTerms, status: z.literal('unreleasable') }),
  z.strictObject({ ...transferTerms, status: z.literal('release-seen'), releasedTx: bytes32 }),
  z.strictObject({ ...transferTerms, status: z.literal('decided-released'), releasedTx: bytes32.optional() }),
  z.strictObject({ ...transferTerms, status: z.literal('decided-not-released'), releasable: z.boolean() }),
]) satisfies z.ZodType<TransferRecord>

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
  intents: z.record(idKey, intentRecordSchema),
  transfers: z.record(idKey, transferRecordSchema),
  /** Final fills whose order was not seen (yet): bounded, see orphans.ts. */
  orphanFills: z.record(idKey, orphanFill),
  /** Final releases whose transfer was not seen (yet): bounded likewise. */
  orphanReleases: z.record(idKey, orphanRelease),
}) satisfies z.ZodType<AttesterState>

export type OrphanFill = z.infer<typeof orphanFill>
export type OrphanRelease = z.infer<typeof orphanRelease>
export type AttesterState = {
  cursors: Record<string, string>
  intents: Record<string, IntentRecord>
  transfers: Record<string, TransferRecord>
  orphanFills: Record<string, OrphanFill>
  orphanReleases: Record<string, OrphanRelease>
}
export type { IntentRecord, TransferRecord }

export const emptyAttesterState = (): AttesterState => ({
  cursors: {},
  intents: {},
  transfers: {},
  orphanFills: {},
  orphanReleases: {},
})

const DECIDED = new Set(['decided-fill', 'decided-no-fill', 'decided-released', 'decided-not-released'])

/**
 * When an intent or transfer may be settled: once decided (a decision is final: a fill or release after it cannot
 * change it), from when the decision was written. Whether its escrow or deposit is settled on chain is asked before
 * it is pruned (prune.ts): until then its signature may still be needed.
 */
export function attesterSettledAt(collection: string, entry: unknown, writtenAt: number): number | undefined {
  if (collection !== 'intents' && collection !== 'transfers') return undefined // cursors; orphans go by orphans.ts
  return DECIDED.has((entry as IntentRecord | TransferRecord).status) ? writtenAt : undefined
}

export type OpenAttesterStoreParameters = OpenStateParameters & {
  /** Which attester (1, 2, 3…): its rows in a database several share. */
  number?: number | undefined
}

/** The attester's state, every entry checked (a malformed one stops the start, named). */
export function openAttesterStore(parameters: OpenAttesterStoreParameters): Promise<StateStore<AttesterState>> {
  return openServiceStore<AttesterState>({
    ...parameters,
    name: `attester-${parameters.number ?? 1}`,
    empty: emptyAttesterState,
    schema: attesterStateSchema,
    // Saves are coalesced (many logs, many decisions, one transaction); every answer flushes first.
    coalesceMs: 100,
    settledAt: attesterSettledAt,
    legacyFile: join(parameters.dataDir, 'attester-state.json'),
  })
}
