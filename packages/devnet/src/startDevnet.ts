import { mkdirSync, renameSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import type { Manifest } from '@multi-bridge/core'
import { createTestClient, http } from 'viem'
import { type AnvilInstance, startAnvil } from './anvil.ts'
import {
  DEVNET_ACCOUNTS,
  DEVNET_ATTESTER_THRESHOLD,
  DEVNET_CHAINS,
  DEVNET_MNEMONIC,
  type DevnetChainConfig,
  type ServicePorts,
  servicePortsFrom,
} from './config.ts'
import { type DeployedChain, deployChain, seedChain } from './deploy.ts'

export type StartDevnetParameters = {
  /** First chain's port; the others follow. Omitted: every port is a free one (for tests). */
  basePort?: number
  /** Service ports written to the manifest; omitted with basePort: base + offsets; otherwise required. */
  servicePorts?: ServicePorts
  /** Where to write the manifest (atomically). */
  manifestPath?: string
  chains?: readonly DevnetChainConfig[]
  onLog?: (source: string, line: string) => void
}

export type Devnet = {
  manifest: Manifest
  anvils: AnvilInstance[]
  /** Milliseconds from call to a seeded, mining network. */
  startupMs: number
  stop: () => Promise<void>
}

/** Starts the local chains, deploys and seeds everything, then switches each chain to its block time. */
export async function startDevnet(parameters: StartDevnetParameters = {}): Promise<Devnet> {
  const started = Date.now()
  const chains = parameters.chains ?? DEVNET_CHAINS
  const anvils: AnvilInstance[] = []
  const stop = async () => {
    await Promise.all(anvils.map((anvil) => anvil.stop()))
  }
  try {
    for (const chain of chains) {
      const port = parameters.basePort === undefined ? undefined : parameters.basePort + chain.portOffset
      anvils.push(
        await startAnvil({
          chainId: chain.id,
          ...(port === undefined ? {} : { port }),
          onLog: (line) => parameters.onLog?.(chain.shortName, line),
        }),
      )
    }
    const deployed: DeployedChain[] = await Promise.all(chains.map((chain, i) => deployChain(chain, anvils[i]!.rpcUrl)))
    await Promise.all(
      chains.map((chain, i) =>
        seedChain(
          chain,
          anvils[i]!.rpcUrl,
          deployed[i]!,
          chains.flatMap((other, j) => (j === i ? [] : [{ id: other.id, deployed: deployed[j]! }])),
        ),
      ),
    )
    // viem reads anvil's JSON-RPC answer (and its error) for us.
    await Promise.all(
      chains.map((chain, i) =>
        createTestClient({ mode: 'anvil', transport: http(anvils[i]!.rpcUrl) }).setIntervalMining({
          interval: chain.blockTime,
        }),
      ),
    )

    const servicePorts =
      parameters.servicePorts ?? (parameters.basePort === undefined ? undefined : servicePortsFrom(parameters.basePort))
    const localUrl = (port: number) => `http://127.0.0.1:${port}`
    const serviceUrl = (port: number) => ({ url: localUrl(port) })
    const manifest: Manifest = {
      version: 1,
      mode: 'devnet',
      generatedAt: new Date().toISOString(),
      chains: chains.map((chain, i) => ({
        id: chain.id,
        name: chain.name,
        shortName: chain.shortName,
        rpcUrls: [anvils[i]!.rpcUrl],
        // anvil answers WebSocket on the same port: the services hear of each block there.
        webSocketUrls: [anvils[i]!.rpcUrl.replace(/^http/, 'ws')],
        blockTime: chain.blockTime,
        confirmations: chain.confirmations,
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        testnet: true,
        contracts: deployed[i]!.contracts,
        tokens: deployed[i]!.tokens,
      })),
      services: servicePorts
        ? {
            solver: serviceUrl(servicePorts.solver),
            attesters: { threshold: DEVNET_ATTESTER_THRESHOLD, urls: servicePorts.attesters.map(localUrl) },
            relayer: serviceUrl(servicePorts.relayer),
          }
        : {},
      devnet: {
        mnemonic: DEVNET_MNEMONIC,
        accounts: { ...DEVNET_ACCOUNTS, attesters: [...DEVNET_ACCOUNTS.attesters], users: [...DEVNET_ACCOUNTS.users] },
        inAppWallet: true,
        lookAlikes: chains.map((chain, i) => ({
          chainId: chain.id,
          address: deployed[i]!.lookAlikeUsdc,
          copies: deployed[i]!.tokens.find((token) => token.kind === 'usdc')!.address,
        })),
      },
    }
    if (parameters.manifestPath) writeManifest(parameters.manifestPath, manifest)
    return { manifest, anvils, startupMs: Date.now() - started, stop }
  } catch (error) {
    await stop()
    throw error
  }
}

export function writeManifest(path: string, manifest: Manifest): void {
  mkdirSync(dirname(path), { recursive: true })
  const temporary = `${path}.${process.pid}.tmp`
  writeFileSync(temporary, `${JSON.stringify(manifest, null, 2)}\n`)
  renameSync(temporary, path)
}
