import { type PersistStorage, persist, type StorageValue } from 'zustand/middleware'
import { createStore, type StateCreator, type StoreApi } from 'zustand/vanilla'

export const PERSIST_PREFIX = '__persist__'

/**
 * Where a persisted store keeps its JSON: the browser's localStorage (wrapped so it never throws), or a file,
 * or a Map in tests. It must not throw: a failure is its own to report.
 */
export type KeyValueStorage = {
  getItem: (key: string) => string | null
  setItem: (key: string, value: string) => void
  removeItem: (key: string) => void
}

/** What a persisted store writes: `{ state, version }` (zustand's persist format). */
function isSavedStore(value: unknown): value is StorageValue<unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  const { state, version } = value as { state?: unknown; version?: unknown }
  return (
    typeof state === 'object' &&
    state !== null &&
    !Array.isArray(state) &&
    Number.isSafeInteger(version) &&
    (version as number) >= 0
  )
}

/**
 * JSON storage whose failures (corrupt JSON, a value that is not a saved store, a full or disabled storage,
 * a state that cannot be serialised) only reach the console (SPEC §7).
 */
function consoleOnlyStorage<T>(
  storage: KeyValueStorage,
  mergeOnWrite?: (saved: unknown, ours: T) => T,
): PersistStorage<T> {
  // A newer version's copy in the storage is said once (each write keeps it as it is).
  let reportedNewer = false
  return {
    getItem: (name) => {
      const raw = storage.getItem(name)
      if (raw === null) return null
      let value: unknown
      try {
        value = JSON.parse(raw)
      } catch (error) {
        console.error(`[storage] "${name}" is not valid JSON and was ignored`, error)
        return null
      }
      if (!isSavedStore(value)) {
        console.error(`[storage] "${name}" is not a saved store ({ state, version }) and was ignored`)
        return null
      }
      return value as StorageValue<T>
    },
    setItem: (name, value) => {
      let json: string
      try {
        const written = mergeOnWrite ? withSaved(storage, name, value, mergeOnWrite) : value
        if (written === undefined) {
          if (!reportedNewer) {
            console.error(
              `[storage] "${name}" was saved by a newer version of the app: it is not written over; this tab's changes stay in memory until it is reloaded`,
            )
          }
          reportedNewer = true
          return
        }
        json = JSON.stringify(written)
      } catch (error) {
        console.error(`[storage] cannot serialise "${name}"`, error)
        return
      }
      reportedNewer = false
      storage.setItem(name, json)
    },
    removeItem: (name) => storage.removeItem(name),
  }
}

/** Where a store's saved value that could not be read is kept before it is written over (`withSaved`). */
export const unreadableBackupKey = (name: string) => `${name}__unreadable`

/**
 * What is written: `value`, merged with what the storage holds now under `name` when that was saved by the same
 * version (another tab of the app may have written since this one read it). Undefined (nothing is written) when it
 * was saved by a newer version: a tab of the app's next deploy, whose saved swaps this code cannot read, would lose
 * them all. A value that cannot be read at all (not JSON, not a saved store) is copied to `unreadableBackupKey`
 * first, then written over; one of an older version is written over (its tab migrates it again when reloaded).
 */
function withSaved<T>(
  storage: KeyValueStorage,
  name: string,
  value: StorageValue<T>,
  mergeOnWrite: (saved: unknown, ours: T) => T,
): StorageValue<T> | undefined {
  const raw = storage.getItem(name)
  if (raw === null) return value
  let saved: unknown
  try {
    saved = JSON.parse(raw)
  } catch {
    saved = undefined
  }
  if (!isSavedStore(saved)) {
    storage.setItem(unreadableBackupKey(name), raw)
    console.error(
      `[storage] "${name}" could not be read: it is kept as "${unreadableBackupKey(name)}" and written over`,
    )
    return value
  }
  const ours = value.version ?? 0
  const theirs = saved.version ?? 0
  if (theirs > ours) return undefined
  if (theirs !== ours) return value
  return { ...value, state: mergeOnWrite(saved.state, value.state) }
}

