import type { SwapRecord } from '@multi-bridge/core'
import { useQuery } from '@tanstack/react-query'
import { useManifest } from '../../lib/ManifestContext.tsx'
import { swapKeys } from '../../lib/queryKeys.ts'
import { loadSwapServices } from '../swap/index.ts'

/** The provider's own page for a mined swap (LI.FI's scan, Across's transaction page), when it has one. */
export function useProviderPage(record: SwapRecord): string | undefined {
  const manifest = useManifest()
  const tracked = record.status !== 'signing' && record.status !== 'failed' ? record : undefined
  const query = useQuery({
    queryKey: swapKeys.providerPage(record.providerId, tracked?.depositTx),
    enabled: tracked !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async () => {
      if (!tracked) return null
      const provider = (await loadSwapServices(manifest)).providers.get(tracked.providerId)
      return provider?.explorerUrl?.(tracked) ?? null
    },
  })
  return query.data ?? undefined
}
