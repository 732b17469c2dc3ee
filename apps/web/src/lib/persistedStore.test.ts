import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest'
import { FullStorage, MemoryStorage, stubBrowser } from '../test/browserGlobals.ts'
import { createPersistedStore, PERSIST_PREFIX } from './persistedStore.ts'

/** A store as the app writes them: data plus an action. Version 2 keeps a list; version 1 kept a comma list. */
type Contacts = { names: string[]; add: (name: string) => void }

const KEY = `${PERSIST_PREFIX}contacts`
const isContacts = (value: unknown) =>
  Array.isArray((value as { names?: unknown }).names) &&
  (value as { names: unknown[] }).names.every((name) => typeof name === 'string')

function contactsStore(options: { migrate?: (persisted: unknown, fromVersion: number) => { names: string[] } } = {}) {
  return createPersistedStore<Contacts>(
    (set) => ({ names: [], add: (name) => set((state) => ({ names: [...state.names, name] })) }),
    { storeId: 'contacts', version: 2, validate: isContacts, ...options },
  )
}

const fromCommaList = (persisted: unknown, fromVersion: number) => {
  if (fromVersion !== 1) throw new Error(`no migration from ${fromVersion}`)
  const { names } = persisted as { names: string }
  return { names: names.split(',') }
}

let storage: MemoryStorage
let consoleError: MockInstance<typeof console.error>
const logged = () => consoleError.mock.calls.map((call) => String(call[0])).join('\n')
const saved = () => JSON.parse(storage.getItem(KEY) ?? 'null') as unknown

