/**
 * Runs one service: `node --import tsx apps/services/src/cli.ts <solver|attester|relayer> --manifest <path> --data-dir <dir> [--port <n>] [--index <n>] [--pricing <file>]`
 * (spawnService runs the same file bundled, see bundle.ts).
 * The port defaults to the one in the manifest's service URL. An attester is one of the manifest's
 * `services.attesters` (`--index`, from 0: its URL, and on the devnet its key; elsewhere ATTESTER_PRIVATE_KEY). The solver's pricing comes from
 * --pricing or SOLVER_PRICING_FILE, then SOLVER_SPREAD_BPS and SOLVER_FILL_WINDOW_SECONDS (see loadPricing.ts).
 * State goes to `<data-dir>/<service>.sqlite`, or to PostgreSQL when DATABASE_URL is set; settled entries are pruned
 * after STATE_RETENTION_SECONDS (default 7 days; see shared/store/). The heap grows by at most
 * SERVICE_HEAP_GROWING_PERCENT (default 100) over what its last full collection kept (shared/heap.ts).
 */
import { parseArgs } from 'node:util'
import { startAttester } from './attester/attester.ts'
import { startRelayer } from './relayer/relayer.ts'
import { readManifestFile } from './shared/context.ts'
import { ServiceError } from './shared/errors.ts'
import { limitHeapGrowth } from './shared/heap.ts'
import { READY_MESSAGE } from './shared/ipc.ts'
import { createLogger } from './shared/logger.ts'
import type { ServiceHandle } from './shared/serviceLoop.ts'
import { retentionFromEnvironment } from './shared/store/retention.ts'
import { loadPricing } from './solver/loadPricing.ts'
import { startSolver } from './solver/solver.ts'

const services = { solver: startSolver, attester: startAttester, relayer: startRelayer } as const
type ServiceName = keyof typeof services

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    manifest: { type: 'string', default: '.devnet/manifest.json' },
    'data-dir': { type: 'string', default: '.devnet/data' },
    port: { type: 'string' },
    index: { type: 'string', default: '0' },
    pricing: { type: 'string' },
  },
})
const name = positionals[0] as ServiceName | undefined
if (!name || !(name in services)) {
  console.error(
    `usage: cli.ts <${Object.keys(services).join('|')}> --manifest <path> --data-dir <dir> [--port <n>] [--index <n>] [--pricing <file>]`,
  )
  process.exit(2)
}
const log = createLogger(name)

let handle: ServiceHandle | undefined
let stopping = false
async function shutdown(reason: string) {
  if (stopping) return
  stopping = true
  log.info('stopping', { reason })
  await handle?.stop()
  process.exit(0)
}
// Registered before the start, so a stop asked for during start-up (e.g. Ctrl-C) is not lost: state
// is saved atomically on every change, so exiting half-way through start-up is safe.
process.once('SIGINT', () => void shutdown('SIGINT'))
process.once('SIGTERM', () => void shutdown('SIGTERM'))
// Started by spawnService: the IPC channel closes when the parent dies, however it dies.
if (process.send) process.once('disconnect', () => void shutdown('parent exited'))

try {
  limitHeapGrowth()
  const manifest = readManifestFile(values.manifest)
  const attesterIndex = Number(values.index)
  const url = name === 'attester' ? manifest.services.attesters?.urls[attesterIndex] : manifest.services[name]?.url
  const port = values.port ? Number(values.port) : url ? Number(new URL(url).port) : Number.NaN
  if (!Number.isInteger(port) || port <= 0) {
    throw new ServiceError(`no port for ${name}: pass --port or list it in the manifest`, { code: 'PORT_MISSING' })
  }
  const common = {
    manifest,
    dataDir: values['data-dir'],
    // PostgreSQL when set; the SQLite file in the data folder otherwise.
    databaseUrl: process.env.DATABASE_URL || undefined,
    retention: retentionFromEnvironment(),
    port,
    log,
  }
  handle =
    name === 'solver'
      ? await startSolver({ ...common, pricing: loadPricing(values.pricing ? { file: values.pricing } : {}) })
      : name === 'attester'
        ? await startAttester({ ...common, attesterIndex })
        : await services[name](common)
  if (process.connected) process.send?.(READY_MESSAGE)
} catch (error) {
  const code = (error as { code?: string }).code
  const message =
    code === 'EADDRINUSE'
      ? `port already in use: another ${name} may be running (${(error as Error).message})`
      : error instanceof Error
        ? error.message
        : String(error)
  log.error('failed to start', { error: message })
  process.exit(1)
}
