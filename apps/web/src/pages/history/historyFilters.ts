import { type SwapRecord, swapProgress } from '@multi-bridge/core'
import { needsAction } from '../../features/history/index.ts'

export type HistoryFilterKey = 'all' | 'needs-action' | 'swapping' | 'completed' | 'failed' | 'refunded'

/** History's filters: all, the swaps waiting for the person's refund, then SPEC §5's three words. */
export const HISTORY_FILTERS: { key: HistoryFilterKey; label: string; test: (swap: SwapRecord) => boolean }[] = [
  { key: 'all', label: 'All', test: () => true },
  { key: 'needs-action', label: 'Needs action', test: needsAction },
  { key: 'swapping', label: 'Swapping...', test: (swap) => swapProgress(swap.status) === 'swapping' },
  { key: 'completed', label: 'Completed', test: (swap) => swapProgress(swap.status) === 'completed' },
  // A refundable swap waits for the person: it is under "Needs action", not among the failures that are over.
  { key: 'failed', label: 'Failed', test: (swap) => swapProgress(swap.status) === 'failed' && !needsAction(swap) },
  // The failures whose money came back: what a person looks for after a refund.
  { key: 'refunded', label: 'Refunded', test: (swap) => swap.status === 'refunded' },
]

/** History's address for a filter (All is History itself), with a swap opened over it when `id` is given. */
export function historyPath(base: string, filter: HistoryFilterKey, id?: string): string {
  const query = new URLSearchParams()
  if (id !== undefined) query.set('id', id)
  if (filter !== 'all') query.set('filter', filter)
  const text = query.toString()
  return text ? `${base}?${text}` : base
}

/** The filter a page option names (`?filter=needs-action`), else All. */
export const filterFromOption = (option: string | undefined): HistoryFilterKey =>
  HISTORY_FILTERS.find((filter) => filter.key === option)?.key ?? 'all'
