import { type Chain, createPublicClient, defineChain, http, type PublicClient, type Transport } from 'viem'
import type { Manifest, ManifestChain } from '../config/manifest.ts'

export type ChainClients = ReadonlyMap<number, PublicClient<Transport, Chain>>

export function manifestChainToViem(chain: ManifestChain): Chain {
  return defineChain({
    id: chain.id,
    name: chain.name,
    nativeCurrency: chain.nativeCurrency,
    rpcUrls: { default: { http: chain.rpcUrls } },
    ...(chain.blockExplorerUrl
      ? { blockExplorers: { default: { name: chain.name, url: chain.blockExplorerUrl } } }
      : {}),
    contracts: { multicall3: { address: chain.contracts.multicall3 } },
    testnet: chain.testnet,
  })
}

/** One read client per chain; reads in the same tick are batched into one multicall. */
export function createChainClients(manifest: Manifest): ChainClients {
  return new Map(
    manifest.chains.map((chain) => [
      chain.id,
      createPublicClient({
        chain: manifestChainToViem(chain),
        transport: http(chain.rpcUrls[0]),
        batch: { multicall: { wait: 16 } },
        pollingInterval: Math.max(500, (chain.blockTime * 1000) / 2),
      }),
    ]),
  )
}

export function clientFor(clients: ChainClients, chainId: number): PublicClient<Transport, Chain> {
  const client = clients.get(chainId)
  if (!client) throw new Error(`No RPC for chain ${chainId}`)
  return client
}
