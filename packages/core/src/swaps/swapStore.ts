import { createStore, type StoreApi } from 'zustand/vanilla'
import { applySwapEvent, supersedes } from './swapMachine.ts'
import type { SwapEvent, SwapRecord } from './types.ts'

export type SwapStoreState = {
  /** By record key. */
  swaps: Record<string, SwapRecord>
  /**
   * Stores the person's swap as `executeRoute` moves it along. Only a swap whose deposit was sent is kept
   * (nothing else moved any money), and a copy never replaces a further-along one (tracking may be ahead).
   */
  upsert: (record: SwapRecord) => void
  /** Applies what happened to a stored swap (see `applySwapEvent`); returns the record after it. */
  apply: (key: string, event: SwapEvent) => SwapRecord | undefined
  /** Adds records found on chain, skipping swaps already known (by protocol id). */
  merge: (records: readonly SwapRecord[]) => number
}

export function swapStoreSlice(set: StoreApi<SwapStoreState>['setState']): SwapStoreState {
  return {
    swaps: {},
    upsert: (record) => {
      if (!record.depositTx) return
      set((state) =>
        supersedes(record, state.swaps[record.key]) ? { swaps: { ...state.swaps, [record.key]: record } } : state,
      )
    },
    apply: (key, event) => {
      let result: SwapRecord | undefined
      set((state) => {
        const current = state.swaps[key]
        if (!current) return state
        result = applySwapEvent(current, event)
        return result === current ? state : { swaps: { ...state.swaps, [key]: result } }
      })
      return result
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

/** Swaps in memory (tests, node); `createHistoryStore` keeps the same slice in storage for the web app. */
export function createSwapStore(): StoreApi<SwapStoreState> {
  return createStore<SwapStoreState>()((set) => swapStoreSlice(set))
}

/** Newest first: by the deposit's time, or the time Swap was pressed for a swap with no mined deposit. */
export function listSwaps(state: Pick<SwapStoreState, 'swaps'>): SwapRecord[] {
  const time = (swap: SwapRecord) => (swap.status === 'signing' ? undefined : swap.depositedAt) ?? swap.createdAt / 1000
  return Object.values(state.swaps).sort((a, b) => time(b) - time(a))
}
