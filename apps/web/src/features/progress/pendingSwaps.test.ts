import { ChainUnreachableError, type DepositedSwap, type SwapRecord } from '@multi-bridge/core'
import { signingSwap, swapIn } from '@multi-bridge/core/test/swapRecords'
import { describe, expect, it } from 'vitest'
import { statusWord } from '../history/index.ts'
import { isPendingSwap, pendingSwapKeys, pendingSwaps } from './pendingSwaps.ts'

const TX = `0x${'ab'.repeat(32)}` as const
/** A swap in `status`, deposited (the selector reads its status, its deposit and its times). */
const swap = (key: string, status: SwapRecord['status'], extra: Partial<DepositedSwap> = {}) =>
  swapIn<SwapRecord>(status, { key, ...extra })

describe('pending swaps', () => {
  it('counts a swap whose deposit was sent, until it ends', () => {
    expect(isPendingSwap(signingSwap('depositing', { key: 'a', depositTx: TX }))).toBe(true)
    expect(isPendingSwap(swap('b', 'deposited'))).toBe(true)
    expect(isPendingSwap(swap('c', 'providerRefunding'))).toBe(true)
    // The person's refund is waiting: the loudest pending state there is.
    expect(isPendingSwap(swap('d', 'refundable'))).toBe(true)
  })

  it('counts a swap handed over before its deposit hash is known: a batch the wallet took, a gasless order signed', () => {
    expect(isPendingSwap(signingSwap('depositing', { key: 'a', data: { callsId: '0x01' } }))).toBe(true)
    const order = { orderId: `0x${'cd'.repeat(32)}`, openDeadline: 2_000_000_000 }
    expect(isPendingSwap(signingSwap('depositing', { key: 'b', data: order }))).toBe(true)
  })

  it('leaves out a review never sent, and every swap that ended or that its provider reports failed', () => {
    expect(isPendingSwap(signingSwap('approving', { key: 'a' }))).toBe(false)
    for (const status of ['completed', 'refunded', 'failed', 'providerFailed'] as const) {
      expect(isPendingSwap(swap('x', status)), status).toBe(false)
    }
  })

  it('lists them newest first, and gives their keys as one stable value', () => {
    const swaps = {
      old: swap('old', 'deposited', { depositedAt: 100 }),
      done: swap('done', 'completed', { depositedAt: 300 }),
      fresh: swap('fresh', 'refundable', { depositedAt: 200 }),
      sending: signingSwap('depositing', { key: 'sending', depositTx: TX, createdAt: 400_000 }),
    }
    expect(pendingSwaps(swaps).map((s) => s.key)).toEqual(['sending', 'fresh', 'old'])
    expect(pendingSwapKeys(swaps)).toBe('sending\nfresh\nold')
    expect(pendingSwapKeys({})).toBe('')
  })
})

describe('a swap restored from chain whose chain does not answer', () => {
  const down = { error: new ChainUnreachableError(31338, 'Local Chain B'), since: 0, failures: 1 }
  const swaps = {
    restored: swap('restored', 'deposited', { depositedAt: 100 }),
    mine: swap('mine', 'deposited', { depositedAt: 200, estimatedSeconds: 30 }),
  }

  it('is not counted as under way, nor said to be swapping: its state is unknown until the chain answers', () => {
    const problems = { restored: down, mine: down }
    expect(pendingSwaps(swaps, problems).map((s) => s.key)).toEqual(['mine'])
    expect(statusWord(swaps.restored, down)).toEqual({ label: 'Status unknown', tone: 'unknown' })
    // A swap made here has its route's estimate: it is swapping, and the row says the chain does not answer.
    expect(statusWord(swaps.mine, down).label).toBe('Swapping...')
  })

  it('is counted again once the chain answers, and not for a look that failed for another reason', () => {
    expect(pendingSwaps(swaps, {}).map((s) => s.key)).toEqual(['mine', 'restored'])
    const other = { restored: { error: new Error('rate limited'), since: 0, failures: 3 } }
    expect(pendingSwaps(swaps, other).map((s) => s.key)).toEqual(['mine', 'restored'])
    expect(statusWord(swaps.restored, other.restored).label).toBe('Swapping...')
  })
})
