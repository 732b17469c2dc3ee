import type { Manifest } from '@multi-bridge/core'
import { serveApi } from '../shared/http.ts'
import type { Logger } from '../shared/logger.ts'
import { repeat, type ServiceHandle, serviceHandle } from '../shared/serviceLoop.ts'
import { DEFAULT_RETENTION, pruneSettled, type Retention } from '../shared/store/retention.ts'
import { advanceTransfers } from './advance.ts'
import { createRelayerContext } from './context.ts'
import { watchFinalizedTransfers } from './finalizedWatch.ts'
import { watchSent } from './indexSent.ts'
import { createRelayerApi } from './serve.ts'

export { RELEASE_GAS_CAP } from './sendRelease.ts'
export { openRelayerStore } from './state.ts'

export type StartRelayerParameters = {
  manifest: Manifest
  dataDir: string
  /** PostgreSQL (`DATABASE_URL`) instead of the SQLite file in `dataDir`. */
  databaseUrl?: string | undefined
  port: number
  log: Logger
  pollIntervalMs?: number
  /** How long a settled transfer is kept. */
  retention?: Retention
}

/**
 * Releases pool transfers on their destination and finalizes them on their origin. It acts only on
 * deposits that are final on the origin, re-reads each one there before paying, and releases only
 * while enough time is left for the finalize to land before the sender could refund without attestation.
 */
export async function startRelayer(parameters: StartRelayerParameters): Promise<ServiceHandle> {
  const context = await createRelayerContext(parameters)
  const controller = new AbortController()
  const { signal } = controller
  const intervalMs = parameters.pollIntervalMs ?? 300
  const server = await serveApi(createRelayerApi(context), parameters.port, context.log)

  const loops: Promise<void>[] = []
  for (const chain of context.chains.values()) {
    const watching = watchSent(context, { chain, intervalMs, signal })
    if (watching) loops.push(watching)
  }
  loops.push(repeat(signal, intervalMs, () => advanceTransfers(context)))
  const retention = parameters.retention ?? DEFAULT_RETENTION
  loops.push(pruneSettled(context.store, { retention, signal, log: context.log }))
  // Finalized transfers read again at the origin's final head for a while: a reorg deeper than finality is alerted.
  loops.push(watchFinalizedTransfers(context, signal))
  context.log.info('relayer started', { relayer: context.account.address, port: parameters.port })

  return serviceHandle(server, controller, loops, context)
}
