import { createHistoryStore, type SwapStoreState } from '@multi-bridge/core'
import { useStore } from 'zustand'
import type { StoreApi } from 'zustand/vanilla'
import { safeStorage } from '../../lib/safeStorage.ts'

/** Every swap made on this device (and restored from chain), persisted under `__persist__history`. */
export const historyStore: StoreApi<SwapStoreState> = createHistoryStore(safeStorage)

export const useHistory = <T>(selector: (state: SwapStoreState) => T) => useStore(historyStore, selector)
