import type { SwapRecord } from '@multi-bridge/core'
import { describe, expect, it } from 'vitest'
import { filterFromOption, HISTORY_FILTERS, historyPath } from './historyFilters.ts'

const swap = (status: SwapRecord['status'], providerId = 'intent') => ({ status, providerId }) as SwapRecord
const listedUnder = (record: SwapRecord) =>
  HISTORY_FILTERS.filter((filter) => filter.key !== 'all' && filter.test(record)).map((filter) => filter.key)

describe('History filters', () => {
  it('lists a swap waiting for the person’s refund under "Needs action", and each swap under one of SPEC’s words', () => {
    expect(listedUnder(swap('refundable'))).toEqual(['needs-action'])
    // A failure whose money came back: among the failures, and found on its own under Refunded.
    expect(listedUnder(swap('refunded'))).toEqual(['failed', 'refunded'])
    expect(listedUnder(swap('failed'))).toEqual(['failed'])
    expect(listedUnder(swap('providerFailed', 'lifi'))).toEqual(['failed'])
    expect(listedUnder(swap('deposited'))).toEqual(['swapping'])
    expect(listedUnder(swap('completed'))).toEqual(['completed'])
  })

  it('opens on the filter a link names (the refund banner’s), All otherwise', () => {
    expect(filterFromOption('needs-action')).toBe('needs-action')
    expect(filterFromOption('nonsense')).toBe('all')
    expect(filterFromOption(undefined)).toBe('all')
    expect(filterFromOption('refunded')).toBe('refunded')
  })

  it('keeps the filter in the address, with a swap opened over the list', () => {
    expect(historyPath('/pages/log/index', 'all')).toBe('/pages/log/index')
    expect(historyPath('/pages/log/index', 'refunded')).toBe('/pages/log/index?filter=refunded')
    expect(historyPath('/pages/log/index', 'failed', '0xabc')).toBe('/pages/log/index?id=0xabc&filter=failed')
    expect(historyPath('/pages/log/index', 'all', '0xabc')).toBe('/pages/log/index?id=0xabc')
  })
})
