import type { StoreApi } from 'zustand/vanilla'
import { UnexpectedError } from '../errors/walletErrors.ts'
import { supersedes, swapStatusRank } from '../records/swapMachine.ts'
import { isSwapRecord, swapRecordIssuePaths, swapRecordProblem } from '../records/swapRecordSchema.ts'
import type { SwapRecord } from '../records/types.ts'
import { createPersistedStore, type KeyValueStorage, PERSIST_PREFIX } from '../storage/persistedStore.ts'
import { type SwapStoreState, sameSwaps, swapStoreSlice } from './swapStore.ts'

const HISTORY_STORE_ID = 'history'
/** Where History is saved (`__persist__history`): the key a page watches for other tabs' writes. */
export const HISTORY_STORAGE_KEY = `${PERSIST_PREFIX}${HISTORY_STORE_ID}`
/** 2: a swap's state is a discriminated union (signing / deposited / … / failed) instead of status + phase. */
export const HISTORY_STORE_VERSION = 2

type Loose = Record<string, unknown>
const SIGNING = new Set(['switching', 'approving', 'depositing'])

/** A version-1 record (status swapping + phase; "deposit mined" was `id !== key` or a known deposit time). */
function fromVersion1(old: Loose): Loose {
  const { phase, status, error, ...rest } = old
  const mined = typeof rest.depositedAt === 'number' && typeof rest.depositTx === 'string'
  const withoutDelivery = (): Loose => {
    const { deliveryTx: _d, deliveredAt: _t, refundTx: _r, ...kept } = rest
    const { receivedAmount: _a, ...destination } = (rest.destination ?? {}) as Loose
    return { ...kept, destination }
  }
  switch (status) {
    case 'swapping':
      if (!mined) {
        const { depositedAt: _a, refundableAfter: _b, expiresAt: _c, ...kept } = withoutDelivery()
        return { ...kept, status: 'signing', phase: SIGNING.has(phase as string) ? phase : 'depositing' }
      }
      return { ...withoutDelivery(), status: phase === 'refunding' ? 'providerRefunding' : 'deposited' }
    case 'refundable':
      return { ...withoutDelivery(), status: 'refundable' }
    case 'completed': {
      const { refundTx: _r, ...kept } = rest
      return { ...kept, status: 'completed' }
    }
    case 'refunded': {
      const { refundTx } = rest
      return { ...withoutDelivery(), ...(refundTx ? { refundTx } : {}), status: 'refunded' }
    }
    default: {
      // A provider's failure was final in version 1; it is followed now (the provider may still refund it).
      if (error === 'providerFailed' && mined) return { ...withoutDelivery(), status: 'providerFailed' }
      const { refundableAfter: _b, expiresAt: _c, ...kept } = withoutDelivery()
      return { ...kept, status: 'failed', error: typeof error === 'string' && error ? error : 'unknown' }
    }
  }
}

/**
 * The fields a saved swap can do without (each is optional in its state, or not one of its fields at all): one that
 * is unreadable is left out rather than the whole swap. What a swap is (who, what, where, its deposit) is never.
 */
const ESSENTIAL = new Set([
  'key',
  'id',
  'status',
  'phase',
  'error',
  'providerId',
  'providerName',
  'owner',
  'recipient',
  'origin',
  'destination',
  'depositAddress',
  'depositTx',
  'depositedAt',
  // When its refund opens: without them a swap would look refundable before it is.
  'refundableAfter',
  'expiresAt',
  'data',
  'createdAt',
  'updatedAt',
])
const SPARE_IN_DESTINATION = new Set(['gas', 'receivedAmount', 'gasReceived'])

/** The saved swap with its unreadable spare fields left out, and which; undefined when that does not make it valid. */
function repaired(value: unknown): { record: SwapRecord; dropped: string[] } | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined
  let record: Loose = { ...(value as Loose) }
  const dropped: string[] = []
  for (let pass = 0; pass < 5; pass++) {
    const paths = swapRecordIssuePaths(record)
    if (paths.length === 0) return { record: record as SwapRecord, dropped }
    let changed = false
    for (const [top, inner] of paths) {
      if (top === 'destination' && inner && SPARE_IN_DESTINATION.has(inner)) {
        const { [inner]: _gone, ...kept } = (record.destination ?? {}) as Loose
        record = { ...record, destination: kept }
        dropped.push(`destination.${inner}`)
        changed = true
      } else if (top && !ESSENTIAL.has(top) && top in record) {
        const { [top]: _gone, ...kept } = record
        record = kept
        dropped.push(top)
        changed = true
      }
    }
    if (!changed) return undefined
  }
  return undefined
}

/**
 * The saved swaps that have the shape their state requires, each repaired when only a spare field is unreadable
 * (logged); one that cannot be is logged and left out of the screen, and stays in storage as it is (`mergeSaved`).
 */
