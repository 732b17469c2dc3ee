import type { SwapRecord } from '@multi-bridge/core'
import { useQuery } from '@tanstack/react-query'
import { useManifest } from '../../lib/ManifestContext.tsx'
import { loadSwapServices } from '../swap/index.ts'

const PREPARING_POLL_MS = 2_000

/**
 * Whether the provider can refund the swap right now (it has the no-fill attestation, or the order is past
 * `expires`). The countdown ends on the deadline, the attestation comes a few blocks later: until the provider
 * has it, the person sees "Preparing refund…" instead of a Refund that would fail.
 */
export function useRefundReadiness(record: SwapRecord, countdownOver: boolean) {
  const manifest = useManifest()
  const enabled = record.status === 'refundable' && countdownOver
  const query = useQuery({
    queryKey: ['refundPlan', record.key],
    enabled,
    queryFn: async () => {
      if (record.status !== 'refundable') return false
      const provider = (await loadSwapServices(manifest)).providers.get(record.providerId)
      if (!provider) return false
      return 'transaction' in (await provider.planRefund(record))
    },
    // Until ready, look again every few seconds; once ready it stays ready (nothing un-attests a no-fill).
    refetchInterval: (q) => (q.state.data === true ? false : PREPARING_POLL_MS),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  })
  return { ready: enabled && query.data === true, preparing: enabled && query.data !== true }
}
