import { describe, expect, it } from 'vitest'
import { formatDateTime, formatPercent, formatUsd, intlLocale } from './intlFormat.ts'

const usd = (text: string) => {
  const [whole = '0', fraction = ''] = text.split('.')
  return BigInt(`${whole}${fraction.padEnd(18, '0')}`)
}

describe('numbers and dates in the interface language', () => {
  it('maps the interface languages to Intl locales', () => {
    expect(intlLocale('zh')).toBe('zh-Hant')
    expect(intlLocale('en')).toBe('en')
    expect(intlLocale('zh-Hans')).toBe('zh-Hans')
    expect(intlLocale('xx')).toBe('en')
  })

  it('formats USD to the cent from exact decimal values, and says "<$0.01" rather than $0.00', () => {
    expect(formatUsd(usd('1234.5678'), 'en')).toBe('$1,234.57')
    expect(formatUsd(usd('1.2'), 'zh-Hant')).toBe('$1.20')
    expect(formatUsd(usd('0.004448'), 'en')).toBe('<$0.01')
    expect(formatUsd(-usd('0.029716'), 'en')).toBe('-$0.03')
    expect(formatUsd(0n, 'en')).toBe('$0.00')
    // Beyond what a float holds exactly: 2^53 + 1 dollars and a cent.
    expect(formatUsd(usd('9007199254740993.01'), 'en')).toBe('$9,007,199,254,740,993.01')
  })

  it('formats percentages from basis points', () => {
    expect(formatPercent(843, 'en')).toBe('8.4%')
    expect(formatPercent(2_000, 'zh-Hant')).toBe('20%')
  })

  it('writes dates as the language does, not en-US everywhere', () => {
    const moment = new Date(2026, 10, 25, 13, 37, 8).getTime() // local time, as shown
    const zh = formatDateTime(moment, 'zh-Hant')
    expect(zh).toMatch(/^2026年11月25日/)
    expect(formatDateTime(moment, 'en')).toMatch(/^Nov 25, 2026/)
    expect(zh).not.toBe(new Date(moment).toLocaleString('en-US'))
  })
})
