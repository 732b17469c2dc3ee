import { describe, expect, it } from 'vitest'
import { amountLength, approximateDuration, countdown, exchangeRate, listBalance } from './format.ts'

describe('format', () => {
  it('rounds every duration to the nearest of its unit, the same rule for estimates and times taken', () => {
    expect(approximateDuration(5)).toEqual({ n: 5, unit: 'second' })
    expect(approximateDuration(0.2)).toEqual({ n: 1, unit: 'second' })
    expect(approximateDuration(80)).toEqual({ n: 80, unit: 'second' })
    expect(approximateDuration(100)).toEqual({ n: 2, unit: 'minute' })
    expect(approximateDuration(130)).toEqual({ n: 2, unit: 'minute' })
    expect(approximateDuration(3_601)).toEqual({ n: 60, unit: 'minute' })
    expect(approximateDuration(5_400)).toEqual({ n: 2, unit: 'hour' })
    expect(approximateDuration(90_000)).toEqual({ n: 25, unit: 'hour' })
    expect(approximateDuration(172_800)).toEqual({ n: 2, unit: 'day' })
  })

  it('computes exchange rates with bigint maths, both ways', () => {
    // 3000 USDC (6 decimals) → 1 ETH (18 decimals)
    expect(exchangeRate(3_000_000_000n, 6, 10n ** 18n, 18)).toBe('0.000333')
    expect(exchangeRate(10n ** 18n, 18, 3_000_000_000n, 6)).toBe('3,000')
    expect(exchangeRate(0n, 6, 1n, 6)).toBe('0')
  })

  it('formats countdowns', () => {
    expect(countdown(65)).toBe('1:05')
    expect(countdown(3_725)).toBe('1:02:05')
    expect(countdown(-3)).toBe('0:00')
  })
})

describe('listBalance', () => {
  it('keeps the whole part and as many decimals as fit, rounded down, so a phone shows it whole', () => {
    expect(listBalance(1_232_965_432n, 6)).toBe('1,232.965')
    expect(listBalance(1_234_567_890_000n, 6)).toBe('1,234,567')
    expect(listBalance(123_456_789_012_345_678_901_234n, 18)).toBe('123,456.7')
    expect(listBalance(123_456n, 6)).toBe('0.123456')
    expect(listBalance(999_999n, 18)).toBe('0.00000000000099')
    expect(listBalance(0n, 6)).toBe('0')
  })
})

describe('amountLength', () => {
  it('sets a long amount smaller, and a longer one smaller still', () => {
    expect(amountLength('24.925')).toBeUndefined()
    expect(amountLength('1,000,000')).toBe('long')
    expect(amountLength('219,779.699844')).toBe('longer')
    expect(amountLength('1,219,779.699844')).toBe('longer')
  })
})
