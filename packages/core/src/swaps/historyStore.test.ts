import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest'
import { type KeyValueStorage, PERSIST_PREFIX } from '../storage/persistedStore.ts'
import { createHistoryStore, HISTORY_STORE_VERSION } from './historyStore.ts'
import { listSwaps } from './swapStore.ts'
import type { SwapRecord } from './types.ts'

const KEY = `${PERSIST_PREFIX}history`
const USDC = { chainId: 1, address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', symbol: 'USDC', decimals: 6 } as const

/** A storage of strings, as localStorage keeps them. */
function memoryStorage(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>()
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  }
}

function swap(n: number, changes: Partial<SwapRecord> = {}): SwapRecord {
  return {
    key: `local-${n}`,
    id: `0x${n.toString(16).padStart(64, '0')}`,
    providerId: 'intent',
    providerName: 'Intent Bridge',
    owner: '0x8ba1f109551bD432803012645Ac136ddd64DBA72',
    recipient: '0x8ba1f109551bD432803012645Ac136ddd64DBA72',
    origin: { token: { ...USDC, kind: 'usdc' }, amount: '100000000' },
    destination: { token: { ...USDC, chainId: 10, kind: 'usdc' }, estimatedAmount: '99900000', minAmount: '99800000' },
    depositAddress: '0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE',
    status: 'swapping',
    phase: 'waiting',
    depositTx: `0x${'ab'.repeat(32)}`,
    depositedAt: 1_700_000_000 + n,
    createdAt: 1_700_000_000_000 + n,
    updatedAt: 1_700_000_000_000 + n,
    ...changes,
  }
}

let consoleError: MockInstance<typeof console.error>
beforeEach(() => {
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined)
})
afterEach(() => consoleError.mockRestore())

describe('createHistoryStore', () => {
  it('keeps swaps across restarts, newest first, with their latest state', () => {
    const storage = memoryStorage()
    const first = createHistoryStore(storage)
    first.getState().upsert(swap(1))
    first.getState().upsert(swap(2))
    first.getState().upsert(swap(1, { status: 'completed', deliveryTx: `0x${'cd'.repeat(32)}` }))
    expect(JSON.parse(storage.data.get(KEY) ?? '{}')).toMatchObject({ version: HISTORY_STORE_VERSION })

    const reopened = createHistoryStore(storage)
    const swaps = listSwaps(reopened.getState())
    expect(swaps.map((s) => s.key)).toEqual(['local-2', 'local-1'])
    expect(swaps[1]?.status).toBe('completed')
    expect(consoleError).not.toHaveBeenCalled()
  })

  it('never keeps a swap whose deposit was not sent: no money moved', () => {
    const storage = memoryStorage()
    const { depositTx: _, ...unsent } = swap(3)
    createHistoryStore(storage).getState().upsert(unsent)
    expect(Object.keys(createHistoryStore(storage).getState().swaps)).toEqual([])
  })

  it('merges swaps found on chain once, whatever the case of their ids', () => {
    const storage = memoryStorage()
    const store = createHistoryStore(storage)
    store.getState().upsert(swap(4))
    const found = swap(4, { key: 'chain-4', id: swap(4).id.toUpperCase().replace('0X', '0x') })
    expect(store.getState().merge([found, swap(5, { key: 'chain-5' })])).toBe(1)
    expect(Object.keys(createHistoryStore(storage).getState().swaps).sort()).toEqual(['chain-5', 'local-4'])
  })

  it.each([
    ['corrupt JSON', '{"state":{"swaps":'],
    ['a record of the wrong shape', JSON.stringify({ state: { swaps: { x: { key: 'x' } } }, version: 1 })],
    ['a newer version', JSON.stringify({ state: { swaps: {} }, version: HISTORY_STORE_VERSION + 1 })],
  ])('starts empty from %s, logs it, and saves new swaps over it', (_, saved) => {
    const storage = memoryStorage()
    storage.setItem(KEY, saved)
    const store = createHistoryStore(storage)
    expect(store.getState().swaps).toEqual({})
    expect(consoleError).toHaveBeenCalled()
    expect(String(consoleError.mock.calls[0]?.[0])).toMatch(/\[storage\]/)
    store.getState().upsert(swap(6))
    expect(Object.keys(createHistoryStore(storage).getState().swaps)).toEqual(['local-6'])
  })
})
