import { describe, expect, it } from 'vitest'
import { DEFAULT_HEAP_GROWING_PERCENT, heapGrowingPercentFromEnvironment } from './heap.ts'

describe('heapGrowingPercentFromEnvironment', () => {
  it('is 100 % unless the operator says otherwise', () => {
    expect(heapGrowingPercentFromEnvironment({})).toBe(DEFAULT_HEAP_GROWING_PERCENT)
    expect(heapGrowingPercentFromEnvironment({ SERVICE_HEAP_GROWING_PERCENT: '' })).toBe(100)
    expect(heapGrowingPercentFromEnvironment({ SERVICE_HEAP_GROWING_PERCENT: '0' })).toBe(0)
    expect(heapGrowingPercentFromEnvironment({ SERVICE_HEAP_GROWING_PERCENT: '30' })).toBe(30)
  })

  it.each(['-1', '12.5', 'thirty', '401', '1e9'])('refuses %s and says what it expects', (text) => {
    expect(() => heapGrowingPercentFromEnvironment({ SERVICE_HEAP_GROWING_PERCENT: text })).toThrow(
      `SERVICE_HEAP_GROWING_PERCENT must be a whole number from 0 to 400, not "${text}"`,
    )
  })
})
