/**
 * Runs one service: `tsx apps/services/src/cli.ts <solver|attester|relayer> --manifest <path> --data-dir <dir> [--port <n>]`
 * The port defaults to the one in the manifest's service URL.
 */
import { parseArgs } from 'node:util'
import { startAttester } from './attester/attester.ts'
import { startRelayer } from './relayer/relayer.ts'
import { readManifestFile } from './shared/context.ts'
import { createLogger } from './shared/logger.ts'
import { startSolver } from './solver/solver.ts'

const services = { solver: startSolver, attester: startAttester, relayer: startRelayer } as const
type ServiceName = keyof typeof services

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    manifest: { type: 'string', default: '.devnet/manifest.json' },
    'data-dir': { type: 'string', default: '.devnet/data' },
    port: { type: 'string' },
  },
})
const name = positionals[0] as ServiceName | undefined
if (!name || !(name in services)) {
  console.error(`usage: cli.ts <${Object.keys(services).join('|')}> --manifest <path> --data-dir <dir> [--port <n>]`)
  process.exit(2)
}
const log = createLogger(name)
try {
  const manifest = readManifestFile(values.manifest)
  const url = manifest.services[name]?.url
  const port = values.port ? Number(values.port) : url ? Number(new URL(url).port) : Number.NaN
  if (!Number.isInteger(port) || port <= 0)
    throw new Error(`no port for ${name}: pass --port or list it in the manifest`)
  // The solver's fill window (seconds until an order becomes refundable) can be shortened, e.g. for tests.
  const fillWindow = Number(process.env.SOLVER_FILL_WINDOW_SECONDS)
  const handle = await services[name]({
    manifest,
    dataDir: values['data-dir'],
    port,
    log,
    ...(name === 'solver' && fillWindow > 0 ? { pricing: { fillWindowSeconds: fillWindow } } : {}),
  })
  const shutdown = async (signal: string) => {
    log.info('stopping', { signal })
    await handle.stop()
    process.exit(0)
  }
  process.once('SIGINT', () => void shutdown('SIGINT'))
  process.once('SIGTERM', () => void shutdown('SIGTERM'))
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
