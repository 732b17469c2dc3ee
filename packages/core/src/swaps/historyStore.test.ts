import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest'
import { depositedSwap, TEST_USDC } from '../../test/support/swapRecords.ts'
import { isSwapRecord } from '../records/swapRecordSchema.ts'
import type { DepositedSwap, RefundableSwap } from '../records/types.ts'
import { type KeyValueStorage, PERSIST_PREFIX } from '../storage/persistedStore.ts'
import { createHistoryStore, HISTORY_STORE_VERSION, syncHistory } from './historyStore.ts'
import { listSwaps } from './swapStore.ts'

const KEY = `${PERSIST_PREFIX}history`

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

function swap(n: number, changes: Record<string, unknown> = {}): DepositedSwap {
  return depositedSwap({
    key: `local-${n}`,
    id: `0x${n.toString(16).padStart(64, '0')}`,
    depositTx: `0x${'ab'.repeat(31)}${n.toString(16).padStart(2, '0')}`,
    depositedAt: 1_700_000_000 + n,
    createdAt: 1_700_000_000_000 + n,
    updatedAt: 1_700_000_000_000 + n,
    ...changes,
  })
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
    first.getState().takeIn(swap(1))
    first.getState().takeIn(swap(2))
    first.getState().takeIn(swap(1, { status: 'completed', deliveryTx: `0x${'cd'.repeat(32)}` }))
    expect(JSON.parse(storage.data.get(KEY) ?? '{}')).toMatchObject({ version: HISTORY_STORE_VERSION })

    const reopened = createHistoryStore(storage)
    const swaps = listSwaps(reopened.getState())
    expect(swaps.map((s) => s.key)).toEqual(['local-2', 'local-1'])
    expect(swaps[1]?.status).toBe('completed')
    expect(consoleError).not.toHaveBeenCalled()
  })

  it("keeps the route's fees (a negative reward too) across restarts and state changes", () => {
    const storage = memoryStorage()
    const fees = [
      { label: 'Relayer fee', token: TEST_USDC, amount: '-15000' },
      {
        label: 'Network cost (provider estimate)',
        token: { ...TEST_USDC, address: '0x0000000000000000000000000000000000000000', symbol: 'ETH', decimals: 18 },
        amount: '1680272000000',
        paidBy: 'sender',
      },
    ]
    const store = createHistoryStore(storage)
    store.getState().takeIn(swap(6, { fees: [fees[0], { ...fees[1], token: { ...fees[1]!.token, kind: 'native' } }] }))
    store.getState().apply('local-6', { type: 'delivered', receivedAmount: '99900000' })
    const [kept] = listSwaps(createHistoryStore(storage).getState())
    expect(kept?.status).toBe('completed')
    expect(kept?.fees?.map((fee) => [fee.label, fee.amount, fee.paidBy])).toEqual([
      ['Relayer fee', '-15000', undefined],
      ['Network cost (provider estimate)', '1680272000000', 'sender'],
    ])
    expect(consoleError).not.toHaveBeenCalled()
  })

  it('never keeps a swap whose deposit was not sent: no money moved', () => {
    const storage = memoryStorage()
    const { depositTx: _, depositedAt: _t, status: _s, ...unsent } = swap(3)
    createHistoryStore(storage)
      .getState()
      .draft({ ...unsent, status: 'signing', phase: 'approving' })
    expect(Object.keys(createHistoryStore(storage).getState().swaps)).toEqual([])
  })

  it('merges swaps found on chain once, whatever the case of their ids', () => {
    const storage = memoryStorage()
    const store = createHistoryStore(storage)
    store.getState().takeIn(swap(4))
    const found = swap(4, { key: 'chain-4', id: swap(4).id.toUpperCase().replace('0X', '0x') })
    expect(store.getState().merge([found, swap(5, { key: 'chain-5' })])).toBe(1)
    expect(Object.keys(createHistoryStore(storage).getState().swaps).sort()).toEqual(['chain-5', 'local-4'])
  })

  it('merges no second record for a deposit of this device whose receipt was not read yet (still its local id)', () => {
    const store = createHistoryStore(memoryStorage())
    const sent = swap(7)
    const { depositedAt: _d, ...unread } = {
      ...sent,
      key: 'local-7',
      id: 'local-7',
      status: 'signing',
      phase: 'depositing',
    }
    store.getState().takeIn(unread as unknown as DepositedSwap)
    expect(store.getState().merge([swap(7, { key: 'chain-7' })])).toBe(0)
    // The tracker then reads the receipt: one row for the deposit.
    store.getState().apply('local-7', { type: 'depositMined', id: sent.id, depositedAt: sent.depositedAt })
    expect(listSwaps(store.getState()).filter((row) => row.depositTx === sent.depositTx)).toHaveLength(1)
  })

  it('takes the chain’s record of a deposit this device took for failed, under this device’s key', () => {
    const store = createHistoryStore(memoryStorage())
    const { depositedAt: _d, ...misread } = { ...swap(9), status: 'failed', error: 'depositReverted' }
    store.getState().takeIn(misread as unknown as DepositedSwap)
    expect(store.getState().merge([swap(9, { key: 'chain-9' })])).toBe(1)
    expect(store.getState().swaps).toEqual({ 'local-9': swap(9) })
  })

  it.each([
    ['corrupt JSON', '{"state":{"swaps":'],
    ['a record of the wrong shape', JSON.stringify({ state: { swaps: { x: { key: 'x' } } }, version: 1 })],
  ])('starts empty from %s, logs it, and saves new swaps over it', (_, saved) => {
    const storage = memoryStorage()
    storage.setItem(KEY, saved)
    const store = createHistoryStore(storage)
    expect(store.getState().swaps).toEqual({})
    expect(consoleError).toHaveBeenCalled()
    expect(String(consoleError.mock.calls[0]?.[0])).toMatch(/\[storage\]/)
    store.getState().takeIn(swap(6))
    expect(Object.keys(createHistoryStore(storage).getState().swaps)).toEqual(['local-6'])
  })

  it('keeps the other swaps when one saved swap is corrupt, and says which', () => {
    const storage = memoryStorage()
    const { depositTx: _, ...missingDeposit } = swap(8, { status: 'completed' })
    storage.setItem(
      KEY,
      JSON.stringify({
        state: { swaps: { 'local-7': swap(7), 'local-8': missingDeposit, 'local-9': 'not a swap' } },
        version: HISTORY_STORE_VERSION,
      }),
    )
    expect(Object.keys(createHistoryStore(storage).getState().swaps)).toEqual(['local-7'])
    expect(consoleError.mock.calls.map((call) => String(call[0])).join('\n')).toMatch(/local-8.*depositTx/)
  })

  it('reads the swaps saved by version 1 (status and phase) into their states', () => {
    const storage = memoryStorage()
    const v1 = (n: number, changes: Record<string, unknown>): Record<string, unknown> => {
      const { status: _s, ...rest } = swap(n)
      return { ...rest, status: 'swapping', phase: 'waiting', ...changes }
    }
    const { depositedAt: _t, ...unmined } = v1(1, { phase: 'depositing', id: 'local-1' })
    const saved = {
      'local-1': unmined,
      'local-2': v1(2, {}),
      'local-3': v1(3, { phase: 'refunding', statusDetail: 'expired' }),
      'local-4': v1(4, { status: 'refundable', phase: undefined }),
      'local-5': v1(5, {
        status: 'completed',
        phase: undefined,
        destination: { ...swap(5).destination, receivedAmount: '5' },
      }),
      'local-6': v1(6, { status: 'refunded', phase: undefined, refundTx: `0x${'ef'.repeat(32)}` }),
      'local-7': v1(7, { status: 'failed', phase: undefined, error: 'providerFailed' }),
      'local-8': v1(8, { status: 'failed', phase: undefined, error: 'depositReverted' }),
    }
    storage.setItem(KEY, JSON.stringify({ state: { swaps: saved }, version: 1 }))
    const swaps = createHistoryStore(storage).getState().swaps
    expect(Object.values(swaps).map((s) => [s.key, s.status])).toEqual([
      ['local-1', 'signing'],
      ['local-2', 'deposited'],
      ['local-3', 'providerRefunding'],
      ['local-4', 'refundable'],
      ['local-5', 'completed'],
      ['local-6', 'refunded'],
      // LI.FI's FAILED was final in version 1; it is followed again now (LI.FI may still refund it).
      ['local-7', 'providerFailed'],
      ['local-8', 'failed'],
    ])
    expect(Object.values(swaps).every((s) => isSwapRecord(s))).toBe(true)
    expect(swaps['local-5']).toMatchObject({ destination: { receivedAmount: '5' } })
    expect(consoleError).not.toHaveBeenCalled()
  })
})

