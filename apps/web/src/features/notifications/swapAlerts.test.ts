import type { SwapRecord } from '@multi-bridge/core'
import { describe, expect, it } from 'vitest'
import { newAlerts, titleWithCount } from './swapAlerts.ts'

const swap = (key: string, status: SwapRecord['status']) => ({ key, status }) as SwapRecord

describe('newAlerts', () => {
  it('reports a swap that just completed, failed, became refundable or was refunded, once', () => {
    const before = {
      a: swap('a', 'deposited'),
      b: swap('b', 'deposited'),
      c: swap('c', 'deposited'),
      d: swap('d', 'providerRefunding'),
      e: swap('e', 'deposited'),
    }
    const after = {
      a: swap('a', 'completed'),
      b: swap('b', 'providerFailed'),
      c: swap('c', 'refundable'),
      d: swap('d', 'refunded'),
      e: swap('e', 'deposited'),
    }
    expect(newAlerts(before, after).map(({ key, alert }) => [key, alert])).toEqual([
      ['a', 'completed'],
      ['b', 'failed'],
      ['c', 'refundable'],
      ['d', 'refunded'],
    ])
    expect(newAlerts(after, after)).toEqual([])
  })

  it('says nothing about swaps read from storage or restored from chain, or a failure seen twice', () => {
    expect(newAlerts({}, { a: swap('a', 'completed') })).toEqual([])
    expect(newAlerts({ b: swap('b', 'providerFailed') }, { b: swap('b', 'failed') })).toEqual([])
  })
})

describe('titleWithCount', () => {
  it('puts the count of swaps not seen yet before the title', () => {
    expect(titleWithCount('Multi-Bridge-dapp', 0)).toBe('Multi-Bridge-dapp')
    expect(titleWithCount('兌換', 2)).toBe('(2) 兌換')
  })
})
