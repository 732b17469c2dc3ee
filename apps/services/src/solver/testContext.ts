import type { ChainContext } from '../shared/context.ts'
import { createFailureTracker } from '../shared/failures.ts'
import { createLogger } from '../shared/logger.ts'
import { openScratchStore } from '../shared/store/testEngines.ts'
import { emptyWorkState, type SolverContext } from './context.ts'
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
    ...emptyWorkState(),
    setUp: { approved: new Set(parameters.chains.keys()), minRefundDelays: new Map() },
    attester: { intent: async () => undefined, transfer: async () => undefined },
  } as unknown as SolverContext
}
