import { type Chain, createPublicClient, http, type PublicClient, type Transport } from 'viem'
import type { Manifest } from '../config/manifest.ts'
import { UnexpectedError } from '../errors/walletErrors.ts'
import { manifestChainToViem } from './manifestChain.ts'

export type ChainClients = ReadonlyMap<number, PublicClient<Transport, Chain>>

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
  if (!client) throw new UnexpectedError(`no RPC client for chain ${chainId}`)
  return client
}
