import { setFlagsFromString } from 'node:v8'

/**
 * How far V8 may grow a service's heap over what survived its last full collection, in percent.
 *
 * A service keeps a small live heap (its records are in the database) and allocates much that dies young (RPC
 * answers, logs, signatures). Left to its own heuristics, V8 lets garbage build up to about four times the live heap
 * before it collects, so a long run's peak memory kept climbing with the run's length while the live heap stayed at
 * 21–25 MB (`npm run load` with `--trace-gc`, docs/history/load.md). At most 100 % (twice what survived) keeps the peak flat
 * over 5,000 orders; 30 % kept it lower still, but its extra collections doubled the solver's time to accept an order
 * on two saturated cores (docs/history/load.md).
 * SERVICE_HEAP_GROWING_PERCENT=0 gives V8 its own heuristics back.
 */
export const DEFAULT_HEAP_GROWING_PERCENT = 100

export function heapGrowingPercentFromEnvironment(env: NodeJS.ProcessEnv = process.env): number {
  const text = env.SERVICE_HEAP_GROWING_PERCENT
  if (text === undefined || text === '') return DEFAULT_HEAP_GROWING_PERCENT
  const percent = Number(text)
  if (!Number.isInteger(percent) || percent < 0 || percent > 400) {
    throw new TypeError(`SERVICE_HEAP_GROWING_PERCENT must be a whole number from 0 to 400, not "${text}"`)
  }
  return percent
}

/** Applies it to this process: set at start-up, not on node's command line, so it holds however the service runs. */
export function limitHeapGrowth(env: NodeJS.ProcessEnv = process.env) {
  setFlagsFromString(`--heap-growing-percent=${heapGrowingPercentFromEnvironment(env)}`)
}
