import { join } from 'node:path'
import { z } from 'zod'
import { type SettlementGone, settlementGoneSchema } from '../shared/settledWatch.ts'
import { bytes32, chainId, cursors, idKey, millis, seconds } from '../shared/stateSchema.ts'
import { type OpenStateParameters, openServiceStore } from '../shared/store/openStore.ts'
import type { StateStore } from '../shared/store/stateStore.ts'
import { isFinalTransfer, type RelayerTransfer } from './transferMachine.ts'

const seen = {
  transferId: bytes32,
  originChainId: chainId,
  destinationChainId: z.number().int().nonnegative(),
  deadline: seconds,
  expires: seconds,
  updatedAt: millis,
}
const sent = { releaseTx: bytes32.optional(), finalizeTx: bytes32.optional() }

/** One transfer per status, as `RelayerTransfer` says: a state file cannot hold a combination the machine never makes. */
export const relayerTransferSchema = z.discriminatedUnion('status', [
  z.strictObject({
    ...seen,
    status: z.literal('pending'),
    releaseTx: bytes32.optional(),
    reason: z.string().optional(),
    lastError: z.string().optional(),
  }),
  z.strictObject({ ...seen, ...sent, status: z.literal('released'), lastError: z.string().optional() }),
  z.strictObject({ ...seen, ...sent, status: z.literal('finalized') }),
  z.strictObject({ ...seen, status: z.literal('not-released'), releaseTx: bytes32.optional() }),
  z.strictObject({ ...seen, ...sent, status: z.literal('refunded') }),
  z.strictObject({ ...seen, ...sent, status: z.literal('missing') }),
  z.strictObject({ ...seen, status: z.literal('declined'), reason: z.string(), releaseTx: bytes32.optional() }),
]) satisfies z.ZodType<RelayerTransfer>

export type RelayerState = {
  cursors: Record<string, string>
  transfers: Record<string, RelayerTransfer>
  /** Finalized transfers whose deposit a reorg deeper than finality took back, alerted once (finalizedWatch.ts). */
  settlementsGone: Record<string, SettlementGone>
}

/** The relayer's state file: every transfer checked at start, so one bad entry stops it there, named. */
export const relayerStateSchema = z.strictObject({
  cursors,
  transfers: z.record(idKey, relayerTransferSchema),
  // A state written before this collection existed has none.
  settlementsGone: z.record(idKey, settlementGoneSchema).default({}),
}) satisfies z.ZodType<RelayerState>

export type { RelayerTransfer }
export const emptyRelayerState = (): RelayerState => ({ cursors: {}, transfers: {}, settlementsGone: {} })

/** The relayer's state, every transfer checked (a malformed one stops the start, named). */
export function openRelayerStore(parameters: OpenStateParameters): Promise<StateStore<RelayerState>> {
  return openServiceStore<RelayerState>({
    ...parameters,
    name: 'relayer',
    empty: emptyRelayerState,
    schema: relayerStateSchema,
    // Saves are coalesced, as the attesters' are: each transaction ends with an fsync that holds the event loop (about
    // 7 s of the solver's 95 s under load, 27 Nov). What leaves the process (a transaction, an answer) flushes first.
    coalesceMs: 50,
    settledAt: (collection, entry) =>
      collection === 'transfers' && isFinalTransfer(entry as RelayerTransfer)
        ? (entry as RelayerTransfer).updatedAt
        : collection === 'settlementsGone'
          ? (entry as SettlementGone).alertedAt
          : undefined,
    legacyFile: join(parameters.dataDir, 'relayer-state.json'),
  })
}
