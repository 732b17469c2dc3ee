import { mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import type { Manifest } from '@multi-bridge/core'
import {
  DEVNET_ACCOUNTS,
  type Devnet,
  getFreePort,
  type ServicePorts,
  servicePortsFrom,
  startDevnet,
  writeManifest,
} from '@multi-bridge/devnet'
import { attesterName, type ServiceName, type ServiceProcess, spawnService } from './process.ts'
import { ServiceError } from './shared/errors.ts'

/** The devnet plus the services (solver, relayer, three attesters) as child processes: what `npm start` and the tests run. */
export type Network = {
  devnet: Devnet
  manifest: Manifest
  manifestPath: string
  dataDir: string
  ports: Record<ServiceName, number>
  services: Map<ServiceName, ServiceProcess>
  /**
   * (Re)starts one service with the same data directory, as after a crash. Rejects with the
   * service's own message when it exits before it is ready; refuses while it still runs. `env` is added to
   * that process's environment (a rotated attester's new ATTESTER_PRIVATE_KEY, say).
   */
  startService: (name: ServiceName, options?: { env?: NodeJS.ProcessEnv }) => Promise<ServiceProcess>
  stop: () => Promise<void>
}

/** The devnet's attesters, each its own process, key and data directory. */
export const ATTESTER_NAMES: readonly ServiceName[] = DEVNET_ACCOUNTS.attesters.map((_, index) => attesterName(index))
export const SERVICE_NAMES: readonly ServiceName[] = [...ATTESTER_NAMES, 'solver', 'relayer']

/** Where a service keeps its state: each attester its own directory, as on its own machine. */
export const serviceDataDir = (dataDir: string, name: ServiceName) =>
  name.startsWith('attester-') ? join(dataDir, name) : dataDir

export type StartNetworkParameters = {
  /** Holds the manifest and the services' data; emptied first, since it belongs to older chains. */
  stateDir: string
  /** Fixed ports from here (chains at +0..2, services at +100..104); free ports when omitted. */
  basePort?: number
  onLine?: (source: string, line: string) => void
  /** Called when a running service exits on its own (a crash, not a stop asked for here). */
  onServiceExit?: (name: ServiceName, code: number | null) => void
  /** Extra environment for the service processes (e.g. SOLVER_FILL_WINDOW_SECONDS). */
  serviceEnv?: NodeJS.ProcessEnv
  /**
   * What the services read instead of the devnet's manifest (tests put RPC proxies in front of the
   * chains this way, to cut a chain off from the services only).
   */
  serviceManifest?: (manifest: Manifest) => Manifest | Promise<Manifest>
}

export async function startNetwork(parameters: StartNetworkParameters): Promise<Network> {
  const { stateDir, basePort } = parameters
  rmSync(stateDir, { recursive: true, force: true })
  mkdirSync(stateDir, { recursive: true })
  const manifestPath = join(stateDir, 'manifest.json')
  const dataDir = join(stateDir, 'data')
  const { servicePorts, ports } = await networkPorts(basePort)
  const devnet = await startDevnet({
    ...(basePort === undefined ? {} : { basePort }),
    servicePorts,
    ...(parameters.onLine ? { onLog: parameters.onLine } : {}),
  })
  writeManifest(manifestPath, devnet.manifest)
  let servicesManifestPath = manifestPath
  if (parameters.serviceManifest) {
    servicesManifestPath = join(stateDir, 'services-manifest.json')
    writeManifest(servicesManifestPath, await parameters.serviceManifest(devnet.manifest))
  }
  const supervisor = superviseServices({ parameters, ports, dataDir, manifestPath: servicesManifestPath, devnet })
  try {
    await Promise.all(SERVICE_NAMES.map((name) => supervisor.startService(name)))
  } catch (error) {
    await supervisor.stop()
    throw error
  }
  const { services, startService, stop } = supervisor
  return { devnet, manifest: devnet.manifest, manifestPath, dataDir, ports, services, startService, stop }
}

/** The services' ports: fixed from `basePort` (services at +100..104), or free ones. */
async function networkPorts(basePort: number | undefined) {
  const servicePorts: ServicePorts =
    basePort === undefined
      ? {
          solver: await getFreePort(),
          relayer: await getFreePort(),
          attesters: await Promise.all(ATTESTER_NAMES.map(() => getFreePort())),
        }
      : servicePortsFrom(basePort)
  const ports: Record<ServiceName, number> = {
    solver: servicePorts.solver,
    relayer: servicePorts.relayer,
    ...Object.fromEntries(servicePorts.attesters.map((port, index) => [attesterName(index), port])),
  }
  return { servicePorts, ports }
}

/**
 * Starts, restarts and stops the services as child processes, and reports one that exits on its own. Every
 * process started here, restarted ones included, is tracked until it has exited: what `stop` ends.
 */
function superviseServices(setup: {
  parameters: StartNetworkParameters
  ports: Record<ServiceName, number>
  dataDir: string
  manifestPath: string
  devnet: Devnet
}) {
  const { parameters, ports } = setup
  const services = new Map<ServiceName, ServiceProcess>()
  const running = new Set<ServiceProcess>()
  const expectedExit = new Set<ServiceProcess>()
  let stopping = false
  const startService = async (name: ServiceName, options: { env?: NodeJS.ProcessEnv } = {}) => {
    if (stopping) {
      throw new ServiceError(`cannot start the ${name}: the network is stopping`, { code: 'NETWORK_STOPPING' })
    }
    const previous = services.get(name)
    if (previous && running.has(previous)) {
      throw new ServiceError(
        `the ${name} is still running (pid ${previous.child.pid}); stop it before starting another`,
        { code: 'SERVICE_RUNNING' },
      )
    }
    const port = ports[name]
    if (port === undefined) throw new ServiceError(`no ${name} in this network`, { code: 'SERVICE_UNKNOWN' })
    const service = spawnService({
      name,
      manifestPath: setup.manifestPath,
      dataDir: serviceDataDir(setup.dataDir, name),
      port,
      onLine: (line) => parameters.onLine?.(name, line),
      env: { ...parameters.serviceEnv, ...options.env },
    })
    running.add(service)
    const stop = service.stop
    service.stop = (signal) => {
      expectedExit.add(service)
      return stop(signal)
    }
    let started = false
    service.child.once('exit', (code) => {
      running.delete(service)
      // A failed start is reported by startService's rejection, not here as well.
      if (started && !expectedExit.has(service) && !stopping) parameters.onServiceExit?.(name, code)
    })
    services.set(name, service)
    try {
      await service.ready
    } catch (error) {
      if (services.get(name) === service) services.delete(name)
      throw error
    }
    started = true
    return service
  }
  // If this process ends without stop() (process.exit, an uncaught error), take the children along.
  // The services would also stop on their own when their IPC channel closes; anvil would not.
  const killAll = () => {
    for (const service of running) service.child.kill('SIGKILL')
    for (const anvil of setup.devnet.anvils) anvil.process.kill('SIGKILL')
  }
  process.once('exit', killAll)
  const stop = async () => {
    stopping = true
    await Promise.allSettled([...running].map((service) => service.stop()))
    await setup.devnet.stop()
    process.removeListener('exit', killAll)
  }
  return { services, startService, stop }
}
