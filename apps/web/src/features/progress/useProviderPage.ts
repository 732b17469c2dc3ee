import type { SwapRecord } from '@multi-bridge/core'
import { useQuery } from '@tanstack/react-query'
import { swapKeys } from '../../lib/queryKeys.ts'
import { useSwapClient } from '../../lib/swapClient.tsx'

/** The provider's own page for a mined swap (LI.FI's scan, Across's transaction page), when it has one. */
export function useProviderPage(record: SwapRecord): string | undefined {
  const client = useSwapClient()
  const tracked = record.status !== 'signing' && record.status !== 'failed' ? record : undefined
  const query = useQuery({
    queryKey: swapKeys.providerPage(record.providerId, tracked?.depositTx),
    enabled: tracked !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async () => {
      if (!tracked) return null
      const provider = (await client.getProviders()).get(tracked.providerId)
      return provider?.explorerUrl?.(tracked) ?? null
    },
  })
  return query.data ?? undefined
}