describe('History shared by two tabs of the app (one localStorage)', () => {
  it('never wipes a swap made in one tab when the other writes its own copy, and the other takes it in', () => {
    const storage = memoryStorage()
    const tabA = createHistoryStore(storage)
    tabA.getState().takeIn(swap(1))
    const tabB = createHistoryStore(storage)
    tabA.getState().takeIn(swap(2)) // money moved in tab A
    tabB.getState().apply('local-1', { type: 'pending', statusDetail: 'SOLVER_DECLINED' }) // tab B writes its whole copy
    expect(Object.keys(createHistoryStore(storage).getState().swaps).sort()).toEqual(['local-1', 'local-2'])
    // Tab B hears of tab A's write (the page's storage event) and shows the swap too.
    syncHistory(tabB, storage)
    expect(Object.keys(tabB.getState().swaps).sort()).toEqual(['local-1', 'local-2'])
    expect(tabB.getState().swaps['local-1']?.statusDetail).toBe('SOLVER_DECLINED')
  })

  it('never undoes a refund made in one tab with the older copy of the other', () => {
    const storage = memoryStorage()
    const tabA = createHistoryStore(storage)
    tabA.getState().takeIn(swap(3, { status: 'refundable' }) as unknown as RefundableSwap)
    const tabB = createHistoryStore(storage)
    tabA.getState().apply('local-3', { type: 'refunded', refundTx: `0x${'ef'.repeat(32)}` })
    tabB.getState().takeIn(swap(4)) // tab B, still holding swap 3 refundable, writes
    expect(createHistoryStore(storage).getState().swaps['local-3']?.status).toBe('refunded')
    syncHistory(tabB, storage)
    expect(tabB.getState().swaps['local-3']?.status).toBe('refunded')
  })
})

