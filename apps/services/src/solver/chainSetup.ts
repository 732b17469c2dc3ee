import { setTimeout } from 'node:timers/promises'
import type { ManifestChain } from '@multi-bridge/core'
import type { ChainContext } from '../shared/context.ts'
import { HttpError } from '../shared/http.ts'
import { ensureChainApprovals } from './approvals.ts'
import type { SolverContext } from './context.ts'
import { readRefundDelay } from './refundDelays.ts'

/** How long a chain whose setup failed waits before it is tried again. */
export const SETUP_RETRY_MS = 2_000

type SetupContext = Pick<SolverContext, 'chains' | 'solver' | 'log' | 'failures' | 'setUp'>

/**
 * Sets each chain up for the solver, each on its own and in the background, until it is done: the approvals that let
 * its destination settler pull the solver's tokens, and its origin settler's least refund delay. A chain that does not
 * answer is tried again every SETUP_RETRY_MS while the others serve: until it is set up, its routes are not quoted
 * (`requireReady`) and no fill goes to it (fill.ts). Gives the loops, and a promise that settles once every chain has
 * been tried once (set up or not).
 */
export function setUpChains(
  context: SetupContext,
  signal: AbortSignal,
): { loops: Promise<void>[]; triedOnce: Promise<void> } {
  const tries: Promise<void>[] = []
  const loops = [...context.chains.values()].map((chain) => {
    let tried = () => {}
    tries.push(
      new Promise<void>((resolve) => {
        tried = resolve
      }),
    )
    return setUpChain(context, chain, signal, () => tried())
  })
  return { loops, triedOnce: Promise.all(tries).then(() => undefined) }
}

async function setUpChain(context: SetupContext, chain: ChainContext, signal: AbortSignal, tried: () => void) {
  const chainId = chain.config.id
  const key = `setup:${chainId}`
  while (!signal.aborted) {
    try {
      await ensureChainApprovals(context, chain)
      await readRefundDelay(context, chain)
      context.failures.succeeded(key)
      context.log.info('chain set up', { chainId })
      return
    } catch (error) {
      context.failures.failed(key, 'chain setup failed', error, { chainId })
    } finally {
      tried()
    }
    await setTimeout(SETUP_RETRY_MS, undefined, { signal }).catch(() => undefined)
  }
  tried()
}

/** Whether the solver is set up on `chain`: approved there, and its refund delay read when it has an origin settler. */
export function isChainReady(context: Pick<SolverContext, 'setUp'>, chain: ManifestChain): boolean {
  if (!context.setUp.approved.has(chain.id)) return false
  return !chain.contracts.intentOriginSettler || context.setUp.minRefundDelays.has(chain.id)
}

/**
 * Refuses a quote or a gasless order on a route the solver is not set up on yet (a chain unreachable since it started):
 * a 503 naming the chain, as for a chain out of sight (watch.ts); the app asks again.
 */
export function requireReady(context: Pick<SolverContext, 'setUp'>, chains: readonly ManifestChain[]): void {
  for (const chain of chains) {
    if (!isChainReady(context, chain)) {
      throw new HttpError(503, 'CHAIN_UNAVAILABLE', `The solver is not set up on ${chain.name} yet`, {
        chainId: chain.id,
      })
    }
  }
}
