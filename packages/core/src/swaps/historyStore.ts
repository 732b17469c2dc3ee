import type { StoreApi } from 'zustand/vanilla'
import { createPersistedStore, type KeyValueStorage } from '../storage/persistedStore.ts'
import { type SwapStoreState, swapStoreSlice } from './swapStore.ts'
import type { SwapRecord } from './types.ts'

const HISTORY_STORE_ID = 'history'
export const HISTORY_STORE_VERSION = 1

const isRecord = (value: unknown): value is SwapRecord =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as SwapRecord).key === 'string' &&
  typeof (value as SwapRecord).id === 'string' &&
  typeof (value as SwapRecord).status === 'string' &&
  typeof (value as SwapRecord).origin?.amount === 'string'

/**
 * Every swap made on this device (and restored from chain), kept in `storage` under `__persist__history`.
 * A saved copy that is corrupt or of another shape is logged and dropped; "Restore from chain" brings the
 * swaps back from the chains' events.
 */
export function createHistoryStore(storage: KeyValueStorage): StoreApi<SwapStoreState> {
  return createPersistedStore<SwapStoreState>((set) => swapStoreSlice(set), {
    storeId: HISTORY_STORE_ID,
    version: HISTORY_STORE_VERSION,
    storage,
    validate: (restored) => {
      const swaps = (restored as { swaps?: unknown }).swaps
      return typeof swaps === 'object' && swaps !== null && Object.values(swaps).every(isRecord)
    },
  })
}
