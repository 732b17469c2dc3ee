import { type CheckedDeposit, MultiBridgeError, type Route, walkError } from '@multi-bridge/core'
import { useQuery } from '@tanstack/react-query'
import { toUserMessage, type UserMessage } from '../../lib/errorMessages.ts'
import { signedKeys } from '../../lib/queryKeys.ts'
import { useSwapClient } from '../../lib/swapClient.tsx'
import { loadSwapActions } from '../../lib/swapMutations.ts'

/**
 * What the review shows of the transaction a route would sign: decoded, or why not. `refused`: the transaction is
 * not the request (or calls what no one listed), so confirming must not be offered; any other error (an expired
 * quote) leaves confirming to `executeRoute`, which fetches the quote again and checks it the same way.
 */
export type SignedPreview = { deposit?: CheckedDeposit; error?: UserMessage; refused: boolean; loading: boolean }

const REFUSALS = new Set(['signedMismatch', 'unknownContract', 'invalidQuote'])
const isRefusal = (error: unknown) =>
  walkError(error, (item) => item instanceof MultiBridgeError && REFUSALS.has(item.code)) !== undefined

/**
 * The deposit a reviewed route would sign, planned by its provider and decoded from the calldata through the same
 * check `executeRoute` runs (core's `prepareDeposit`): the review shows what the wallet will be asked, and a
 * transaction that is not the request is refused here, before the person confirms.
 */
export function useSignedPreview(route: Route | undefined): SignedPreview {
  const client = useSwapClient()
  const query = useQuery({
    queryKey: signedKeys.route(route?.id ?? ''),
    enabled: route !== undefined,
    queryFn: async () => {
      const [providers, { prepareDeposit }] = await Promise.all([client.getProviders(), loadSwapActions()])
      const provider = route && providers.get(route.providerId)
      if (!route || !provider) throw new Error(`no provider for ${route?.providerId}`)
      try {
        return await prepareDeposit(provider, route)
      } catch (error) {
        console.error('[review] the transaction to sign was not accepted', error)
        throw error
      }
    },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60_000,
    retry: false,
  })
  return {
    ...(query.data ? { deposit: query.data } : {}),
    ...(query.error ? { error: toUserMessage(query.error) } : {}),
    refused: query.error !== null && isRefusal(query.error),
    loading: query.isPending && route !== undefined,
  }
}
