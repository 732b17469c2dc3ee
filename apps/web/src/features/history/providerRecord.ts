import { receivedAmount, type SwapRecord } from '@multi-bridge/core'

/** How one provider treated the person, from their own History. */
export type ProviderRecord = {
  providerId: string
  providerName: string
  swaps: number
  completed: number
  refunded: number
  failed: number
  /** Median of received ÷ quoted (the estimate), over completed swaps that know both; 1 is as quoted. */
  receivedVsQuoted?: number
  /** Median of received ÷ the minimum signed, over completed swaps that know what arrived; ≥ 1 always, if honest. */
  receivedVsMinimum?: number
  /** Median seconds from deposit to delivery, and the median estimate of the same swaps. */
  medianSeconds?: number
  medianEstimateSeconds?: number
}

const median = (values: readonly number[]): number | undefined => {
  if (values.length === 0) return undefined
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[middle] : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}

/** received ÷ reference as a number (amounts as decimal strings in one token's units). */
const ratio = (received: string, reference: string): number | undefined => {
  const base = BigInt(reference)
  if (base <= 0n) return undefined
  // Six significant decimals of the ratio, in integers, then one division.
  return Number((BigInt(received) * 1_000_000n) / base) / 1_000_000
}

/**
 * Each provider's record from the person's swaps (History): how many, how they ended, what arrived against the quote
 * and the signed minimum, and how long against the estimate. Drafts never count; providers by most swaps first.
 */
export function providerRecords(records: readonly SwapRecord[]): ProviderRecord[] {
  const byProvider = new Map<string, SwapRecord[]>()
  for (const record of records) {
    if (record.status === 'signing') continue
    byProvider.set(record.providerId, [...(byProvider.get(record.providerId) ?? []), record])
  }
  return [...byProvider.entries()]
    .map(([providerId, swaps]): ProviderRecord => {
      const completed = swaps.filter((swap) => swap.status === 'completed')
      const delivered = completed.flatMap((swap) => {
        const received = receivedAmount(swap)
        return received === undefined ? [] : [{ swap, received }]
      })
      const timed = completed.flatMap((swap) =>
        swap.deliveredAt !== undefined && swap.estimatedSeconds !== undefined
          ? [{ took: swap.deliveredAt - swap.depositedAt, estimate: swap.estimatedSeconds }]
          : [],
      )
      const receivedVsQuoted = median(
        delivered.flatMap(({ swap, received }) => ratio(received, swap.destination.estimatedAmount) ?? []),
      )
      const receivedVsMinimum = median(
        delivered.flatMap(({ swap, received }) => ratio(received, swap.destination.minAmount) ?? []),
      )
      const medianSeconds = median(timed.map((item) => item.took))
      const medianEstimateSeconds = median(timed.map((item) => item.estimate))
      return {
        providerId,
        providerName: swaps[0]?.providerName ?? providerId,
        swaps: swaps.length,
        completed: completed.length,
        refunded: swaps.filter((swap) => swap.status === 'refunded').length,
        failed: swaps.filter((swap) => swap.status === 'failed' || swap.status === 'providerFailed').length,
        ...(receivedVsQuoted === undefined ? {} : { receivedVsQuoted }),
        ...(receivedVsMinimum === undefined ? {} : { receivedVsMinimum }),
        ...(medianSeconds === undefined ? {} : { medianSeconds }),
        ...(medianEstimateSeconds === undefined ? {} : { medianEstimateSeconds }),
      }
    })
    .sort((a, b) => b.swaps - a.swaps || a.providerName.localeCompare(b.providerName))
}
