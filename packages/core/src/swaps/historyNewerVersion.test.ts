import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest'
import { depositedSwap } from '../../test/support/swapRecords.ts'
import type { DepositedSwap, RefundableSwap } from '../records/types.ts'
import { type KeyValueStorage, PERSIST_PREFIX, unreadableBackupKey } from '../storage/persistedStore.ts'
import { createHistoryStore, HISTORY_STORE_VERSION } from './historyStore.ts'

/**
 * Two copies of the app share one localStorage across a deploy. A tab opened before the deploy (this code, History
 * version 2) stays open; a tab opened after it runs the next version, which saves History as version 3. The old tab
 * ignores the newer store on start (it cannot read its shape), and must never write its own copy over it: every swap
 * the newer version saved would be gone, refundable money included, in both tabs.
 */
const KEY = `${PERSIST_PREFIX}history`

function memoryStorage(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>()
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  }
}

const swap = (n: number): DepositedSwap =>
  depositedSwap({
    key: `local-${n}`,
    id: `0x${n.toString(16).padStart(64, '0')}`,
    depositTx: `0x${'ab'.repeat(31)}${n.toString(16).padStart(2, '0')}`,
    depositedAt: 1_700_000_000 + n,
    createdAt: 1_700_000_000_000 + n,
    updatedAt: 1_700_000_000_000 + n,
  })

let consoleError: MockInstance<typeof console.error>
beforeEach(() => {
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined)
})
afterEach(() => consoleError.mockRestore())

describe('History saved by a newer version of the app, and a tab of this version still open', () => {
  it('never writes over the newer store: its swaps (a refund waiting) stay saved', () => {
    const storage = memoryStorage()
    const newer = HISTORY_STORE_VERSION + 1
    const waiting: RefundableSwap = { ...swap(1), status: 'refundable', refundableAfter: 1_700_000_300 }
    // Saved by the next version (same records; only the version differs, as after any bump).
    storage.setItem(KEY, JSON.stringify({ state: { swaps: { [waiting.key]: waiting } }, version: newer }))

    // The old tab: it cannot read that store (logged), and carries on.
    const oldTab = createHistoryStore(storage)
    expect(oldTab.getState().swaps).toEqual({})
    // It makes a swap (or its tracker moves one it had): a write.
    oldTab.getState().takeIn(swap(2))

    const saved = JSON.parse(storage.getItem(KEY) ?? 'null') as { version: number; state: { swaps: object } }
    expect(saved.version).toBe(newer)
    expect(Object.keys(saved.state.swaps)).toContain(waiting.key)
  })

  it('keeps this tab’s changes in memory, says so once, and saves again once the storage holds its own version', () => {
    const storage = memoryStorage()
    const newerCopy = JSON.stringify({ state: { swaps: {} }, version: HISTORY_STORE_VERSION + 1 })
    storage.setItem(KEY, newerCopy)
    const oldTab = createHistoryStore(storage)
    oldTab.getState().takeIn(swap(2))
    oldTab.getState().takeIn(swap(3))
    oldTab.getState().apply('local-2', { type: 'deadlinePassed' })
    expect(Object.keys(oldTab.getState().swaps).sort()).toEqual(['local-2', 'local-3'])
    expect(storage.getItem(KEY)).toBe(newerCopy)
    const said = consoleError.mock.calls.map((call) => String(call[0]))
    expect(said.filter((line) => /not written over/.test(line))).toHaveLength(1)

    // The storage cleared (or the newer tab's copy gone): this tab saves all it holds again.
    storage.removeItem(KEY)
    oldTab.getState().takeIn(swap(4))
    const saved = JSON.parse(storage.getItem(KEY) ?? 'null') as { version: number; state: { swaps: object } }
    expect(saved.version).toBe(HISTORY_STORE_VERSION)
    expect(Object.keys(saved.state.swaps).sort()).toEqual(['local-2', 'local-3', 'local-4'])
  })
})

describe('History saved as something this app cannot read at all', () => {
  it.each([
    ['corrupt JSON', '{"state":{"swaps":{"local-1":'],
    ['JSON that is not a saved store', JSON.stringify({ swaps: { 'local-1': {} } })],
  ])('%s is kept under a separate key before this tab writes over it', (_name, unreadable) => {
    const storage = memoryStorage()
    storage.setItem(KEY, unreadable)
    const store = createHistoryStore(storage)
    store.getState().takeIn(swap(2))
    expect(storage.getItem(unreadableBackupKey(KEY))).toBe(unreadable)
    const saved = JSON.parse(storage.getItem(KEY) ?? 'null') as { version: number; state: { swaps: object } }
    expect(Object.keys(saved.state.swaps)).toEqual(['local-2'])
    expect(consoleError.mock.calls.map((call) => String(call[0])).join('\n')).toMatch(/__persist__history__unreadable/)
  })
})
