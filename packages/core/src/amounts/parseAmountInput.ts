/** Why a typed amount cannot be used; each has its own message in the UI. */
export type AmountInputError =
  | 'empty'
  | 'tooLong'
  | 'notANumber' // letters, exponents (1e18), signs, spaces
  | 'useDotForDecimals' // 1,5
  | 'tooManyDecimals'
  | 'zero'

export type ParseAmountInputReturnType =
  | { ok: true; value: bigint; normalized: string }
  | { ok: false; error: AmountInputError }

/** SPEC §8: text inputs take at most 140 characters. */
export const MAX_AMOUNT_INPUT_LENGTH = 140

const DECIMAL = /^(\d*)(?:\.(\d*))?$/
/** Thousands grouped with commas, as the app itself shows amounts ("1,000.5"). */
const GROUPED = /^\d{1,3}(?:,\d{3})+(?:\.\d*)?$/

/**
 * What a keyboard in another script types for the same number: full-width digits and punctuation from a Chinese
 * or Japanese IME ("１，０００．５"), read as their ASCII forms (Unicode NFKC), and the ideographic full stop ("。")
 * that a Chinese IME types for the dot.
 */
const asciiDigits = (text: string) => text.normalize('NFKC').replace(/\u3002/g, '.')

/**
 * Parses what a person typed into base units, exactly (no floating point): `"1.5"` with 6 decimals
 * is `1500000n`. Leading zeros are fine (`"007"` is 7), and so are thousands separators where they group by
 * three ("1,000.5", the app's own format) and full-width digits; anything else that is not a plain decimal
 * number gets a reason instead of a guess ("1,5" is a decimal comma: the dot is asked for).
 */
export function parseAmountInput(text: string, decimals: number): ParseAmountInputReturnType {
  const trimmed = asciiDigits(text).trim()
  if (trimmed === '') return { ok: false, error: 'empty' }
  if (trimmed.length > MAX_AMOUNT_INPUT_LENGTH) return { ok: false, error: 'tooLong' }
  const ungrouped = GROUPED.test(trimmed) ? trimmed.replaceAll(',', '') : trimmed
  if (/^\d+,\d+$/.test(ungrouped)) return { ok: false, error: 'useDotForDecimals' }
  const match = DECIMAL.exec(ungrouped)
  if (!match) return { ok: false, error: 'notANumber' }
  const whole = match[1] ?? ''
  const fraction = match[2] ?? ''
  if (whole === '' && fraction === '') return { ok: false, error: 'notANumber' } // "." alone
  if (fraction.replace(/0+$/, '').length > decimals) return { ok: false, error: 'tooManyDecimals' }
  const paddedFraction = fraction.slice(0, decimals).padEnd(decimals, '0')
  const value = BigInt(`${whole || '0'}${paddedFraction}`)
  if (value === 0n) return { ok: false, error: 'zero' }
  return { ok: true, value, normalized: formatAmount(value, decimals) }
}

/** Formats base units as plain decimal text, without trailing zeros (`1500000n`, 6 → `"1.5"`). */
export function formatAmount(value: bigint, decimals: number): string {
  const negative = value < 0n
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0')
  const whole = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '')
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`
}

/**
 * Formats for display with at most `maxSignificant` significant fraction digits, rounding down
 * (never shows more than the amount), with thousands separators on the whole part.
 */
export function formatDisplayAmount(value: bigint, decimals: number, maxFractionDigits = 6): string {
  const exact = formatAmount(value, decimals)
  const [whole = '0', fraction = ''] = exact.replace('-', '').split('.')
  const sign = exact.startsWith('-') ? '-' : ''
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  let shown = fraction.slice(0, maxFractionDigits)
  // Tiny amounts keep their first significant digits instead of showing as 0.
  if (whole === '0' && shown.replace(/0/g, '') === '' && fraction !== '') {
    const firstSignificant = fraction.search(/[1-9]/)
    shown = fraction.slice(0, firstSignificant + 2)
  }
  shown = shown.replace(/0+$/, '')
  return `${sign}${grouped}${shown ? `.${shown}` : ''}`
}
