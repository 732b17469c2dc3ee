import type { StoreApi } from 'zustand/vanilla'
import { UnexpectedError } from '../errors/walletErrors.ts'
import { swapRecordProblem } from '../records/swapRecordSchema.ts'
import type { SwapRecord } from '../records/types.ts'
import { createPersistedStore, type KeyValueStorage } from '../storage/persistedStore.ts'
import { type SwapStoreState, swapStoreSlice } from './swapStore.ts'

const HISTORY_STORE_ID = 'history'
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

/** The saved swaps that have the shape their state requires; each one that has not is logged and left out. */
function keepValid(swaps: unknown): Record<string, SwapRecord> {
  const kept: Record<string, SwapRecord> = {}
  if (typeof swaps !== 'object' || swaps === null) return kept
  for (const [key, value] of Object.entries(swaps)) {
    const problem = swapRecordProblem(value)
    if (problem) console.error(`[storage] a saved swap (${key}) is corrupt and was left out: ${problem}`)
    else kept[key] = value as SwapRecord
  }
  return kept
}

/**
 * Every swap made on this device (and restored from chain), kept in `storage` under `__persist__history`.
 * A saved swap that is corrupt or of another shape is logged and left out, the others are kept; "Restore from
 * chain" brings swaps back from the chains' events.
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
  })
}
