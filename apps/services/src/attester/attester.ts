import type { Manifest } from '@multi-bridge/core'
import { serveApi } from '../shared/http.ts'
import type { Logger } from '../shared/logger.ts'
import { repeat, type ServiceHandle, serviceHandle } from '../shared/serviceLoop.ts'
import { DEFAULT_RETENTION, pruneSettled, type Retention } from '../shared/store/retention.ts'
import { createAttesterContext, type DecisionLimits } from './context.ts'
import { createChainDecisions, decideKnown } from './decisions.ts'
import { indexLogs } from './indexLogs.ts'
import type { OrphanLimits } from './orphans.ts'
import { pruneOrphanEvents, settledOnChain } from './prune.ts'
import { createAttesterApi } from './serve.ts'

export { openAttesterStore } from './state.ts'

export type StartAttesterParameters = {
  manifest: Manifest
  dataDir: string
  /** PostgreSQL (`DATABASE_URL`) instead of the SQLite file in `dataDir`. */
  databaseUrl?: string | undefined
  port: number
  log: Logger
  /** Which of the manifest's attesters this is (its place in `services.attesters.urls`): its devnet key. */
  attesterIndex?: number
  pollIntervalMs?: number
  orphanLimits?: OrphanLimits
  decisionLimits?: DecisionLimits
  /**
   * How long a decided intent or transfer is kept once settled on chain (then answered from the chain), or in memory
   * once past its `expires` unsettled (then answered from the database).
   */
  retention?: Retention
}

/**
 * Watches every chain at its final head (the manifest's finality) and signs what happened there: a
 * fill or a no-fill for each intent, a release authorization and then released / not-released for
 * each pool transfer. Each item is decided on its own (decisions.ts): an order naming contracts outside the
 * manifest, a failing read, or a chain that is unreachable or whose reads hang delays only the items that need it.
 */
export async function startAttester(parameters: StartAttesterParameters): Promise<ServiceHandle> {
  const { manifest, log } = parameters
  const context = await createAttesterContext(parameters)
  const controller = new AbortController()
  const { signal } = controller
  const intervalMs = parameters.pollIntervalMs ?? 300
  const server = await serveApi(createAttesterApi(context), parameters.port, log)

  const loops: Promise<void>[] = []
  for (const chain of context.chains.values()) loops.push(...indexLogs(context, { chain, intervalMs, signal }))
  // What the final logs answer is decided at once; each chain decides the rest on its own loop.
  const decideAndPrune = () => {
    decideKnown(context)
    pruneOrphanEvents(context, { now: Date.now() })
  }
  loops.push(
    repeat(signal, intervalMs, decideAndPrune, (error) =>
      context.failures.failed('decisions', 'a decision round failed', error),
    ),
  )
  for (const chain of context.chains.values()) {
    const chainId = chain.config.id
    loops.push(
      repeat(signal, intervalMs, createChainDecisions(context, chain), (error) =>
        context.failures.failed(`decisions:${chainId}`, 'a decision round failed', error, { chainId }),
      ),
    )
  }
  log.info('attester started', {
    attester: context.signer.address,
    port: parameters.port,
    finality: manifest.chains.map((c) => ({ chainId: c.id, confirmations: c.confirmations, tag: c.finalityTag })),
  })

  const retention = parameters.retention ?? DEFAULT_RETENTION
  loops.push(pruneSettled(context.store, { retention, signal, log, confirm: settledOnChain(context, retention) }))
  return serviceHandle(server, controller, loops, context)
}
