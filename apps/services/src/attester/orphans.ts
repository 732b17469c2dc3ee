/** Events seen before the order or transfer they belong to (the destination can be faster than the origin). */
export type Orphan = { seenAt: number }

export type OrphanLimits = {
  /** Milliseconds an orphan is kept waiting for its order or transfer. */
  ttlMs: number
  /** Most orphans kept; the oldest go first. */
  max: number
}

/**
 * Anyone can fill or release things that were never opened, so what waits for a partner is bounded in
 * age and number. Dropping one is safe: decisions after a deadline read the destination chain itself.
 * Returns how many were dropped.
 */
export function pruneOrphans(orphans: Record<string, Orphan>, now: number, limits: OrphanLimits): number {
  const entries = Object.entries(orphans)
  let dropped = 0
  for (const [key, orphan] of entries) {
    if (now - orphan.seenAt > limits.ttlMs) {
      delete orphans[key]
      dropped++
    }
  }
  const kept = entries.filter(([key]) => key in orphans)
  if (kept.length > limits.max) {
    kept.sort(([, a], [, b]) => a.seenAt - b.seenAt)
    for (const [key] of kept.slice(0, kept.length - limits.max)) {
      delete orphans[key]
      dropped++
    }
  }
  return dropped
}
