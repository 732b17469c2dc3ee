import type { ManifestChain } from '@multi-bridge/core'
import { HttpError } from '../shared/http.ts'
import type { SolverContext } from './context.ts'

export type { ChainWatch } from './context.ts'

/**
 * How long a chain's last read vouches for it: past this, its poller is hung (an RPC that neither answers nor fails
 * within its time-out and retries), and what is opened there now would not be seen.
 */
export const WATCH_STALE_MS = 15_000

/** The poller's report for `chainId` (logPoller's `onRead`). */
export const watchReporter =
  (context: Pick<SolverContext, 'watch'>, chainId: number, now = Date.now) =>
  (read: boolean) => {
    const last = context.watch.get(chainId)
    context.watch.set(chainId, { readAt: read ? now() : (last?.readAt ?? 0), read })
  }

/**
 * Refuses a quote on a route the solver cannot follow now: an order opened on an origin it cannot read would wait
 * unseen (the person's money in escrow until the chain is back or the order is refunded), and a fill to a destination
 * it cannot read cannot be sent. A 503 naming the chain: the app says which network is out of sight, and asks again.
 * A chain with no poller (no origin settler) is judged by the quote's own reads.
 */
export function requireWatched(
  context: Pick<SolverContext, 'watch'>,
  chains: readonly ManifestChain[],
  now = Date.now(),
): void {
  for (const chain of chains) {
    const watch = context.watch.get(chain.id)
    if (watch && (!watch.read || now - watch.readAt > WATCH_STALE_MS)) {
      throw new HttpError(503, 'CHAIN_UNAVAILABLE', `The solver cannot read ${chain.name} right now`, {
        chainId: chain.id,
      })
    }
  }
}
