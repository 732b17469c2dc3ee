/**
 * `npm start`: the local chains, every contract, the solver, attester and relayer, in one terminal
 * with prefixed, readable output. Ctrl-C stops everything it started.
 */
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { DEFAULT_BASE_PORT, isPortTaken, PortInUseError, SERVICE_PORT_OFFSETS, startDevnet } from '@multi-bridge/devnet'
import { type ServiceName, type ServiceProcess, spawnService } from '@multi-bridge/services'
import { formatLogLine } from './output.ts'

const root = join(import.meta.dirname, '..')
const stateDir = process.env.MULTIBRIDGE_STATE_DIR ?? join(root, '.devnet')
const manifestPath = join(stateDir, 'manifest.json')
const basePort = Number(process.env.DEVNET_BASE_PORT ?? DEFAULT_BASE_PORT)
const print = (source: string, line: string) => process.stdout.write(`${formatLogLine(source, line)}\n`)

const services: ServiceProcess[] = []
let stopDevnet: (() => Promise<void>) | undefined
let stopping = false

async function shutdown(code: number) {
  if (stopping) return
  stopping = true
  print('start', 'stopping…')
  await Promise.allSettled(services.map((service) => service.stop()))
  await stopDevnet?.()
  process.exit(code)
}
process.once('SIGINT', () => void shutdown(0))
process.once('SIGTERM', () => void shutdown(0))

try {
  for (const [name, offset] of Object.entries(SERVICE_PORT_OFFSETS)) {
    if (await isPortTaken(basePort + offset)) throw new PortInUseError(basePort + offset, name)
  }
  // A fresh network every start: the services' saved progress belongs to the previous chains.
  rmSync(stateDir, { recursive: true, force: true })
  print('devnet', 'starting three local chains and deploying…')
  const devnet = await startDevnet({ basePort, manifestPath })
  stopDevnet = devnet.stop
  for (const chain of devnet.manifest.chains) {
    print('devnet', `${chain.name} · chain id ${chain.id} · ${chain.blockTime}s blocks · ${chain.rpcUrls[0]}`)
  }
  print('devnet', `ready in ${devnet.startupMs} ms · manifest ${manifestPath}`)
  for (const name of ['attester', 'solver', 'relayer'] as ServiceName[]) {
    const url = devnet.manifest.services[name]?.url as string
    const service = spawnService({
      name,
      manifestPath,
      dataDir: join(stateDir, 'data'),
      port: Number(new URL(url).port),
      onLine: (line) => print(name, line),
    })
    services.push(service)
    service.child.once('exit', (code) => {
      if (!stopping) {
        print(name, `exited with code ${code}; stopping everything`)
        void shutdown(1)
      }
    })
  }
  await Promise.all(services.map((service) => service.ready))
  print('start', 'everything is up. Ctrl-C stops it.')
} catch (error) {
  print('start', error instanceof Error ? error.message : String(error))
  await shutdown(1)
}
