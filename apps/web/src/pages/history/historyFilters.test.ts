import type { SwapRecord } from '@multi-bridge/core'
import { describe, expect, it } from 'vitest'
import { filterFromOption, HISTORY_FILTERS } from './historyFilters.ts'

const swap = (status: SwapRecord['status'], providerId = 'intent') => ({ status, providerId }) as SwapRecord
const listedUnder = (record: SwapRecord) =>
  HISTORY_FILTERS.filter((filter) => filter.key !== 'all' && filter.test(record)).map((filter) => filter.key)

describe('History filters', () => {
  it('lists a swap waiting for the person’s refund under "Needs action", and each swap under one filter', () => {
    expect(listedUnder(swap('refundable'))).toEqual(['needs-action'])
    expect(listedUnder(swap('refunded'))).toEqual(['failed'])
    expect(listedUnder(swap('failed'))).toEqual(['failed'])
    expect(listedUnder(swap('providerFailed', 'lifi'))).toEqual(['failed'])
    expect(listedUnder(swap('deposited'))).toEqual(['swapping'])
    expect(listedUnder(swap('completed'))).toEqual(['completed'])
  })

  it('opens on the filter a link names (the refund banner’s), All otherwise', () => {
    expect(filterFromOption('needs-action')).toBe('needs-action')
    expect(filterFromOption('nonsense')).toBe('all')
    expect(filterFromOption(undefined)).toBe('all')
  })
})
