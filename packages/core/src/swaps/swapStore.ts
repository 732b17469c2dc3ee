import { createStore, type StoreApi } from 'zustand/vanilla'
import { applySwapEvent, supersedes } from '../records/swapMachine.ts'
import { isSwapSent, type SigningSwap, type SwapEvent, type SwapRecord } from '../records/types.ts'

export type SwapStoreState = {
  /** Every swap whose deposit was sent (History), by record key. */
  swaps: Record<string, SwapRecord>
  /**
   * The swaps under review or being signed, by record key: nothing was sent, so nothing is kept across a reload
   * (`createHistoryStore` saves `swaps` only). A draft leaves for `swaps`, under the same key, once its deposit is sent.
   */
  drafts: Record<string, SigningSwap>
  /**
   * Stores the person's swap as `executeRoute` moves it along: a draft while nothing is sent, in `swaps` (and out
   * of the drafts) once its deposit is. A copy never replaces a further-along one (tracking may be ahead). The same
   * swap already stored under another key (by its protocol id or its deposit, as `merge` knows it: a Restore that
   * found the deposit first) becomes one record under this record's key, the copy further along.
   */
  upsert: (record: SwapRecord) => void
  /** Forgets a draft (a review closed); a swap whose deposit was sent is never dropped. */
  discard: (key: string) => void
  /** Applies what happened to a stored swap (see `applySwapEvent`); returns the record after it. */
  apply: (key: string, event: SwapEvent) => SwapRecord | undefined
  /** Adds records found on chain, skipping swaps already known (by protocol id). */
  merge: (records: readonly SwapRecord[]) => number
}

export function swapStoreSlice(set: StoreApi<SwapStoreState>['setState']): SwapStoreState {
  return {
    swaps: {},
    drafts: {},
    upsert: (record) => {
      // Sent, or out of the person's hands before its hash is known (a batch the wallet accepted, a gasless order the
      // solver did not answer): History's from then on.
      if (!isSwapSent(record)) {
        if (record.status !== 'signing') return
        set((state) => (state.swaps[record.key] ? state : { drafts: { ...state.drafts, [record.key]: record } }))
        return
      }
      set((state) => {
        const { [record.key]: _sent, ...drafts } = state.drafts
        // The same swap under another key (as `merge` knows it: its protocol id or its deposit), e.g. found by a
        // Restore before this device recorded its deposit: one record, the copy further along, under this key.
        const others = sameSwaps(state.swaps, record)
        let kept: SwapRecord = record
        for (const copy of [state.swaps[record.key], ...others]) if (copy && !supersedes(kept, copy)) kept = copy
        if (others.length === 0) {
          if (kept !== record) return _sent ? { drafts } : state
          return { swaps: { ...state.swaps, [record.key]: record }, drafts }
        }
        const swaps = { ...state.swaps }
        for (const other of others) delete swaps[other.key]
        swaps[record.key] = kept.key === record.key ? kept : { ...kept, key: record.key }
        return { swaps, drafts }
      })
    },
    discard: (key) =>
      set((state) => {
        if (!state.drafts[key]) return state
        const { [key]: _gone, ...drafts } = state.drafts
        return { drafts }
      }),
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
        // Known by its protocol id, or by its deposit: a swap of this device whose receipt was not read yet still
        // has its local id, and the tracker takes it to the same record. One this device took for failed while the
        // chain shows its deposit is the chain's record, under this device's key.
        const known = new Map(Object.values(state.swaps).flatMap((swap) => idsOf(swap).map((id) => [id, swap.key])))
        const swaps = { ...state.swaps }
        for (const record of records) {
          const ids = idsOf(record)
          const knownKey = ids.map((id) => known.get(id)).find((key) => key !== undefined)
          const mine = knownKey === undefined ? undefined : swaps[knownKey]
          if (mine && mine.status !== 'failed') continue
          const key = mine?.key ?? record.key
          swaps[key] = { ...record, key }
          for (const id of ids) known.set(id, key)
          added++
        }
        return { swaps }
      })
      return added
    },
  }
}

/** What makes two records the same swap: the protocol id, and the deposit transaction once sent. */
const idsOf = (swap: SwapRecord) => [swap.id, ...(swap.depositTx ? [swap.depositTx] : [])].map((id) => id.toLowerCase())

/** The records of `swaps` under another key than `record`'s that are the same swap (see `idsOf`). */
export function sameSwaps(swaps: Readonly<Record<string, SwapRecord>>, record: SwapRecord): SwapRecord[] {
  const ids = new Set(idsOf(record))
  return Object.values(swaps).filter((swap) => swap.key !== record.key && idsOf(swap).some((id) => ids.has(id)))
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
