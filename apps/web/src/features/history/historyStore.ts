import { type SwapRecord, type SwapStoreState, swapStoreSlice } from '@multi-bridge/core'
import { useStore } from 'zustand'
import type { StoreApi } from 'zustand/vanilla'
import { createPersistedStore } from '../../lib/persistedStore.ts'

const isRecord = (value: unknown): value is SwapRecord =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as SwapRecord).key === 'string' &&
  typeof (value as SwapRecord).id === 'string' &&
  typeof (value as SwapRecord).status === 'string' &&
  typeof (value as SwapRecord).origin?.amount === 'string'

/** Every swap made on this device (and restored from chain), persisted under `__persist__history`. */
export const historyStore: StoreApi<SwapStoreState> = createPersistedStore<SwapStoreState>(
  (set) => swapStoreSlice(set),
  {
    storeId: 'history',
    version: 1,
    validate: (restored): restored is SwapStoreState => {
      const swaps = (restored as { swaps?: unknown }).swaps
      return typeof swaps === 'object' && swaps !== null && Object.values(swaps).every(isRecord)
    },
  },
)

export const useHistory = <T>(selector: (state: SwapStoreState) => T) => useStore(historyStore, selector)
