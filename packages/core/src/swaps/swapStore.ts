import { createStore, type StoreApi } from 'zustand/vanilla'
import { isFinalSwapStatus, type SwapRecord } from './types.ts'

export type SwapStoreState = {
  /** By record key. */
  swaps: Record<string, SwapRecord>
  upsert: (record: SwapRecord) => void
  /** Adds records found on chain, skipping swaps already known (by protocol id). */
  merge: (records: readonly SwapRecord[]) => number
}

/** Only swaps whose deposit was sent are kept: nothing else moved any money. */
export const shouldKeep = (record: SwapRecord) => record.depositTx !== undefined || record.status !== 'swapping'

export function swapStoreSlice(set: StoreApi<SwapStoreState>['setState']): SwapStoreState {
  return {
    swaps: {},
    upsert: (record) => {
      if (!record.depositTx) return
      set((state) => ({ swaps: { ...state.swaps, [record.key]: record } }))
    },
    merge: (records) => {
      let added = 0
      set((state) => {
        const known = new Set(Object.values(state.swaps).map((s) => s.id.toLowerCase()))
        const swaps = { ...state.swaps }
        for (const record of records) {
          if (known.has(record.id.toLowerCase())) continue
          swaps[record.key] = record
          known.add(record.id.toLowerCase())
          added++
        }
        return { swaps }
      })
      return added
    },
  }
}

/** History of swaps in memory (the web app wraps the same slice in a persisted store). */
export function createSwapStore(): StoreApi<SwapStoreState> {
  return createStore<SwapStoreState>()((set) => swapStoreSlice(set))
}

/** Newest first, optionally only some statuses. */
export function listSwaps(state: Pick<SwapStoreState, 'swaps'>, owner?: string): SwapRecord[] {
  return Object.values(state.swaps)
    .filter((swap) => !owner || swap.owner.toLowerCase() === owner.toLowerCase())
    .sort((a, b) => (b.depositedAt ?? b.createdAt / 1000) - (a.depositedAt ?? a.createdAt / 1000))
}

export const isTracked = (record: SwapRecord) => !isFinalSwapStatus(record.status)
