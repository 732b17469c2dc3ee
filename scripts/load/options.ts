/** `npm run load`'s settings, from the environment, so that a short run can be tried quickly. */
export type LoadOptions = {
  /** Orders and pool transfers in all (LOAD_ORDERS). */
  orders: number
  /** Orders sent per second, in one burst each second (LOAD_RATE). */
  rate: number
  /** Extra accounts funded from the devnet's users before the run (LOAD_ACCOUNTS). */
  accounts: number
  /** Share of hostile orders (LOAD_HOSTILE). */
  hostile: number
  /** Share of gasless orders whose signer cancels the authorization as the solver opens it (LOAD_GASLESS_HOSTILE). */
  gaslessHostile: number
  /** Largest amount in whole USD, under the solver's limits and far under its inventory (LOAD_MAX_USD). */
  maxUsd: number
  /** Every n-th item's attester answer is polled for the decision latency (LOAD_LATENCY_SAMPLE). */
  latencySample: number
  /** Seconds the chosen chain's RPC is cut off from the services (LOAD_CUT_SECONDS). */
  cutSeconds: number
  /** How long the services keep a settled item before pruning it (LOAD_RETENTION_SECONDS; 7 days outside the run). */
  retentionSeconds: number
  seed: number
}

const numberFrom = (name: string, fallback: number): number => {
  const raw = process.env[name]
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a non-negative number, got "${raw}"`)
  return value
}

export function loadOptions(): LoadOptions {
  const orders = Math.floor(numberFrom('LOAD_ORDERS', 1000))
  if (orders < 8) throw new Error('LOAD_ORDERS must be at least 8 (checkpoints at a quarter, a half and all)')
  const shares = numberFrom('LOAD_HOSTILE', 0.1) + numberFrom('LOAD_GASLESS_HOSTILE', 0.05)
  if (shares > 1) throw new Error(`LOAD_HOSTILE and LOAD_GASLESS_HOSTILE add up to ${shares}, more than 1`)
  return {
    orders,
    rate: numberFrom('LOAD_RATE', 20),
    accounts: Math.floor(numberFrom('LOAD_ACCOUNTS', 80)),
    hostile: numberFrom('LOAD_HOSTILE', 0.1),
    gaslessHostile: numberFrom('LOAD_GASLESS_HOSTILE', 0.05),
    maxUsd: numberFrom('LOAD_MAX_USD', 300),
    latencySample: Math.max(1, Math.floor(numberFrom('LOAD_LATENCY_SAMPLE', 10))),
    cutSeconds: numberFrom('LOAD_CUT_SECONDS', 15),
    retentionSeconds: Math.max(1, Math.floor(numberFrom('LOAD_RETENTION_SECONDS', 60))),
    seed: Math.floor(numberFrom('LOAD_SEED', Math.floor(Math.random() * 2 ** 32))),
  }
}

/** Where the figures are taken: after a quarter, a half and all of the orders (250, 500, 1,000 by default). */
export const checkpointsOf = (orders: number): number[] => [Math.round(orders / 4), Math.round(orders / 2), orders]
