import type { CheckedDeposit, Route } from '@multi-bridge/core'
import { useQuery } from '@tanstack/react-query'
import { toUserMessage, type UserMessage } from '../../lib/errorMessages.ts'
import { useManifest } from '../../lib/ManifestContext.tsx'
import { signedKeys } from '../../lib/queryKeys.ts'
import { loadSwapServices } from './useSwapServices.ts'

/** What the review shows of the transaction a route would sign: decoded, or why it is refused. */
export type SignedPreview = { deposit?: CheckedDeposit; error?: UserMessage; loading: boolean }

/**
 * The deposit a reviewed route would sign, planned by its provider and decoded from the calldata through the same
 * check `executeRoute` runs (core's `prepareDeposit`): the review shows what the wallet will be asked, and a
 * transaction that is not the request is refused here, before the person confirms.
 */
export function useSignedPreview(route: Route | undefined): SignedPreview {
  const manifest = useManifest()
  const query = useQuery({
    queryKey: signedKeys.route(route?.id ?? ''),
    enabled: route !== undefined,
    queryFn: async () => {
      const services = await loadSwapServices(manifest)
      const provider = route && services.providers.get(route.providerId)
      if (!route || !provider) throw new Error(`no provider for ${route?.providerId}`)
      return services.prepareDeposit(provider, route)
    },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60_000,
    retry: false,
  })
  return {
    ...(query.data ? { deposit: query.data } : {}),
    ...(query.error ? { error: toUserMessage(query.error) } : {}),
    loading: query.isPending && route !== undefined,
  }
}
