import type { Hex } from 'viem'
import type { AttesterContext } from './context.ts'
import type { IntentRecord } from './intentMachine.ts'
import { pruneOrphans } from './orphans.ts'
import { SETTLEMENT_READERS, type SettledKind } from './settlement.ts'
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
 * head, so nobody needs its signature again (and the API answers for it from the chain alone: serve.ts).
 */
export function settledOnChain(context: Pick<AttesterContext, 'chains'>) {
  return async (collection: string, key: string, entry: unknown): Promise<boolean> => {
    if (!Object.hasOwn(SETTLEMENT_READERS, collection)) return true
    const read = SETTLEMENT_READERS[collection as SettledKind]
    const origin = context.chains.get((entry as IntentRecord | TransferRecord).originChainId)
    return origin !== undefined && (await read(origin, key as Hex)) !== undefined
  }
}
