import { describe, expect, it } from 'vitest'
import { formatAmount, formatDisplayAmount, parseAmountInput } from './parseAmountInput.ts'

const parse = (text: string, decimals = 6) => parseAmountInput(text, decimals)

describe('parseAmountInput', () => {
  it('parses plain decimals exactly into base units', () => {
    expect(parse('1.5')).toEqual({ ok: true, value: 1_500_000n, normalized: '1.5' })
    expect(parse('0.000001')).toMatchObject({ ok: true, value: 1n })
    expect(parse('.5')).toMatchObject({ ok: true, value: 500_000n })
    expect(parse('5.')).toMatchObject({ ok: true, value: 5_000_000n })
    expect(parse('007.50')).toMatchObject({ ok: true, value: 7_500_000n, normalized: '7.5' })
    expect(parse(' 12 ')).toMatchObject({ ok: true, value: 12_000_000n })
    expect(parse('123456789012345678901234567890.123456789012345678', 18)).toMatchObject({
      ok: true,
      value: 123456789012345678901234567890123456789012345678n,
    })
    // 0.1 + 0.2 style float traps do not exist here.
    expect(parse('0.3', 18)).toMatchObject({ value: 300_000_000_000_000_000n })
  })

  it('gives a reason for everything else', () => {
    const cases: [string, string][] = [
      ['', 'empty'],
      ['   ', 'empty'],
      ['.', 'notANumber'],
      ['1e18', 'notANumber'],
      ['-1', 'notANumber'],
      ['+1', 'notANumber'],
      ['abc', 'notANumber'],
      ['1.2.3', 'notANumber'],
      ['1 000', 'notANumber'],
      ['0x10', 'notANumber'],
      ['Infinity', 'notANumber'],
      ['1,5', 'useDotForDecimals'],
      ['0', 'zero'],
      ['0.000', 'zero'],
      ['1.0000001', 'tooManyDecimals'],
      ['1'.repeat(200), 'tooLong'],
    ]
    for (const [text, error] of cases) expect(parse(text), JSON.stringify(text)).toEqual({ ok: false, error })
  })

  it('accepts thousands separators grouping by three, as the app shows amounts', () => {
    expect(parse('1,000.5')).toEqual({ ok: true, value: 1_000_500_000n, normalized: '1000.5' })
    expect(parse('1,000')).toMatchObject({ ok: true, value: 1_000_000_000n })
    expect(parse('12,345,678.000001')).toMatchObject({ ok: true, value: 12_345_678_000_001n })
    expect(parse(' 999,999. ')).toMatchObject({ ok: true, value: 999_999_000_000n })
    // Not grouped by three: a decimal comma, or a typo; never guessed.
    expect(parse('1,5')).toEqual({ ok: false, error: 'useDotForDecimals' })
    expect(parse('1,5000')).toEqual({ ok: false, error: 'useDotForDecimals' })
    for (const text of ['1,00,000', '1,000,5', ',100', '1,000.5,0', '1000,000.5', '1,000.5.5']) {
      expect(parse(text), text).toEqual({ ok: false, error: 'notANumber' })
    }
  })

  it('reads full-width digits and punctuation from a Chinese IME as the same number', () => {
    expect(parse('１２３．５')).toEqual({ ok: true, value: 123_500_000n, normalized: '123.5' })
    expect(parse('１，０００．５')).toMatchObject({ ok: true, value: 1_000_500_000n })
    expect(parse('２。５')).toMatchObject({ ok: true, value: 2_500_000n }) // the ideographic full stop
    expect(parse('\u3000１\u3000')).toMatchObject({ ok: true, value: 1_000_000n }) // ideographic spaces around
    expect(parse('１，５')).toEqual({ ok: false, error: 'useDotForDecimals' })
    expect(parse('－１')).toEqual({ ok: false, error: 'notANumber' })
    expect(parse('１ｅ１８')).toEqual({ ok: false, error: 'notANumber' })
  })

  it('accepts trailing zeros beyond the token decimals (they change nothing)', () => {
    expect(parse('1.5000000000')).toMatchObject({ ok: true, value: 1_500_000n })
    expect(parse('1', 0)).toMatchObject({ ok: true, value: 1n })
    expect(parse('1.5', 0)).toEqual({ ok: false, error: 'tooManyDecimals' })
  })
})

describe('formatting', () => {
  it('round-trips exactly', () => {
    for (const value of [0n, 1n, 10n, 1_500_000n, 123_456_789n, 10n ** 30n + 7n]) {
      const text = formatAmount(value, 6)
      if (value === 0n) expect(text).toBe('0')
      else expect(parse(text)).toMatchObject({ ok: true, value })
    }
    expect(formatAmount(-1_500_000n, 6)).toBe('-1.5')
  })

  it('shows amounts for people: grouped, rounded down, tiny amounts still visible', () => {
    expect(formatDisplayAmount(1_234_567_891_234n, 6)).toBe('1,234,567.891234')
    expect(formatDisplayAmount(1_999_999_999n, 9, 2)).toBe('1.99')
    expect(formatDisplayAmount(12n, 18)).toBe('0.000000000000000012')
    expect(formatDisplayAmount(1_234n, 18, 6)).toBe('0.0000000000000012')
    expect(formatDisplayAmount(0n, 6)).toBe('0')
  })
})
