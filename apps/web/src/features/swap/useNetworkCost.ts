import { chainName, getManifestChain, type NetworkCost, type Route, readChain, type TokenRef } from '@multi-bridge/core'
import { queryOptions, skipToken, useQueries, useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { useManifest } from '../../lib/ManifestContext.tsx'
import { networkCostKeys } from '../../lib/queryKeys.ts'
import { useSwapClient } from '../../lib/swapClient.tsx'
import { loadSwapActions } from '../../lib/swapMutations.ts'
import type { NativeCoin } from './gasCheck.ts'

const networkCostReads = () => import('./networkCostReads.ts')

/** Fees move with every block: the figure is estimated again this often while the page is visible. */
const REFRESH_MS = 15_000

type NetworkCostContext = { manifest: ReturnType<typeof useManifest>; client: ReturnType<typeof useSwapClient> }

/**
 * The person's own cost on the origin chain for a route (core's `estimateNetworkCost`): the approvals the allowance
 * still needs and the deposit, at the current fee, through the app's chain clients. A refreshed quote of the same
 * request keeps the figure while it is estimated again (the key leaves the quote's id out).
 */
function networkCostQuery(route: Route | undefined, { manifest, client }: NetworkCostContext) {
  return queryOptions<NetworkCost, Error, NetworkCost, readonly unknown[]>({
    queryKey: route ? networkCostKeys.route(route) : networkCostKeys.none,
    staleTime: REFRESH_MS,
    refetchInterval: REFRESH_MS,
    refetchIntervalInBackground: false,
    // Bounded (readChain): a chain that does not answer is named, and Swap is not held back by it for long.
    retry: false,
    queryFn: route
      ? async () => {
          const [providers, clients, { estimateNetworkCost }, { prepareDeposit }] = await Promise.all([
            client.getProviders(),
            client.getChainClients(),
            networkCostReads(),
            loadSwapActions(),
          ])
          const provider = providers.get(route.providerId)
          if (!provider) throw new Error(`no provider ${route.providerId}`)
          // The plan the swap would sign, checked as executeRoute checks it: its approval and deposit are estimated.
          const { plan } = await prepareDeposit(provider, route)
          const chainId = route.request.origin.chainId
          const chain = { id: chainId, name: chainName(manifest, chainId) }
          return readChain(chain, () => estimateNetworkCost({ clients, account: route.request.sender, plan }))
        }
      : skipToken,
  })
}

/** The network cost of one route (see `networkCostQuery`). */
export function useNetworkCost(route: Route | undefined) {
  const manifest = useManifest()
  const client = useSwapClient()
  return useQuery(networkCostQuery(route, { manifest, client }))
}

export type NetworkCosts = {
  /** Each route's estimated cost, by route id (a gasless route has none: the solver pays it). */
  byRoute: ReadonlyMap<string, NetworkCost>
  /** Every route that needs gas has been estimated, or could not be (its chain did not answer). */
  settled: boolean
}

/**
 * The network cost of every route the person pays gas for, each its own query (the same as `useNetworkCost`'s, so
 * the selected route's figure is estimated once): what ranks routes by what the person keeps and warns of the
 * whole cost.
 */
export function useNetworkCosts(routes: readonly Route[]): NetworkCosts {
  const manifest = useManifest()
  const client = useSwapClient()
  const paid = routes.filter((route) => !route.gasless)
  return useQueries({
    queries: paid.map((route) => networkCostQuery(route, { manifest, client })),
    combine: (results) => {
      const byRoute = new Map<string, NetworkCost>()
      results.forEach((result, index) => {
        const route = paid[index]
        if (route && result.data) byRoute.set(route.id, result.data)
      })
      return { byRoute, settled: results.every((result) => result.data !== undefined || result.isError) }
    },
  })
}

/** What Max on a native coin keeps for gas before there is a route to estimate (one deposit at its fallback gas). */
export function useDepositReserve(origin: TokenRef | undefined) {
  const client = useSwapClient()
  const chainId = origin?.kind === 'native' ? origin.chainId : undefined
  return useQuery<NetworkCost>({
    queryKey: networkCostKeys.reserve(chainId),
    staleTime: REFRESH_MS,
    queryFn:
      chainId === undefined
        ? skipToken
        : async () => {
            const [clients, { estimateDepositReserve }] = await Promise.all([
              client.getChainClients(),
              networkCostReads(),
            ])
            return estimateDepositReserve({ clients, chainId })
          },
  })
}

/** A chain's native coin and name, as the gas messages say them. */
export function useNativeCoin(chainId: number | undefined): NativeCoin | undefined {
  const manifest = useManifest()
  return useMemo(() => {
    const chain = chainId === undefined ? undefined : getManifestChain(manifest, chainId)
    return chain
      ? { symbol: chain.nativeCurrency.symbol, decimals: chain.nativeCurrency.decimals, network: chain.name }
      : undefined
  }, [manifest, chainId])
}
