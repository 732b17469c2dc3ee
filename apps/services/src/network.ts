import { mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import type { Manifest } from '@multi-bridge/core'
import { type Devnet, getFreePort, SERVICE_PORT_OFFSETS, startDevnet, writeManifest } from '@multi-bridge/devnet'
import { type ServiceName, type ServiceProcess, spawnService } from './process.ts'

/** The devnet plus the three services as child processes: what `npm start` and the tests run. */
export type Network = {
  devnet: Devnet
  manifest: Manifest
  manifestPath: string
  dataDir: string
  ports: Record<ServiceName, number>
  services: Map<ServiceName, ServiceProcess>
  /** (Re)starts one service with the same data directory, as after a crash. */
  startService: (name: ServiceName) => Promise<ServiceProcess>
  stop: () => Promise<void>
}

export const SERVICE_NAMES: readonly ServiceName[] = ['attester', 'solver', 'relayer']

export type StartNetworkParameters = {
  /** Holds the manifest and the services' data; emptied first, since it belongs to older chains. */
  stateDir: string
  /** Fixed ports from here (chains at +0..2, services at +100..102); free ports when omitted. */
  basePort?: number
  onLine?: (source: string, line: string) => void
  /** Called when a service exits on its own (a crash, not a stop or restart asked for here). */
  onServiceExit?: (name: ServiceName, code: number | null) => void
  /** Extra environment for the service processes (e.g. SOLVER_FILL_WINDOW_SECONDS). */
  serviceEnv?: NodeJS.ProcessEnv
}

export async function startNetwork(parameters: StartNetworkParameters): Promise<Network> {
  const { stateDir, basePort } = parameters
  rmSync(stateDir, { recursive: true, force: true })
  mkdirSync(stateDir, { recursive: true })
  const manifestPath = join(stateDir, 'manifest.json')
  const dataDir = join(stateDir, 'data')
  const ports: Record<ServiceName, number> =
    basePort === undefined
      ? { solver: await getFreePort(), attester: await getFreePort(), relayer: await getFreePort() }
      : {
          solver: basePort + SERVICE_PORT_OFFSETS.solver,
          attester: basePort + SERVICE_PORT_OFFSETS.attester,
          relayer: basePort + SERVICE_PORT_OFFSETS.relayer,
        }
  const devnet = await startDevnet({
    ...(basePort === undefined ? {} : { basePort }),
    servicePorts: ports,
    ...(parameters.onLine ? { onLog: parameters.onLine } : {}),
  })
  writeManifest(manifestPath, devnet.manifest)

  const services = new Map<ServiceName, ServiceProcess>()
  const expectedExit = new Set<ServiceProcess>()
  const startService = async (name: ServiceName) => {
    const service = spawnService({
      name,
      manifestPath,
      dataDir,
      port: ports[name],
      onLine: (line) => parameters.onLine?.(name, line),
      ...(parameters.serviceEnv ? { env: parameters.serviceEnv } : {}),
    })
    const stop = service.stop
    service.stop = (signal) => {
      expectedExit.add(service)
      return stop(signal)
    }
    service.child.once('exit', (code) => {
      if (!expectedExit.has(service)) parameters.onServiceExit?.(name, code)
    })
    services.set(name, service)
    await service.ready
    return service
  }
  const stopAll = async () => {
    await Promise.allSettled([...services.values()].map((service) => service.stop()))
    await devnet.stop()
  }
  try {
    await Promise.all(SERVICE_NAMES.map(startService))
  } catch (error) {
    await stopAll()
    throw error
  }
  return { devnet, manifest: devnet.manifest, manifestPath, dataDir, ports, services, startService, stop: stopAll }
}
