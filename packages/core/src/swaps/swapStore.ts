import { createStore, type StoreApi } from 'zustand/vanilla'
import { applySwapEvent, supersedes } from '../records/swapMachine.ts'
import { swapTime } from '../records/swapRecord.ts'
import { isSwapSent, type SigningSwap, type SwapEvent, type SwapRecord } from '../records/types.ts'

export type SwapStoreState = {
  /** Every swap whose deposit was sent (History), by record key. */
  swaps: Record<string, SwapRecord>
  /**
   * The swaps under review or being signed, by record key: nothing was sent, so nothing is kept across a reload
   * (`createHistoryStore` saves `swaps` only). A draft leaves for `swaps`, under the same key, once its deposit is sent.
   */
  drafts: Record<string, SigningSwap>
  /** Keeps the record of a swap under review (`draftSwap`): in memory, nothing is sent yet. */
  draft: (record: SigningSwap) => void
  /** Forgets a draft (a review closed); a swap whose deposit was sent is never dropped. */
  discard: (key: string) => void
  /**
   * Applies what happened to a swap (see `applySwapEvent`), as the tracker and the person's own execution write it;
   * returns the record after it (`at`: when it changed, now by default). A draft whose deposit is sent (or handed over before its hash is known: a batch the
   * wallet accepted, a gasless order the solver did not answer) leaves the drafts for History under its key, and the
   * same swap already there under another key (as `merge` knows it: a Restore that found the deposit first) becomes
   * one record under this key, the copy further along. A draft that ends before anything is sent stays as it was.
   */
  apply: (key: string, event: SwapEvent, at?: number) => SwapRecord | undefined
  /**
   * Takes in a sent swap saved elsewhere, whole (another tab's History: `syncHistory`): under its key, or as one
   * record with the same swap under another key, the copy further along; never a step back.
   */
  takeIn: (record: SwapRecord) => void
  /** Adds records found on chain, skipping swaps already known (by protocol id). */
  merge: (records: readonly SwapRecord[]) => number
}

export function swapStoreSlice(set: StoreApi<SwapStoreState>['setState']): SwapStoreState {
  return {
    swaps: {},
    drafts: {},
    draft: (record) =>
      set((state) => (state.swaps[record.key] ? state : { drafts: { ...state.drafts, [record.key]: record } })),
    discard: (key) =>
      set((state) => {
        if (!state.drafts[key]) return state
        const { [key]: _gone, ...drafts } = state.drafts
        return { drafts }
      }),
    apply: (key, event, at = Date.now()) => {
      let result: SwapRecord | undefined
      set((state) => {
        const current = state.swaps[key]
        if (current) {
          result = applySwapEvent(current, event, at)
          return result === current ? state : { swaps: { ...state.swaps, [key]: result } }
        }
        const draft = state.drafts[key]
        if (!draft) return state
        const next = applySwapEvent(draft, event, at)
        result = draft
        if (next === draft) return state
        if (!isSwapSent(next)) {
          if (next.status !== 'signing') return state
          result = next
          return { drafts: { ...state.drafts, [key]: next } }
        }
        const sent = withSent(state, next)
        result = sent.swaps?.[key] ?? state.swaps[key] ?? next
        return sent
      })
      return result
    },
    takeIn: (record) => {
      if (!isSwapSent(record)) return
      set((state) => withSent(state, record))
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

/**
 * The state with a sent swap in History under its key, out of the drafts: the same swap under this key or another
 * (see `sameSwaps`) is one record, the copy further along (tracking, or another tab, may be ahead).
 */
function withSent(state: SwapStoreState, record: SwapRecord): Partial<SwapStoreState> {
  const { [record.key]: _sent, ...drafts } = state.drafts
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

/** Newest first, by `swapTime`. */
export function listSwaps(state: Pick<SwapStoreState, 'swaps'>): SwapRecord[] {
  return Object.values(state.swaps).sort((a, b) => swapTime(b) - swapTime(a))
}
