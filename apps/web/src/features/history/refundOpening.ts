import { estimateRefundOpensAt, type Manifest, providerModule, type SwapRecord } from '@multi-bridge/core'
import { skipToken, useQueries } from '@tanstack/react-query'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { useManifest } from '../../lib/ManifestContext.tsx'
import { swapKeys } from '../../lib/queryKeys.ts'
import { useSwapClient } from '../../lib/swapClient.tsx'
import type { RefundOpening } from './swapStatus.ts'

/**
 * When the refund of a swap the person refunds opens by the clock: the latest the destination can make its deadline
 * final (`estimateRefundOpensAt`, never earlier than the real opening). Undefined when its provider refunds by
 * itself, or no deadline is known. The dialog counts down to it (`useRefundReadiness`) until the bridge says more.
 */
export function personRefundOpensAt(record: SwapRecord, manifest: Manifest): number | undefined {
  return providerModule(record.providerId)?.refunds === 'person' ? estimateRefundOpensAt(record, manifest) : undefined
}

/** What the bridge said of a refund when the swap's dialog asked it (`useRefundReadiness`, `swapKeys.refundPlan`). */
export type RefundPlanAnswer = { ready: boolean; availableAfter?: number }

/**
 * For lists that cannot ask the bridge for each swap (History's rows, the banner, the pending list): where a
 * refundable swap's refund stands, "open" once it can be made, "soon" before. What the swap's dialog heard from the
 * bridge comes first (the lists never say "soon" after the dialog said "available"); otherwise the clock of its
 * destination chain (deadlines are that chain's time). The component renders again when the next one opens, by the
 * clock or by the bridge's word, and only then.
 */
export function useRefundOpeningByClock(records: readonly SwapRecord[]): (record: SwapRecord) => RefundOpening {
  const manifest = useManifest()
  const { clock } = useSwapClient()
  const [now, setNow] = useState(() => Date.now() / 1000)
  const refundable = useMemo(() => records.filter((record) => record.status === 'refundable'), [records])
  // Read from the dialogs' cache only (nothing is asked here), and followed as it changes.
  const answers = useQueries({
    queries: refundable.map((record) => ({ queryKey: swapKeys.refundPlan(record.key), queryFn: skipToken })),
    combine: (results) => results.map((result) => result.data as RefundPlanAnswer | undefined),
  })
  const answerOf = useCallback(
    (record: SwapRecord) => answers[refundable.findIndex((one) => one.key === record.key)],
    [answers, refundable],
  )
  // This device's time when each refundable one opens.
  const opensAt = useCallback(
    (record: SwapRecord) => {
      if (record.status !== 'refundable') return undefined
      const at = answerOf(record)?.availableAfter ?? personRefundOpensAt(record, manifest)
      return at === undefined ? undefined : at - clock.offset(record.destination.token.chainId)
    },
    [answerOf, manifest, clock],
  )
  const next = useMemo(() => {
    const waiting = refundable.map(opensAt).filter((at): at is number => at !== undefined && at > now)
    return waiting.length === 0 ? undefined : Math.min(...waiting)
  }, [refundable, opensAt, now])
  useEffect(() => {
    if (next === undefined) return
    const timer = setTimeout(() => setNow(Date.now() / 1000), Math.max(0, (next - Date.now() / 1000) * 1000) + 50)
    return () => clearTimeout(timer)
  }, [next])
  return useCallback(
    (record: SwapRecord) => {
      if (answerOf(record)?.ready === true) return 'open'
      const at = opensAt(record)
      return at === undefined || now >= at ? 'open' : 'soon'
    },
    [answerOf, opensAt, now],
  )
}
