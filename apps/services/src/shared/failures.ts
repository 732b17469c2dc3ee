import { type Logger, shortMessage } from './logger.ts'

/** Consecutive failures of one thing (a chain, an order) before they are logged as an alert. */
export const ALERT_AFTER = 10
/** Once alerting, how often the alert is repeated while it keeps failing. */
const ALERT_EVERY = 100

/**
 * Keeps failures of independent things apart: the first failure of a thing is a warning, a run of
 * `ALERT_AFTER` is an error-level alert (`alert: true`, for whoever watches the logs), and a success
 * clears it. Nothing here stops or retries: callers go on with the other things.
 */
export function createFailureTracker(log: Logger) {
  const runs = new Map<string, number>()
  return {
    failed(key: string, what: string, error: unknown, fields: Record<string, unknown> = {}) {
      const run = (runs.get(key) ?? 0) + 1
      runs.set(key, run)
      const entry = { ...fields, key, failures: run, error: shortMessage(error) }
      if (run === 1) log.warn(`${what}; will retry`, entry)
      else if (run === ALERT_AFTER || (run > ALERT_AFTER && (run - ALERT_AFTER) % ALERT_EVERY === 0)) {
        log.error(`${what}, again and again`, { ...entry, alert: true })
      }
    },
    succeeded(key: string) {
      if (runs.delete(key)) log.info('recovered', { key })
    },
    /** How many times in a row `key` has failed (0 when its last attempt succeeded). */
    failures: (key: string) => runs.get(key) ?? 0,
  }
}

export type FailureTracker = ReturnType<typeof createFailureTracker>
