import { estimateRefundOpensAt, type Manifest, providerModule, type SwapRecord } from '@multi-bridge/core'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { useManifest } from '../../lib/ManifestContext.tsx'
import { useSwapClient } from '../../lib/swapClient.tsx'

/**
 * When the refund of a refundable swap opens by the clock: the latest the destination can make its deadline final
 * (`estimateRefundOpensAt`, never earlier than the real opening). Undefined when there is nothing to wait for: the
 * swap is not refundable, its provider refunds by itself, or no deadline is known.
 */
export function refundOpensAtByClock(record: SwapRecord, manifest: Manifest): number | undefined {
  if (record.status !== 'refundable' || providerModule(record.providerId)?.refunds !== 'person') return undefined
  return estimateRefundOpensAt(record, manifest)
}

/**
 * For lists that cannot ask the bridge for each swap (History's rows, the banner, the pending list): whether a
 * refundable swap's refund is open by the clock of its destination chain (deadlines are that chain's time), so that
 * "Refund available" is said once it can be made and "Refund opens soon" before. The component renders again when
 * the next of these swaps opens, and only then.
 */
export function useRefundOpenByClock(records: readonly SwapRecord[]): (record: SwapRecord) => boolean {
  const manifest = useManifest()
  const { clock } = useSwapClient()
  const [now, setNow] = useState(() => Date.now() / 1000)
  // This device's time when each one opens.
  const opensAt = useCallback(
    (record: SwapRecord) => {
      const at = refundOpensAtByClock(record, manifest)
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
      if (record.status !== 'refundable') return false
      const at = opensAt(record)
      return at === undefined || now >= at
    },
    [opensAt, now],
  )
}
