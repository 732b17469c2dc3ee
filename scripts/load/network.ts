import { appendFileSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Manifest } from '@multi-bridge/core'
import { type Network, startNetwork } from '@multi-bridge/services'
import { type CountingProxy, startCountingProxy } from './countingProxy.ts'

/** The network as `npm start` runs it, with a counting proxy between the services and each chain. */
export type LoadNetwork = Network & {
  /** Per chain index, the proxy the services reach that chain through. */
  proxies: CountingProxy[]
  rpcCalls: () => number
  exits: string[]
  /** The services' error lines (a JSON log line at level "error"), at most 200 kept. */
  errors: string[]
  /** Orders (lower-case ids) whose fill the solver held back: over its cap on unconfirmed exposure, or paused claims. */
  waited: Set<string>
  /** The solver's alerts of a gasless order filled whose open failed: the USD it says it lost within its window. */
  gaslessAlerts: { orderId: string; lostInWindowUsd: number }[]
}

export async function startLoadNetwork(retentionSeconds: number): Promise<LoadNetwork> {
  const workDir = mkdtempSync(join(tmpdir(), 'multibridge-load-'))
  // LOAD_SERVICE_LOG=<file>: every line the services log, for a diagnosis (they log when each order is seen,
  // accepted, filled…).
  const serviceLog = process.env.LOAD_SERVICE_LOG || undefined
  const proxies: CountingProxy[] = []
  const exits: string[] = []
  const errors: string[] = []
  const waited = new Set<string>()
  const gaslessAlerts: LoadNetwork['gaslessAlerts'] = []
  const stopProxies = () => Promise.all(proxies.map((proxy) => proxy.stop()))
  let network: Network
  try {
    network = await startNetwork({
      stateDir: join(workDir, 'state'),
      onLine: (source, line) => {
        if (serviceLog) appendFileSync(serviceLog, `[${source}] ${line}\n`)
        if (line.includes('"level":"error"') && errors.length < 200) errors.push(`[${source}] ${line}`)
        const held =
          source === 'solver' && line.includes('"msg":"fill waits"')
            ? /"orderId":"(0x[0-9a-fA-F]{64})"/.exec(line)
            : null
        if (held?.[1]) waited.add(held[1].toLowerCase())
        if (source === 'solver' && line.includes('whose gasless open failed')) {
          const alert = JSON.parse(line) as { orderId: string; lostInWindowUsd: string }
          gaslessAlerts.push({ orderId: alert.orderId, lostInWindowUsd: Number(alert.lostInWindowUsd) / 1e18 })
        }
      },
      onServiceExit: (name, code) => exits.push(`${name} exited with code ${code}`),
      // A short retention, so that the run sees what pruning leaves of the databases.
      serviceEnv: { STATE_RETENTION_SECONDS: String(retentionSeconds) },
      serviceManifest: async (manifest: Manifest) => ({
        ...manifest,
        chains: await Promise.all(
          manifest.chains.map(async (chain, index) => {
            const proxy = await startCountingProxy(chain.rpcUrls[0] as string)
            proxies[index] = proxy
            return { ...chain, rpcUrls: [proxy.url] }
          }),
        ),
      }),
    })
  } catch (error) {
    await stopProxies()
    throw error
  }
  return {
    ...network,
    proxies,
    exits,
    errors,
    waited,
    gaslessAlerts,
    rpcCalls: () => proxies.reduce((total, proxy) => total + proxy.calls(), 0),
    stop: async () => {
      await network.stop()
      await stopProxies()
      rmSync(workDir, { recursive: true, force: true })
    },
  }
}
