import type { Logger } from '../logger.ts'
import { repeat } from '../serviceLoop.ts'
import type { Collections, PruneParameters, StateStore } from './stateStore.ts'

/** How long a settled entry is kept, and how often the service looks for those past it. */
export type Retention = { retentionMs: number; intervalMs: number }

export const DEFAULT_RETENTION: Retention = { retentionMs: 7 * 24 * 3_600_000, intervalMs: 10 * 60_000 }

/**
 * `STATE_RETENTION_SECONDS` (default 7 days): how long an order, intent or transfer stays in a service's database
 * after it settled. Looked at as often as that, at most every ten minutes.
 */
export function retentionFromEnvironment(env: NodeJS.ProcessEnv = process.env): Retention {
  const text = env.STATE_RETENTION_SECONDS
  if (text === undefined || text === '') return DEFAULT_RETENTION
  const seconds = Number(text)
  if (!Number.isSafeInteger(seconds) || seconds < 0) {
    throw new TypeError(`STATE_RETENTION_SECONDS must be a whole number of seconds, not "${text}"`)
  }
  const retentionMs = seconds * 1000
  return { retentionMs, intervalMs: Math.max(1_000, Math.min(retentionMs, DEFAULT_RETENTION.intervalMs)) }
}

export type PruneSettledParameters = {
  retention: Retention
  signal: AbortSignal
  log: Logger
  confirm?: PruneParameters['confirm']
}

/**
 * Prunes the store's settled entries past the retention window, each interval, until `signal` aborts. A round prunes
 * every entry then due, a batch (one transaction) after the other: with one batch a round, a service settling more
 * than a batch an interval kept more and more (the attesters at 20 orders a second, load run of 27 Nov).
 */
export function pruneSettled<State extends Collections>(store: StateStore<State>, parameters: PruneSettledParameters) {
  const { retention, signal, log, confirm } = parameters
  return repeat(
    signal,
    retention.intervalMs,
    async () => {
      const now = Date.now()
      let pruned = 0
      while (!signal.aborted) {
        const batch = await store.prune({ now, retentionMs: retention.retentionMs, confirm })
        // Nothing was due, or every entry due was kept for another window (its chain says not settled, or is down).
        if (batch === 0) break
        pruned += batch
      }
      if (pruned > 0) log.info('pruned settled entries', { pruned })
    },
    (error) => log.warn('pruning failed; tried again next round', { error: String(error) }),
  )
}