beforeEach(() => {
  storage = new MemoryStorage()
  stubBrowser({ storage })
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined)
})

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('createPersistedStore', () => {
  it("saves under '__persist__' + storeId with its version, and restores it in a new session", () => {
    const store = contactsStore()
    store.getState().add('alice')
    store.getState().add('bob')
    expect(saved()).toEqual({ state: { names: ['alice', 'bob'] }, version: 2 })

    const restored = contactsStore()
    expect(restored.getState().names).toEqual(['alice', 'bob'])
    restored.getState().add('carol')
    expect(restored.getState().names).toEqual(['alice', 'bob', 'carol'])
    expect(consoleError).not.toHaveBeenCalled()
  })

  it('starts empty, without a log, when nothing was saved', () => {
    expect(contactsStore().getState().names).toEqual([])
    expect(consoleError).not.toHaveBeenCalled()
  })

  it('migrates a state saved by an older version, and saves it in the current version', () => {
    storage.setItem(KEY, JSON.stringify({ state: { names: 'alice,bob' }, version: 1 }))
    const migrate = vi.fn(fromCommaList)
    const store = contactsStore({ migrate })
    expect(migrate).toHaveBeenCalledWith({ names: 'alice,bob' }, 1)
    expect(store.getState().names).toEqual(['alice', 'bob'])
    expect(typeof store.getState().add).toBe('function')
    expect(saved()).toEqual({ state: { names: ['alice', 'bob'] }, version: 2 })
    expect(consoleError).not.toHaveBeenCalled()
  })

  it('drops, with a console log, an older state it has no migration for', () => {
    storage.setItem(KEY, JSON.stringify({ state: { names: 'alice,bob' }, version: 1 }))
    const store = contactsStore()
    expect(store.getState().names).toEqual([])
    expect(logged()).toMatch(/"contacts" has no migration from version 1/)
  })

  it('drops, with a console log, a migration that fails or gives the wrong shape', () => {
    storage.setItem(KEY, JSON.stringify({ state: { names: 'alice' }, version: 0 }))
    expect(contactsStore({ migrate: fromCommaList }).getState().names).toEqual([])
    expect(logged()).toMatch(/cannot migrate "contacts" from version 0/)

    consoleError.mockClear()
    storage.setItem(KEY, JSON.stringify({ state: { names: 'alice' }, version: 1 }))
    expect(contactsStore({ migrate: () => ({ names: 'alice' as never }) }).getState().names).toEqual([])
    expect(logged()).toMatch(/"contacts" has an unexpected shape/)
  })

  it('drops, with a console log, a state saved by a newer version, without trying to migrate it', () => {
    storage.setItem(KEY, JSON.stringify({ state: { names: ['alice'], tags: {} }, version: 3 }))
    const migrate = vi.fn(fromCommaList)
    const store = contactsStore({ migrate })
    expect(migrate).not.toHaveBeenCalled()
    expect(store.getState().names).toEqual([])
    expect(logged()).toMatch(/"contacts" was saved by a newer version \(3, this is 2\)/)
    store.getState().add('bob')
    expect(saved()).toEqual({ state: { names: ['bob'] }, version: 2 })
  })

  it('drops, with a console log, a state of the wrong shape', () => {
    storage.setItem(KEY, JSON.stringify({ state: { names: 'alice' }, version: 2 }))
    const store = contactsStore()
    expect(store.getState().names).toEqual([])
    expect(logged()).toMatch(/"contacts" has an unexpected shape and was ignored/)
  })

  it.each([
    ['a bare state without a version', { names: ['alice'] }],
    ['an array', [1, 2]],
    ['a number', 42],
    ['null', null],
    ['a non-numeric version', { state: { names: ['alice'] }, version: '2' }],
    ['a state that is not an object', { state: 'alice', version: 2 }],
  ])('drops, with a console log, a value that is not a saved store: %s', (_name, value) => {
    storage.setItem(KEY, JSON.stringify(value))
    expect(contactsStore().getState().names).toEqual([])
    expect(logged()).toMatch(/"__persist__contacts" is not a saved store/)
  })

  it('never lets a saved value replace an action', () => {
    storage.setItem(KEY, JSON.stringify({ state: { names: ['alice'], add: 'not a function' }, version: 2 }))
    const store = contactsStore()
    expect(store.getState().names).toEqual(['alice'])
    store.getState().add('bob')
    expect(store.getState().names).toEqual(['alice', 'bob'])
  })

  it('ignores corrupt JSON with a console log, keeps working, and overwrites it on the next change', () => {
    storage.setItem(KEY, '{"state":{"names":["al')
    const store = contactsStore()
    expect(store.getState().names).toEqual([])
    expect(logged()).toMatch(/"__persist__contacts" is not valid JSON and was ignored/)
    store.getState().add('bob')
    expect(saved()).toEqual({ state: { names: ['bob'] }, version: 2 })
  })

  it('keeps working in memory when the storage is full (QuotaExceededError), logging each failed write', () => {
    const full = new FullStorage()
    stubBrowser({ storage: full })
    const store = contactsStore()
    expect(() => store.getState().add('alice')).not.toThrow()
    store.getState().add('bob')
    expect(store.getState().names).toEqual(['alice', 'bob'])
    expect(full.getItem(KEY)).toBeNull()
    expect(consoleError).toHaveBeenCalledWith(
      '[storage] cannot write "__persist__contacts"',
      expect.objectContaining({ name: 'QuotaExceededError' }),
    )
  })

  it('keeps working in memory when storage is disabled, logging only', () => {
    stubBrowser({ storage: 'disabled' })
    const store = contactsStore()
    expect(store.getState().names).toEqual([])
    expect(() => store.getState().add('alice')).not.toThrow()
    expect(store.getState().names).toEqual(['alice'])
    expect(consoleError).toHaveBeenCalledWith(
      '[storage] localStorage is not available',
      expect.objectContaining({ name: 'SecurityError' }),
    )
  })

  it('logs a state that cannot be serialised instead of throwing', () => {
    const store = createPersistedStore<{ amount: bigint; set: (amount: bigint) => void }>(
      (set) => ({ amount: 0n, set: (amount) => set({ amount }) }),
      { storeId: 'amounts', version: 1 },
    )
    expect(() => store.getState().set(5n)).not.toThrow()
    expect(store.getState().amount).toBe(5n)
    expect(logged()).toMatch(/cannot serialise "__persist__amounts"/)
  })
})
