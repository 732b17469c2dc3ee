import type { Address } from 'viem'
import { type CollectSwapsReturnType, collectSwaps } from '../swaps/collectSwaps.ts'
import type { SwapClient } from './types.ts'

export type RestoreSwapsParameters = {
  owner: Address
  /** Only these chains (a retry of the chains that did not answer): providers with an API of their own are skipped. */
  chainIds?: readonly number[]
  chainTimeoutMs?: number
  apiTimeoutMs?: number
}
export type RestoreSwapsReturnType = CollectSwapsReturnType & {
  /** How many of the swaps found History did not know. */
  added: number
}

/**
 * "Restore from chain": every provider asked for the owner's swaps, chain by chain, until all have answered or
 * timed out (`collectSwaps`; each found record is brought to its state by the provider's first look, through
 * `applySwapEvent`); what History did not know is merged into it, and the unfinished swaps are tracked.
 */
export async function restoreSwaps(
  client: SwapClient,
  parameters: RestoreSwapsParameters,
): Promise<RestoreSwapsReturnType> {
  const providers = await client.getProviders()
  const result = await collectSwaps({ ...parameters, providers: [...providers.values()], manifest: client.manifest })
  const added = client.store.getState().merge(result.records)
  client.resume()
  return { ...result, added }
}
