import type { ChainContext } from '../shared/context.ts'
import { createFailureTracker } from '../shared/failures.ts'
import { createLogger } from '../shared/logger.ts'
import { openScratchStore } from '../shared/store/testEngines.ts'
import type { SolverContext } from './context.ts'
import { DEFAULT_PRICING, parsePricing } from './pricing.ts'
import { openSolverStore } from './state.ts'

/**
 * A solver's context over fake chains, for the solver's unit tests: a scratch store, every chain set up (approved),
 * default pricing unless `maxUnconfirmedUsd` is given, and attesters that have signed nothing yet.
 */
export async function fakeSolverContext(parameters: {
  solver: string
  chains: ReadonlyMap<number, ChainContext>
  storePrefix: string
  maxUnconfirmedUsd?: string
}): Promise<SolverContext> {
  const log = createLogger('solver', {}, 'error')
  const pricing = parameters.maxUnconfirmedUsd
    ? { ...DEFAULT_PRICING, maxUnconfirmedUsd: parameters.maxUnconfirmedUsd }
    : DEFAULT_PRICING
  return {
    pricing: parsePricing(pricing),
    account: { address: parameters.solver },
    solver: parameters.solver,
    chains: new Map(parameters.chains),
    store: await openScratchStore(parameters.storePrefix, openSolverStore),
    log,
    failures: createFailureTracker(log),
    inFlight: new Set<string>(),
    admitting: new Set<string>(),
    exposureHeld: new Set<string>(),
    heldOutputs: new Map(),
    preparedFills: new Map(),
    gasPrices: new Map(),
    minRefundDelays: new Map(),
    approvedChains: new Set(parameters.chains.keys()),
    attester: { intent: async () => undefined, transfer: async () => undefined },
  } as unknown as SolverContext
}
