import type { Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import { depositedSwap, signingSwap } from '../../test/support/swapRecords.ts'
import type { DepositedSwap, SigningSwap } from '../records/types.ts'
import type { KeyValueStorage } from '../storage/persistedStore.ts'
import { createHistoryStore, HISTORY_STORAGE_KEY, syncHistory } from './historyStore.ts'
import { createSwapStore, listSwaps } from './swapStore.ts'

/**
 * "Restore from chain" runs while this device's swap is still a draft. The devnet wallet (and any EIP-5792 wallet)
 * takes approval + deposit as one batch, and `executeRoute` records the deposit (`depositSent`) only once the whole
 * batch is mined; meanwhile History has no row for it, so the History page's automatic restore (an empty History with a
 * wallet connected restores by itself), or a restore in another tab, finds the freshly mined deposit on chain and adds
 * it under its order id. Then `executeRoute` stores its own record (local key, same deposit), and the tracker reads
 * the same receipt for it: one swap, one row, followed once.
 */
const memoryStorage = (): KeyValueStorage & { map: Map<string, string> } => {
  const map = new Map<string, string>()
  return {
    map,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  }
}

const ORDER_ID = `0x${'0d'.repeat(32)}` as Hex
const DEPOSIT_TX = `0x${'de'.repeat(32)}` as Hex

/** What the provider's `findSwapsOnChain` returns for the deposit (`foundSwapRecord`: key = order id). */
const restored: DepositedSwap = depositedSwap({
  key: ORDER_ID,
  id: ORDER_ID,
  depositTx: DEPOSIT_TX,
  depositedAt: 1_700_000_010,
  refundableAfter: 1_700_000_300,
  data: { fillDeadline: 1_700_000_300, originBlock: '42', destinationFromBlock: '0' },
})

/** What `executeRoute` stores once the batch is mined (`depositSent`), under the review's key. */
const sentHere: SigningSwap = signingSwap('depositing', {
  key: 'local-1700000000000-1',
  id: 'local-1700000000000-1',
  depositTx: DEPOSIT_TX,
})

const rowsOf = (state: Parameters<typeof listSwaps>[0]) =>
  listSwaps(state).filter((swap) => swap.depositTx === DEPOSIT_TX)

describe('a restore that finds this device’s deposit before the device recorded it', () => {
  it('lists the swap once, not twice', () => {
    const store = createHistoryStore(memoryStorage())
    // 1. The automatic restore (History was empty for this account) finds the deposit just mined.
    expect(store.getState().merge([restored])).toBe(1)
    // 2. The batch's status comes back: `executeRoute` records the deposit under its own key...
    store.getState().takeIn(sentHere)
    // ...and the tracker reads its receipt (same order id, same deposit).
    store.getState().apply(sentHere.key, {
      type: 'depositMined',
      id: ORDER_ID,
      depositedAt: 1_700_000_010,
      refundableAfter: 1_700_000_300,
    })
    const rows = rowsOf(store.getState())
    expect(rows.map((row) => row.key)).toEqual([sentHere.key])
    // The copy further along (the chain's, deposited), under this device's key: its tracker and dialog follow it.
    expect(rows[0]).toMatchObject({ status: 'deposited', id: ORDER_ID, depositTx: DEPOSIT_TX })
  })

  it('is saved once too: a reload lists it once (the restored copy is not written back from storage)', () => {
    const storage = memoryStorage()
    const store = createHistoryStore(storage)
    store.getState().merge([restored])
    store.getState().takeIn(sentHere)
    const saved = JSON.parse(storage.getItem(HISTORY_STORAGE_KEY) ?? 'null') as { state: { swaps: object } }
    expect(Object.keys(saved.state.swaps)).toEqual([sentHere.key])
    expect(rowsOf(createHistoryStore(storage).getState()).map((row) => row.key)).toEqual([sentHere.key])
  })

  it('keeps the copy further along whichever it is, under this device’s key', () => {
    const store = createSwapStore()
    const delivered = { ...restored, status: 'completed', deliveryTx: `0x${'fe'.repeat(32)}` } as const
    store.getState().merge([delivered])
    store.getState().takeIn(sentHere)
    expect(Object.values(store.getState().swaps)).toEqual([{ ...delivered, key: sentHere.key }])
    // Further along here: this device's copy replaces the restored one.
    const other = createSwapStore()
    other.getState().merge([restored])
    const refunded = { ...restored, key: sentHere.key, id: ORDER_ID, status: 'refunded' } as const
    other.getState().takeIn(refunded)
    expect(Object.values(other.getState().swaps)).toEqual([refunded])
  })

  it('another tab’s restored copy is taken in under this tab’s key, not as a second row', () => {
    const storage = memoryStorage()
    const otherTab = createHistoryStore(storage)
    otherTab.getState().merge([{ ...restored, status: 'completed', deliveryTx: `0x${'fe'.repeat(32)}` } as const])
    const thisTab = createSwapStore()
    thisTab.getState().takeIn(sentHere)
    syncHistory(thisTab, storage)
    expect(rowsOf(thisTab.getState()).map((row) => [row.key, row.status])).toEqual([[sentHere.key, 'completed']])
  })
})
