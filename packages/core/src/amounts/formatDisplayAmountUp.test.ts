import { describe, expect, it } from 'vitest'
import { formatDisplayAmountUp } from './formatDisplayAmountUp.ts'

describe('formatDisplayAmountUp', () => {
  it.each([
    [254_900_000_000_000n, 18, '0.000255'], // formatDisplayAmount says 0.000254: less than needed
    [255_000_000_000_000n, 18, '0.000255'], // exact: unchanged
    [12_300_000_000n, 18, '0.000000013'], // tiny: two significant digits, rounded up
    [1_000_000_000_000_000_001n, 18, '1.000001'],
    [1_500_000n, 6, '1.5'],
    [1n, 6, '0.000001'],
    [0n, 18, '0'],
  ])('shows %s (%i decimals) as %s, never below it', (value, decimals, shown) => {
    expect(formatDisplayAmountUp(value, decimals)).toBe(shown)
  })
})
