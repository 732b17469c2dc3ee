/**
 * `npm start`: the local chains, every contract, the solver, the three attesters and the relayer, in one terminal
 * with prefixed, readable output. Ctrl-C stops everything it started.
 */
import { join } from 'node:path'
import { DEFAULT_BASE_PORT, isPortTaken, PortInUseError, servicePortsFrom } from '@multi-bridge/devnet'
import { type Network, startNetwork } from '@multi-bridge/services'
import { createServer, type ViteDevServer } from 'vite'
import { formatLogLine } from './output.ts'

const root = join(import.meta.dirname, '..')
const stateDir = process.env.MULTIBRIDGE_STATE_DIR ?? join(root, '.devnet')
const basePort = Number(process.env.DEVNET_BASE_PORT ?? DEFAULT_BASE_PORT)
const webPort = Number(process.env.WEB_PORT ?? 5173)
const print = (source: string, line: string) => process.stdout.write(`${formatLogLine(source, line)}\n`)

let network: Network | undefined
let web: ViteDevServer | undefined
let stopping = false

async function shutdown(code: number) {
  if (stopping) return
  stopping = true
  print('start', 'stopping…')
  await web?.close()
  await network?.stop()
  process.exit(code)
}
// Ctrl-C reaches the services and chains too (one process group); shutdown() still stops each of
// them and waits, so nothing outlives this process. Closing the terminal (SIGHUP) does the same.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, () => void shutdown(0))

try {
  const ports = servicePortsFrom(basePort)
  const named = [
    ['solver', ports.solver],
    ['relayer', ports.relayer],
    ...ports.attesters.map((port, index) => [`attester ${index + 1}`, port] as const),
  ] as const
  for (const [name, port] of named) {
    if (await isPortTaken(port)) throw new PortInUseError(port, name)
  }
  if (await isPortTaken(webPort)) throw new PortInUseError(webPort, 'web app')
  print('devnet', 'starting three local chains, deploying, starting the services…')
  network = await startNetwork({
    stateDir,
    basePort,
    // anvil's own chatter stays out of the way; the services' logs are what a person follows.
    onLine: (source, line) => {
      if (!source.startsWith('local-')) print(source, line)
    },
    onServiceExit: (name, code) => {
      if (stopping) return // a Ctrl-C reaches the services directly: that exit is expected
      print(name, `exited with code ${code}; stopping everything`)
      void shutdown(1)
    },
  })
  for (const chain of network.manifest.chains) {
    print('devnet', `${chain.name} · chain id ${chain.id} · ${chain.blockTime}s blocks · ${chain.rpcUrls[0]}`)
  }
  print('devnet', `chains ready in ${network.devnet.startupMs} ms · manifest ${network.manifestPath}`)
  // The app reads the manifest this network just wrote (see apps/web/vite.config.ts).
  process.env.MULTIBRIDGE_MANIFEST = network.manifestPath
  web = await createServer({
    root: join(root, 'apps', 'web'),
    configFile: join(root, 'apps', 'web', 'vite.config.ts'),
    server: { port: webPort, strictPort: true, host: '127.0.0.1' },
    clearScreen: false,
    logLevel: 'warn',
  })
  await web.listen()
  print('web', `the app, with the local test wallet: http://127.0.0.1:${webPort}/`)
  print('start', 'everything is up. Ctrl-C stops it.')
} catch (error) {
  print('start', error instanceof Error ? error.message : String(error))
  await shutdown(1)
}
