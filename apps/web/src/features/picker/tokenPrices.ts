import { priceOf, type RouteProvider, type SwapClient } from '@multi-bridge/core'
import { queryOptions } from '@tanstack/react-query'
import { priceKeys } from '../../lib/queryKeys.ts'
import type { TokenPriceTable } from './types.ts'

/** Prices move: read again after this long, when the picker is opened. */
const TOKEN_PRICES_STALE_MS = 5 * 60_000

/** The key of a token in a `TokenPriceTable`. */
export const priceKey = (chainId: number, address: string) => `${chainId}:${address.toLowerCase()}`

/**
 * The USD prices the providers know (the devnet's solver table; LI.FI's token list in production), each token once
 * (the first provider to price it wins). A provider whose prices fail is logged and left out: its tokens show no USD
 * value and sort by their balance.
 */
export async function loadTokenPrices(providers: Iterable<RouteProvider>): Promise<TokenPriceTable> {
  const pricing = [...providers].filter((provider) => provider.tokenPrices)
  const results = await Promise.allSettled(pricing.map((provider) => provider.tokenPrices?.() ?? []))
  const table = new Map<string, bigint>()
  results.forEach((result, index) => {
    if (result.status === 'rejected') {
      console.warn(`[picker] the ${pricing[index]?.name} prices failed; its tokens show no USD value`, result.reason)
      return
    }
    for (const price of result.value) {
      const key = priceKey(price.chainId, price.address)
      const value = priceOf([price], price)
      if (value !== undefined && !table.has(key)) table.set(key, value)
    }
  })
  return table
}

export function tokenPricesQueryOptions(client: SwapClient) {
  return queryOptions({
    queryKey: priceKeys.tokens(client.manifest),
    queryFn: async () => loadTokenPrices((await client.getProviders()).values()),
    staleTime: TOKEN_PRICES_STALE_MS,
    refetchOnWindowFocus: false,
    retry: 1,
  })
}
