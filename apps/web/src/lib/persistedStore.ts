import { createPersistedStore as createStoreIn, PERSIST_PREFIX, type PersistedStoreOptions } from '@multi-bridge/core'
import type { StateCreator, StoreApi } from 'zustand/vanilla'
import { safeStorage } from './safeStorage.ts'

export { PERSIST_PREFIX }

/** A persisted store in this browser's localStorage (see core's `createPersistedStore`). */
export function createPersistedStore<T extends object>(
  initializer: StateCreator<T, [['zustand/persist', unknown]]>,
  options: Omit<PersistedStoreOptions<T>, 'storage'>,
): StoreApi<T> {
  return createStoreIn(initializer, { ...options, storage: safeStorage })
}
