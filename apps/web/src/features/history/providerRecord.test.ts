import type { CompletedSwap, FailedSwap, RefundedSwap } from '@multi-bridge/core'
import { depositedSwap, signingSwap, swapIn } from '@multi-bridge/core/test/swapRecords'
import { describe, expect, it } from 'vitest'
import { providerRecords } from './providerRecord.ts'

const completed = (received: string, took: number, estimate: number, overrides: Partial<CompletedSwap> = {}) =>
  swapIn<CompletedSwap>('completed', {
    destination: { ...depositedSwap().destination, receivedAmount: received },
    deliveredAt: 1_000 + took,
    estimatedSeconds: estimate,
    ...overrides,
  })

describe('each provider’s record, from History', () => {
  it('counts how swaps ended and takes medians of received against the quote and the minimum, and of time', () => {
    // Quoted 99, minimum 98 (the builder's): received 99, 98.01 and 100.98 → medians 99 → 1 and 99/98.
    const records = [
      completed('99000000', 10, 12),
      completed('98010000', 30, 12),
      completed('100980000', 20, 12),
      swapIn<RefundedSwap>('refunded'),
      swapIn<FailedSwap>('failed', { error: 'x' }),
      depositedSwap(),
      signingSwap('approving'),
      completed('5000000', 100, 60, { providerId: 'pool', providerName: 'Liquidity Pool Bridge' }),
    ]
    const [intent, pool] = providerRecords(records)
    expect(intent).toEqual({
      providerId: 'intent',
      providerName: 'Intent Bridge',
      swaps: 6,
      completed: 3,
      refunded: 1,
      failed: 1,
      receivedVsQuoted: 1,
      receivedVsMinimum: 1.010204,
      medianSeconds: 20,
      medianEstimateSeconds: 12,
    })
    expect(pool).toMatchObject({ providerId: 'pool', swaps: 1, completed: 1, medianSeconds: 100 })
  })

  it('leaves out a median it cannot know (nothing arrived yet, no estimate)', () => {
    const [only] = providerRecords([swapIn<RefundedSwap>('refunded')])
    expect(only).toEqual({
      providerId: 'intent',
      providerName: 'Intent Bridge',
      swaps: 1,
      completed: 0,
      refunded: 1,
      failed: 0,
    })
    expect(providerRecords([])).toEqual([])
  })
})
