import type { SwapRecord } from '@multi-bridge/core'
import { useQuery } from '@tanstack/react-query'
import { useManifest } from '../../lib/ManifestContext.tsx'
import { swapKeys } from '../../lib/queryKeys.ts'
import { useSwapClient } from '../../lib/swapClient.tsx'
import { personRefundOpensAt, type RefundPlanAnswer } from '../history/index.ts'

const PLAN_POLL_MS = 2_000

export type RefundReadiness = {
  /** The provider can refund it right now (it has the "not delivered" attestation, or the order is past `expires`). */
  ready: boolean
  /**
   * Epoch seconds when the refund opens: the destination chain's own time once the provider has read it, the
   * manifest's estimate before (never earlier than the real time: a block past the deadline, then finality).
   */
  opensAt: number | undefined
  /** Why it cannot be refunded yet, when the provider could not even tell (the attester or a chain does not answer). */
  error: unknown
}

/**
 * When the refund of a swap really opens, and whether it is open now. The refund is the person's own (the
 * devnet's escrow bridges): the attester signs "not delivered" only once the deadline is final on the destination,
 * 10–13 s after the deadline itself on the devnet. The countdown ends then, not at the deadline.
 */
export function useRefundReadiness(record: SwapRecord): RefundReadiness {
  const manifest = useManifest()
  const client = useSwapClient()
  const deposited = record.status === 'deposited' || record.status === 'refundable'
  const estimate = deposited ? personRefundOpensAt(record, manifest) : undefined
  const query = useQuery({
    queryKey: swapKeys.refundPlan(record.key),
    enabled: record.status === 'refundable',
    queryFn: async (): Promise<RefundPlanAnswer> => {
      if (record.status !== 'refundable') return { ready: false }
      const provider = (await client.getProviders()).get(record.providerId)
      if (!provider) return { ready: false }
      const plan = await provider.planRefund(record)
      return 'transaction' in plan ? { ready: true } : { ready: false, availableAfter: plan.availableAfter }
    },
    // Until ready, ask again every few seconds; once ready it stays ready (nothing un-attests a "not delivered").
    refetchInterval: (q) => (q.state.data?.ready === true ? false : PLAN_POLL_MS),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  })
  const refundable = record.status === 'refundable'
  const fallback = 'refundableAfter' in record ? record.refundableAfter : undefined
  return {
    ready: refundable && query.data?.ready === true,
    opensAt: (refundable ? query.data?.availableAfter : undefined) ?? estimate ?? fallback,
    error: refundable && query.data?.ready !== true ? query.error : undefined,
  }
}
