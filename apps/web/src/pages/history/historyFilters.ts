import { type SwapRecord, swapProgress } from '@multi-bridge/core'
import { needsAction } from '../../features/history/index.ts'

export type HistoryFilterKey = 'all' | 'needs-action' | 'swapping' | 'completed' | 'failed'

/** History's filters: all, the swaps waiting for the person's refund, then SPEC §5's three words. */
export const HISTORY_FILTERS: { key: HistoryFilterKey; label: string; test: (swap: SwapRecord) => boolean }[] = [
  { key: 'all', label: 'All', test: () => true },
  { key: 'needs-action', label: 'Needs action', test: needsAction },
  { key: 'swapping', label: 'Swapping...', test: (swap) => swapProgress(swap.status) === 'swapping' },
  { key: 'completed', label: 'Completed', test: (swap) => swapProgress(swap.status) === 'completed' },
  // A refundable swap waits for the person: it is under "Needs action", not among the failures that are over.
  { key: 'failed', label: 'Failed', test: (swap) => swapProgress(swap.status) === 'failed' && !needsAction(swap) },
]

/** The filter a page option names (`?filter=needs-action`), else All. */
export const filterFromOption = (option: string | undefined): HistoryFilterKey =>
  HISTORY_FILTERS.find((filter) => filter.key === option)?.key ?? 'all'
