import type { Hex } from 'viem'
import { DEFAULT_RETENTION, type Retention } from '../shared/store/retention.ts'
import type { PruneOutcome } from '../shared/store/stateStore.ts'
import type { AttesterContext } from './context.ts'
import type { IntentRecord } from './intentMachine.ts'
import { pruneOrphans } from './orphans.ts'
import { SETTLEMENT_STATE_READERS, type SettledKind } from './settlement.ts'
import type { TransferRecord } from './transferMachine.ts'

export type PruneOrphanEventsParameters = { now: number }

/** Drops the fill and release events that waited too long, or are too many, for their order or transfer. */
export function pruneOrphanEvents(
  context: Pick<AttesterContext, 'store' | 'orphanLimits' | 'log'>,
  { now }: PruneOrphanEventsParameters,
): number {
  const { store, orphanLimits } = context
  let dropped = 0
  store.update((draft) => {
    dropped = pruneOrphans(draft.orphanFills, now, orphanLimits) + pruneOrphans(draft.orphanReleases, now, orphanLimits)
  })
  if (dropped > 0) context.log.info('dropped unmatched fill or release events', { dropped })
  return dropped
}

/**
 * The last check before a decided intent or transfer is pruned: its escrow or deposit is settled at the origin's final
 * head, so nobody needs its signature again (and the API answers for it from the chain alone: serve.ts). One that
 * never settles (a 1-wei order nobody refunds), still open there a retention window past its `expires`, goes `'cold'`:
 * out of memory, kept in the database, from where the API answers it as before (its decision never changes), and
 * looked at again each window until it settles.
 */
export function settledOnChain(
  context: Pick<AttesterContext, 'chains'>,
  { retentionMs }: Pick<Retention, 'retentionMs'> = DEFAULT_RETENTION,
) {
  return async (collection: string, key: string, entry: unknown): Promise<PruneOutcome> => {
    if (!Object.hasOwn(SETTLEMENT_STATE_READERS, collection)) return true
    const read = SETTLEMENT_STATE_READERS[collection as SettledKind]
    const origin = context.chains.get((entry as IntentRecord | TransferRecord).originChainId)
    if (origin === undefined) return false
    const state = await read(origin, key as Hex)
    if (state === undefined) return false
    if (state.settlement !== undefined) return true
    return state.open && state.finalTime > state.expires + retentionMs / 1000 ? 'cold' : false
  }
}