describe('a saved swap with an unreadable field', () => {
  const save = (storage: ReturnType<typeof memoryStorage>, swaps: Record<string, unknown>) =>
    storage.setItem(KEY, JSON.stringify({ state: { swaps }, version: HISTORY_STORE_VERSION }))

  it('is shown without its unreadable spare fields (money waiting for a refund is never hidden)', () => {
    const storage = memoryStorage()
    const damaged = { ...swap(5, { status: 'refundable' }), statusDetail: null, estimatedSeconds: 'soon', extra: 1 }
    save(storage, { 'local-5': damaged })
    const store = createHistoryStore(storage)
    expect(store.getState().swaps['local-5']).toEqual(swap(5, { status: 'refundable' }))
    // Another write leaves the saved copy as it was: the repair is this tab's reading, not a change of the swap.
    store.getState().takeIn(swap(8))
    const saved = () => JSON.parse(storage.data.get(KEY) ?? '{}') as { state: { swaps: Record<string, unknown> } }
    expect(saved().state.swaps['local-5']).toEqual(damaged)
    // Once the swap itself moves on here, its new record is saved.
    store.getState().apply('local-5', { type: 'refunded' })
    expect(saved().state.swaps['local-5']).toMatchObject({ status: 'refunded' })
    const logged = consoleError.mock.calls.map((call) => String(call[0])).join('\n')
    for (const field of ['local-5', 'statusDetail', 'estimatedSeconds', 'extra']) expect(logged).toContain(field)
  })

  it('when what the swap is cannot be read, is not shown and stays in storage as it was, for a later fix', () => {
    const storage = memoryStorage()
    const broken = { ...swap(6), owner: 'nobody' }
    save(storage, { 'local-6': broken, 'local-7': swap(7) })
    const store = createHistoryStore(storage)
    expect(Object.keys(store.getState().swaps)).toEqual(['local-7'])
    store.getState().apply('local-7', { type: 'pending', statusDetail: 'SOLVER_DECLINED' })
    const saved = JSON.parse(storage.data.get(KEY) ?? '{}') as { state: { swaps: Record<string, unknown> } }
    expect(saved.state.swaps['local-6']).toEqual(broken)
  })
})
