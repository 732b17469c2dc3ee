import { estimateRefundOpensAt, type Manifest, providerModule, type SwapRecord } from '@multi-bridge/core'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { useManifest } from '../../lib/ManifestContext.tsx'
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

/**
 * For lists that cannot ask the bridge for each swap (History's rows, the banner, the pending list): where a
 * refundable swap's refund stands by the clock of its destination chain (deadlines are that chain's time): "open"
 * once it can be made, "soon" before. The component renders again when the next of these swaps opens, and only then.
 */
export function useRefundOpeningByClock(records: readonly SwapRecord[]): (record: SwapRecord) => RefundOpening {
  const manifest = useManifest()
  const { clock } = useSwapClient()
  const [now, setNow] = useState(() => Date.now() / 1000)
  // This device's time when each refundable one opens.
  const opensAt = useCallback(
    (record: SwapRecord) => {
      const at = record.status === 'refundable' ? personRefundOpensAt(record, manifest) : undefined
      return at === undefined ? undefined : at - clock.offset(record.destination.token.chainId)
    },
    [manifest, clock],
  )
  const next = useMemo(() => {
    const waiting = records.map(opensAt).filter((at): at is number => at !== undefined && at > now)
    return waiting.length === 0 ? undefined : Math.min(...waiting)
  }, [records, opensAt, now])
  useEffect(() => {
    if (next === undefined) return
    const timer = setTimeout(() => setNow(Date.now() / 1000), Math.max(0, (next - Date.now() / 1000) * 1000) + 50)
    return () => clearTimeout(timer)
  }, [next])
  return useCallback(
    (record: SwapRecord) => {
      const at = opensAt(record)
      return at === undefined || now >= at ? 'open' : 'soon'
    },
    [opensAt, now],
  )
}
