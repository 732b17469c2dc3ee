import { createJSONStorage, persist, type StateStorage } from 'zustand/middleware'
import { createStore, type StateCreator, type StoreApi } from 'zustand/vanilla'
import { safeStorage } from './safeStorage.ts'

export const PERSIST_PREFIX = '__persist__'

/** JSON storage whose failures (corrupt JSON, quota, disabled storage) only reach the console. */
const consoleOnlyStorage: StateStorage = {
  getItem: (name) => {
    const raw = safeStorage.getItem(name)
    if (raw === null) return null
    try {
      JSON.parse(raw)
      return raw
    } catch (error) {
      console.error(`[storage] "${name}" is corrupt and was ignored`, error)
      return null
    }
  },
  setItem: (name, value) => safeStorage.setItem(name, value),
  removeItem: (name) => safeStorage.removeItem(name),
}

export type PersistedStoreOptions<T> = {
  /** Stored under `'__persist__' + storeId`. */
  storeId: string
  version: number
  /** Turns a state saved by an older version into the current shape. */
  migrate?: (persisted: unknown, fromVersion: number) => T
  /** Rejects a restored state that is not of the right shape (returns the initial state instead). */
  validate?: (restored: unknown) => restored is T
}

/** A zustand store restored from and saved to localStorage, with a version and migrations. */
export function createPersistedStore<T extends object>(
  initializer: StateCreator<T, [['zustand/persist', unknown]]>,
  options: PersistedStoreOptions<T>,
): StoreApi<T> {
  return createStore<T>()(
    persist(initializer, {
      name: `${PERSIST_PREFIX}${options.storeId}`,
      version: options.version,
      storage: createJSONStorage(() => consoleOnlyStorage),
      migrate: (persisted, fromVersion) => {
        try {
          if (options.migrate) return options.migrate(persisted, fromVersion) as T
        } catch (error) {
          console.error(`[storage] cannot migrate "${options.storeId}" from version ${fromVersion}`, error)
        }
        return undefined as unknown as T
      },
      merge: (persisted, current) => {
        if (persisted === undefined || persisted === null) return current
        if (options.validate && !options.validate(persisted)) {
          console.error(`[storage] "${options.storeId}" has an unexpected shape and was ignored`)
          return current
        }
        return { ...current, ...(persisted as object) }
      },
      onRehydrateStorage: () => (_state, error) => {
        if (error) console.error(`[storage] cannot restore "${options.storeId}"`, error)
      },
    }),
  )
}
