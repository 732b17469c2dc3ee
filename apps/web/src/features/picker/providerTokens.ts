import type { RouteProvider, SwapClient } from '@multi-bridge/core'
import { queryOptions } from '@tanstack/react-query'
import { pickerKeys } from '../../lib/queryKeys.ts'
import { toPickerToken } from './pickerTokens.ts'
import type { PickerToken } from './types.ts'

/**
 * The tokens the providers list, per chain id, each address once (the first provider to list it wins), and the
 * names of the providers whose list could not be loaded.
 */
export type ProviderTokens = { tokens: ReadonlyMap<number, readonly PickerToken[]>; failed: string[] }

/** A provider's token list is long and changes rarely: fetched once per session, on the first picker opening. */
const PROVIDER_TOKENS_STALE_MS = 60 * 60_000

/**
 * Merges the token lists of the providers that have one (LI.FI in production; none on the devnet).
 * A provider whose list fails is logged, left out and named (the picker says so, with a retry); the picker
 * keeps the config's tokens.
 */
export async function loadProviderTokens(providers: Iterable<RouteProvider>): Promise<ProviderTokens> {
  const listing = [...providers].filter((provider) => provider.listTokens)
  const results = await Promise.allSettled(listing.map((provider) => provider.listTokens?.() ?? new Map()))
  const merged = new Map<number, PickerToken[]>()
  const seen = new Set<string>()
  const failed: string[] = []
  results.forEach((result, index) => {
    if (result.status === 'rejected') {
      failed.push(listing[index]?.name ?? '')
      console.warn(`[picker] the ${listing[index]?.name} token list failed; the config's tokens remain`, result.reason)
      return
    }
    for (const [chainId, tokens] of result.value) {
      const list = merged.get(chainId) ?? []
      for (const token of tokens) {
        const key = `${chainId}:${token.address.toLowerCase()}`
        if (seen.has(key)) continue
        seen.add(key)
        list.push(toPickerToken(chainId, token))
      }
      merged.set(chainId, list)
    }
  })
  return { tokens: merged, failed }
}

export function providerTokensQueryOptions(client: SwapClient) {
  return queryOptions({
    queryKey: pickerKeys.providerTokens,
    // The providers' code loads with the first call; the list is not cancelled when the picker closes,
    // so the next opening has it.
    queryFn: async () => loadProviderTokens((await client.getProviders()).values()),
    staleTime: PROVIDER_TOKENS_STALE_MS,
    gcTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  })
}