function keepValid(swaps: unknown): Record<string, SwapRecord> {
  const kept: Record<string, SwapRecord> = {}
  if (typeof swaps !== 'object' || swaps === null) return kept
  for (const [key, value] of Object.entries(swaps)) {
    const problem = swapRecordProblem(value)
    if (!problem) {
      kept[key] = value as SwapRecord
      continue
    }
    const fixed = repaired(value)
    if (fixed) {
      console.error(`[storage] a saved swap (${key}) had unreadable fields, left out: ${fixed.dropped.join(', ')}`)
      kept[key] = fixed.record
    } else {
      console.error(`[storage] a saved swap (${key}) is corrupt and is not shown (kept in storage): ${problem}`)
    }
  }
  return kept
}

/** A copy of the same swap further along than `current`: in a later state, or the same one changed later. */
const isNewer = (candidate: SwapRecord, current: SwapRecord) =>
  supersedes(candidate, current) &&
  (swapStatusRank(candidate.status) > swapStatusRank(current.status) || candidate.updatedAt > current.updatedAt)

/** Whether `mine` is exactly what reading the saved copy here makes of it (nothing changed here since). */
const isOnlyItsRepair = (mine: SwapRecord, saved: unknown) => {
  const fixed = repaired(saved)
  return fixed !== undefined && JSON.stringify(fixed.record) === JSON.stringify(mine)
}

/**
 * What a write saves, given what the storage holds now: every tab of the app shares it. A swap only the storage has
 * (made in another tab, or unreadable here) is kept as saved; one both have (under one key, or as the same swap under
 * another: see `sameSwaps`) is the one further along, under this tab's key (a refund made in another tab is not
 * undone by this one's older copy).
 */
function mergeSaved(
  saved: unknown,
  ours: { swaps?: Record<string, SwapRecord> },
): { swaps: Record<string, SwapRecord> } {
  const swaps = { ...(ours.swaps ?? {}) }
  const savedSwaps = (saved as { swaps?: unknown } | null)?.swaps
  if (typeof savedSwaps !== 'object' || savedSwaps === null) return { swaps }
  for (const [key, value] of Object.entries(savedSwaps)) {
    const mine = swaps[key]
    // The same swap under another key here (`apply` or `takeIn` made one record of a restored copy and this device's): not
    // saved twice; the saved copy only if it is further along, under this tab's key.
    const same = !mine && isSwapRecord(value) ? sameSwaps(swaps, value)[0] : undefined
    if (same) {
      if (isNewer(value as SwapRecord, same)) swaps[same.key] = { ...(value as SwapRecord), key: same.key }
    } else if (!mine) swaps[key] = value as SwapRecord
    else if (isSwapRecord(value) ? isNewer(value, mine) : isOnlyItsRepair(mine, value)) {
      // Saved further along; or unreadable here and this copy only its repair (or an older version's reading of a
      // newer one's fields), not changed here since: the saved one stays as it was.
      swaps[key] = value as SwapRecord
    }
  }
  return { swaps }
}

/**
 * Takes into `store` what another tab saved (the page's `storage` event for the History key): its new swaps, and
 * the swaps it moved further along. Nothing this tab holds goes back.
 */
export function syncHistory(store: StoreApi<SwapStoreState>, storage: KeyValueStorage): void {
  let saved: unknown
  try {
    saved = JSON.parse(storage.getItem(HISTORY_STORAGE_KEY) ?? 'null')
  } catch {
    return
  }
  const state = (saved as { state?: { swaps?: unknown }; version?: unknown } | null) ?? undefined
  if (state?.version !== HISTORY_STORE_VERSION) return
  for (const record of Object.values(keepValid(state.state?.swaps))) {
    const swaps = store.getState().swaps
    // Known here by its key, or as the same swap under this tab's key (see `takeIn`), which it keeps.
    const mine = swaps[record.key] ?? sameSwaps(swaps, record)[0]
    if (!mine) store.getState().takeIn(record)
    else if (isNewer(record, mine)) store.getState().takeIn({ ...record, key: mine.key })
  }
}

/**
 * Every swap made on this device (and restored from chain), kept in `storage` under `__persist__history`, shared
 * with the app's other tabs (each write merges with theirs; `syncHistory` takes theirs in). A saved swap with an
 * unreadable spare field is shown without it; one that is corrupt is logged, not shown, and never written over;
 * "Restore from chain" brings swaps back from the chains' events.
 */
export function createHistoryStore(storage: KeyValueStorage): StoreApi<SwapStoreState> {
  return createPersistedStore<SwapStoreState>((set) => swapStoreSlice(set), {
    storeId: HISTORY_STORE_ID,
    version: HISTORY_STORE_VERSION,
    storage,
    migrate: (persisted, fromVersion) => {
      if (fromVersion !== 1) throw new UnexpectedError(`no migration from History version ${fromVersion}`)
      const swaps = (persisted as { swaps?: unknown }).swaps
      if (typeof swaps !== 'object' || swaps === null) return { swaps: {} }
      return {
        swaps: Object.fromEntries(
          Object.entries(swaps).map(([key, value]) => [
            key,
            typeof value === 'object' && value !== null ? fromVersion1(value as Loose) : value,
          ]),
        ) as Record<string, SwapRecord>,
      }
    },
    sanitize: (restored) => ({ swaps: keepValid((restored as { swaps?: unknown }).swaps) }),
    // The drafts stay in memory: nothing was sent for them.
    partialize: (state) => ({ swaps: state.swaps }),
    mergeOnWrite: mergeSaved,
  })
}