/** The data part of a store's state (what is saved; actions are not). */
export type PersistedState<T> = { [K in keyof T as T[K] extends (...args: never[]) => unknown ? never : K]?: T[K] }

export type PersistedStoreOptions<T> = {
  /** Stored under `'__persist__' + storeId`. */
  storeId: string
  storage: KeyValueStorage
  /** Bump it whenever the saved shape changes, and teach `migrate` the old shape. */
  version: number
  /**
   * Turns a state saved by an older version (`fromVersion` < `version`) into the current shape. Its result
   * is checked by `validate` like any restored state. Without it, an older state is dropped (and logged).
   * A state saved by a newer version is always dropped: this code cannot know its shape.
   */
  migrate?: (persisted: unknown, fromVersion: number) => PersistedState<T>
  /** Rejects a restored (or migrated) state that is not of the right shape: the store keeps its initial state. */
  validate?: (restored: unknown) => boolean
  /**
   * Keeps what can be kept of a restored (or migrated) state, e.g. drops only the entries that are corrupt
   * (logging them) instead of the whole state. Runs after `validate`.
   */
  sanitize?: (restored: object) => PersistedState<T>
  /** What of the state is saved (default: all its data). */
  partialize?: (state: T) => PersistedState<T>
  /**
   * Merges what is about to be saved with what the storage holds now (saved by the same version), as another tab
   * of the app shares the storage: without it, each write replaces the other tabs' writes. With it, a store saved by a
   * newer version is never written over (this tab keeps its changes in memory, said once in the console), and one
   * that cannot be read is copied aside (`unreadableBackupKey`) before it is.
   */
  mergeOnWrite?: (saved: unknown, ours: PersistedState<T>) => PersistedState<T>
}

/**
 * A zustand store restored from and saved to `storage` (localStorage in the app), with a version and migrations. Whatever goes
 * wrong with the saved copy is logged to the console and the store carries on in memory from its initial
 * state; the app never fails to start because of it.
 */
export function createPersistedStore<T extends object>(
  initializer: StateCreator<T, [['zustand/persist', unknown]]>,
  options: PersistedStoreOptions<T>,
): StoreApi<T> {
  const { storeId, version } = options
  return createStore<T>()(
    persist(initializer, {
      name: `${PERSIST_PREFIX}${storeId}`,
      version,
      storage: consoleOnlyStorage<T>(
        options.storage,
        options.mergeOnWrite as ((saved: unknown, ours: T) => T) | undefined,
      ),
      ...(options.partialize ? { partialize: options.partialize as (state: T) => T } : {}),
      // Called only when the saved version differs. Returning undefined drops the saved state.
      migrate: (persisted, fromVersion) => {
        if (fromVersion > version) {
          console.error(
            `[storage] "${storeId}" was saved by a newer version (${fromVersion}, this is ${version}) and was ignored`,
          )
          return undefined as unknown as T
        }
        if (!options.migrate) {
          console.error(`[storage] "${storeId}" has no migration from version ${fromVersion} and was ignored`)
          return undefined as unknown as T
        }
        try {
          return options.migrate(persisted, fromVersion) as T
        } catch (error) {
          console.error(`[storage] cannot migrate "${storeId}" from version ${fromVersion}; it was ignored`, error)
          return undefined as unknown as T
        }
      },
      merge: (persisted, current) => {
        if (persisted === undefined || persisted === null) return current
        if (typeof persisted !== 'object' || (options.validate && !options.validate(persisted))) {
          console.error(`[storage] "${storeId}" has an unexpected shape and was ignored`)
          return current
        }
        // Data only: a saved value never replaces one of the store's actions.
        const restored: Record<string, unknown> = {}
        const kept = options.sanitize ? options.sanitize(persisted) : persisted
        for (const [key, value] of Object.entries(kept)) {
          if (typeof (current as Record<string, unknown>)[key] !== 'function') restored[key] = value
        }
        return { ...current, ...restored }
      },
      onRehydrateStorage: () => (_state, error) => {
        if (error) console.error(`[storage] cannot restore "${storeId}"`, error)
      },
    }),
  )
}
