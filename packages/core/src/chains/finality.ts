import type { Chain, PublicClient, Transport } from 'viem'
import type { ManifestChain } from '../config/manifest.ts'
import { InvalidManifestError } from '../errors/configErrors.ts'

export type FinalityConfig = Pick<ManifestChain, 'name' | 'confirmations' | 'finalityTag'>

/** The newest block the bridge services treat as final on a chain, with its timestamp. */
export type FinalHead = { number: bigint; timestamp: number }

/** Why a chain's finality cannot be used; undefined when it can. */
export function finalityProblem(chain: FinalityConfig): string | undefined {
  if (chain.finalityTag === undefined && chain.confirmations === undefined) {
    return `${chain.name} has neither "confirmations" nor "finalityTag" in the manifest`
  }
  return undefined
}

/**
 * The chain's final head: the node's `safe`/`finalized` block where the manifest names that tag,
 * else `latest − confirmations`. Throws when the manifest says neither (see `finalityProblem`).
 */
export async function finalHead(client: PublicClient<Transport, Chain>, chain: FinalityConfig): Promise<FinalHead> {
  const block = chain.finalityTag
    ? await client.getBlock({ blockTag: chain.finalityTag })
    : await client.getBlock({ blockNumber: await finalBlockNumber(client, chain) })
  return { number: block.number, timestamp: Number(block.timestamp) }
}

/** The final head's number alone: one call with `confirmations` (no block is fetched). */
export async function finalBlockNumber(client: PublicClient<Transport, Chain>, chain: FinalityConfig): Promise<bigint> {
  const problem = finalityProblem(chain)
  if (problem) throw new InvalidManifestError([problem])
  if (chain.finalityTag) return (await client.getBlock({ blockTag: chain.finalityTag })).number
  const depth = BigInt(chain.confirmations ?? 0)
  const latest = await client.getBlockNumber({ cacheTime: 0 })
  return latest > depth ? latest - depth : 0n
}

/** Blocks until an event is final, for delivery estimates (the tags' usual depth on Ethereum-like chains). */
export function finalityBlocks(chain: FinalityConfig): number {
  if (chain.finalityTag === 'finalized') return 64
  if (chain.finalityTag === 'safe') return 32
  return chain.confirmations ?? 0
}
