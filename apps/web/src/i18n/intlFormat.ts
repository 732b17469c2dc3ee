import { formatUsdValue } from '@multi-bridge/core'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { htmlLang, type Language } from './languages.ts'

/** The BCP 47 locale of an interface language, for `Intl` (zh is Traditional Chinese, zh-Hant). */
export const intlLocale = (language: string): string => htmlLang[language as Language] ?? 'en'

const ONE_CENT = 10n ** 16n // USD scaled by 10^18

/** `create(locale)` made once per locale: an `Intl` formatter takes far longer to build than to use. */
function perLocale<F>(create: (locale: string) => F): (locale: string) => F {
  const made = new Map<string, F>()
  return (locale) => {
    const known = made.get(locale)
    if (known) return known
    const format = create(locale)
    made.set(locale, format)
    return format
  }
}

const usdFormat = perLocale(
  (locale) =>
    new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: 'USD',
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }),
)
const percentFormat = perLocale(
  (locale) => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }),
)
const listFormat = perLocale((locale) => new Intl.ListFormat(locale, { style: 'narrow', type: 'conjunction' }))
const dateTimeFormat = perLocale(
  (locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' }),
)

/**
 * A USD value (scaled by 10^18, as core computes it) in the locale's currency format, to the cent ("$1,234.57",
 * zh-Hant "$1,234.57"); a positive value under a cent is "<$0.01" rather than a misleading "$0.00". The exact
 * decimal text goes to `Intl` (it takes decimal strings): no float ever holds the value.
 */
export function formatUsd(value: bigint, locale: string): string {
  const format = usdFormat(locale)
  const magnitude = value < 0n ? -value : value
  if (magnitude > 0n && magnitude < ONE_CENT) return `${value < 0n ? '-' : ''}<${format.format('0.01')}`
  return format.format(formatUsdValue(value) as Intl.StringNumericLiteral)
}

/** Basis points as a percentage in the locale ("8.4%"), to one decimal at most. */
export function formatPercent(bps: number, locale: string): string {
  return percentFormat(locale).format(bps / 10_000)
}

/** A moment (epoch milliseconds) as the locale writes a date and time ("Nov 25, 2026, 9:37:08 PM", "2026年11月25日 晚上9:37:08"). */
export function formatDateTime(epochMs: number, locale: string): string {
  return dateTimeFormat(locale).format(new Date(epochMs))
}

/** The formatters above in the interface language, following its changes. */
export function useIntlFormat() {
  const { i18n } = useTranslation()
  const locale = intlLocale(i18n.language)
  return useMemo(
    () => ({
      locale,
      usd: (value: bigint) => formatUsd(value, locale),
      percent: (bps: number) => formatPercent(bps, locale),
      dateTime: (epochMs: number) => formatDateTime(epochMs, locale),
      /** Names as the locale lists them ("A, B, C"; zh-Hant "A、B和C"). */
      list: (items: readonly string[]) => listFormat(locale).format(items),
    }),
    [locale],
  )
}
