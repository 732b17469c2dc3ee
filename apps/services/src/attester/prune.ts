import type { AttesterContext } from './context.ts'
import { pruneOrphans } from './orphans.ts'

export type PruneOrphanEventsParameters = { now: number }

/** Drops the fill and release events that waited too long, or are too many, for their order or transfer. */
export function pruneOrphanEvents(
  context: Pick<AttesterContext, 'store' | 'orphanLimits' | 'log'>,
  { now }: PruneOrphanEventsParameters,
): number {
  const { store, orphanLimits } = context
  const dropped =
    pruneOrphans(store.value.orphanFills, now, orphanLimits) +
    pruneOrphans(store.value.orphanReleases, now, orphanLimits)
  if (dropped > 0) {
    store.update(() => undefined) // pruned in place: saved with the next write
    context.log.info('dropped unmatched fill or release events', { dropped })
  }
  return dropped
}
