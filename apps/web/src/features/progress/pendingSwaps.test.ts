import type { SwapRecord } from '@multi-bridge/core'
import { describe, expect, it } from 'vitest'
import { isPendingSwap, pendingSwapKeys, pendingSwaps } from './pendingSwaps.ts'

const TX = `0x${'ab'.repeat(32)}`
/** A record with only what the selector reads: its status, a deposit, its times. */
const swap = (key: string, status: SwapRecord['status'], extra: Record<string, unknown> = {}) =>
  ({ key, id: key, status, createdAt: 1_000_000, depositedAt: 1_000, ...extra }) as unknown as SwapRecord

describe('pending swaps', () => {
  it('counts a swap whose deposit was sent, until it ends', () => {
    expect(isPendingSwap(swap('a', 'signing', { phase: 'depositing', depositTx: TX }))).toBe(true)
    expect(isPendingSwap(swap('b', 'deposited'))).toBe(true)
    expect(isPendingSwap(swap('c', 'providerRefunding'))).toBe(true)
    // The person's refund is waiting: the loudest pending state there is.
    expect(isPendingSwap(swap('d', 'refundable'))).toBe(true)
  })

  it('counts a swap handed over before its deposit hash is known: a batch the wallet took, a gasless order signed', () => {
    const phase = { phase: 'depositing' }
    expect(isPendingSwap(swap('a', 'signing', { ...phase, data: { callsId: '0x01' } }))).toBe(true)
    const order = { orderId: `0x${'cd'.repeat(32)}`, openDeadline: 2_000_000_000 }
    expect(isPendingSwap(swap('b', 'signing', { ...phase, data: order }))).toBe(true)
  })

  it('leaves out a review never sent, and every swap that ended or that its provider reports failed', () => {
    expect(isPendingSwap(swap('a', 'signing', { phase: 'approving' }))).toBe(false)
    for (const status of ['completed', 'refunded', 'failed', 'providerFailed'] as const) {
      expect(isPendingSwap(swap('x', status)), status).toBe(false)
    }
  })

  it('lists them newest first, and gives their keys as one stable value', () => {
    const swaps = {
      old: swap('old', 'deposited', { depositedAt: 100 }),
      done: swap('done', 'completed', { depositedAt: 300 }),
      fresh: swap('fresh', 'refundable', { depositedAt: 200 }),
      sending: swap('sending', 'signing', { depositTx: TX, depositedAt: undefined, createdAt: 400_000 }),
    }
    expect(pendingSwaps(swaps).map((s) => s.key)).toEqual(['sending', 'fresh', 'old'])
    expect(pendingSwapKeys(swaps)).toBe('sending\nfresh\nold')
    expect(pendingSwapKeys({})).toBe('')
  })
})
