import { setTimeout } from 'node:timers/promises'
import { intentOriginSettlerAbi } from '@multi-bridge/contracts'
import type { Manifest } from '@multi-bridge/core'
import { getAbiItem } from 'viem'
import { serveApi } from '../shared/http.ts'
import type { Logger } from '../shared/logger.ts'
import { pollLogs } from '../shared/logPoller.ts'
import { persistedCursor, repeat, type ServiceHandle, serviceHandle } from '../shared/serviceLoop.ts'
import { DEFAULT_RETENTION, pruneSettled, type Retention } from '../shared/store/retention.ts'
import { advanceAll } from './advance.ts'
import { solverApi } from './api.ts'
import { isChainReady, setUpChains } from './chainSetup.ts'
import { watchClaimedOrders } from './claimedWatch.ts'
import { createSolverContext, type SolverContext } from './context.ts'
import { admitOpens, admitWaitingOpens } from './opens.ts'
import { DEFAULT_PRICING, parsePricing, type SolverPricingConfig } from './pricing.ts'
import { watchReporter } from './watch.ts'

export type { OrderStatus, SolverOrder } from './order.ts'
export { openSolverStore } from './state.ts'

const openEvent = getAbiItem({ abi: intentOriginSettlerAbi, name: 'Open' })

export type StartSolverParameters = {
  manifest: Manifest
  dataDir: string
  /** PostgreSQL (`DATABASE_URL`) instead of the SQLite file in `dataDir`. */
  databaseUrl?: string | undefined
  port: number
  log: Logger
  /** The pricing as `loadPricing` (or `resolvePricing`) checked it; the defaults when omitted. */
  pricing?: SolverPricingConfig
  pollIntervalMs?: number
  /** How long a settled order is kept. */
  retention?: Retention
}

/** Most the start waits for each chain's first setup before it says it is started: past it, a hung chain waits alone. */
export const SETUP_WAIT_MS = 10_000

/** Resolves once `promise` settled, or after `ms`, whichever comes first. */
async function untilOr(promise: Promise<unknown>, ms: number): Promise<void> {
  const timer = new AbortController()
  await Promise.race([
    promise.catch(() => undefined),
    setTimeout(ms, undefined, { signal: timer.signal }).catch(() => undefined),
  ])
  timer.abort()
}

/**
 * The solver: quotes intent orders, admits each `Open` it sees once, fills the accepted ones on their destination
 * and claims its repayment on the origin. Each step is an operation over the order's state machine (order.ts); this
 * only wires them: the context, the log pollers, the round that resumes unfinished orders, and the API.
 */
export async function startSolver(parameters: StartSolverParameters): Promise<ServiceHandle> {
  const context = await createSolverContext({
    ...parameters,
    pricing: parsePricing(parameters.pricing ?? DEFAULT_PRICING),
  })
  const controller = new AbortController()
  // Served at once, whatever a chain answers: a chain that is unreachable at start stops neither the start nor the
  // other routes (its setup is tried again in the background, its routes refused with a 503 meanwhile).
  const server = await serveApi(solverApi(context), parameters.port, context.log)
  // A fill has 2 destination blocks (1 s on Chain A) from the moment its open is mined: a poll every 250 ms, plus the
  // admissions the poll waits for, kept an open unseen for up to 0.8 s of them under load. A poll is one
  // `eth_blockNumber` when no block came.
  const pollIntervalMs = parameters.pollIntervalMs ?? 100
  const watched = [...context.chains.values()].filter((chain) => chain.config.contracts.intentOriginSettler)
  // In sight until a poll says otherwise; a chain that never answers is out of sight once its first read is stale.
  for (const chain of watched) context.watch.set(chain.config.id, { readAt: Date.now(), read: true })
  const loops = watched.map((chain) => watchOpens(context, chain.config.id, pollIntervalMs, controller.signal))
  // Resumes unfinished orders (after a restart too) and retries failed steps, the least time left first.
  loops.push(
    repeat(controller.signal, 1_000, () => {
      admitWaitingOpens(context)
      advanceAll(context)
    }),
  )
  const retention = parameters.retention ?? DEFAULT_RETENTION
  loops.push(pruneSettled(context.store, { retention, signal: controller.signal, log: context.log }))
  // Claimed orders read again at the origin's final head for a while: a reorg deeper than finality is alerted.
  loops.push(watchClaimedOrders(context, controller.signal))
  // Each chain's approvals and refund delay, each on its own loop until done (chainSetup.ts). The start waits for
  // every chain's first try, at most SETUP_WAIT_MS (a hung RPC), so that a plain start quotes every route at once.
  const setup = setUpChains(context, controller.signal)
  loops.push(...setup.loops)
  await untilOr(setup.triedOnce, SETUP_WAIT_MS)
  const notSetUp = [...context.chains.values()]
    .filter((chain) => !isChainReady(context, chain.config))
    .map((chain) => chain.config.id)
  context.log.info('solver started', { solver: context.solver, port: parameters.port, notSetUp })
  return serviceHandle(server, controller, loops, context)
}

/** Every `Open` on `chainId`'s origin settler as soon as it is mined (filling fast is the point; fill() caps the risk). */
function watchOpens(context: SolverContext, chainId: number, intervalMs: number, signal: AbortSignal) {
  const chain = context.chains.get(chainId)!
  return pollLogs({
    chain,
    address: chain.config.contracts.intentOriginSettler!,
    event: openEvent,
    head: () => chain.latestBlockNumber(),
    ...persistedCursor(context.store, String(chainId)),
    // Written down, then admitted each on its own without holding the cursor (admit.ts): an order whose destination
    // does not answer holds up no other order, and no later poll of this origin.
    onLogs: async (logs) => {
      admitOpens(
        context,
        logs.map((entry) => ({
          orderId: entry.args.orderId,
          originChainId: chainId,
          openBlock: entry.blockNumber.toString(),
          originData: entry.args.resolvedOrder.fillInstructions[0]?.originData ?? '0x',
        })),
      )
    },
    intervalMs,
    log: context.log,
    signal,
    onRead: watchReporter(context, chainId),
  })
}
