import { formatDisplayAmount } from '@multi-bridge/core'

type Duration = { n: number; unit: 'second' | 'minute' | 'hour' | 'day' }

/**
 * A duration to the nearest of its unit, the one rule for every time on screen: seconds up to 90 s ("80 seconds"),
 * then minutes up to 90 minutes, then hours up to 36 hours, then days. Never "0 seconds".
 */
export function approximateDuration(seconds: number): Duration {
  const s = Math.max(1, Math.round(seconds))
  if (s < 90) return { n: s, unit: 'second' }
  if (s < 90 * 60) return { n: Math.round(s / 60), unit: 'minute' }
  if (s < 36 * 3_600) return { n: Math.round(s / 3_600), unit: 'hour' }
  return { n: Math.round(s / 86_400), unit: 'day' }
}

/** How many `to` one `from` buys, as display text: exact bigint maths, 18-digit precision. */
export function exchangeRate(input: bigint, inputDecimals: number, output: bigint, outputDecimals: number): string {
  if (input === 0n) return '0'
  const scaled = (output * 10n ** BigInt(inputDecimals) * 10n ** 18n) / (input * 10n ** BigInt(outputDecimals))
  return formatDisplayAmount(scaled, 18, 6)
}

export const shortHash = (hash: string) => `${hash.slice(0, 10)}…${hash.slice(-8)}`

export const shortAddress = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`

/** "mm:ss" or "h:mm:ss" for a countdown. */
export function countdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds))
  const h = Math.floor(s / 3_600)
  const m = Math.floor((s % 3_600) / 60)
  const rest = String(s % 60).padStart(2, '0')
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`
}

/**
 * How long an amount in the form's big type is, for its size (styles.css `[data-length]`): a long one is set smaller so
 * that the whole of it shows beside its token on a phone ("219,779.699844", not "219,779.69…").
 */
export function amountLength(text: string): 'long' | 'longer' | undefined {
  if (text.length > 12) return 'longer'
  if (text.length > 8) return 'long'
  return undefined
}

/** Significant digits a balance in a list shows at most (its whole part in full, whatever its size). */
const LIST_BALANCE_DIGITS = 7

/**
 * A balance as a list shows it, short enough to be read whole in a phone's column: all of its whole part, and as
 * many decimals as the digits left allow (at most 6), rounded down: "1,232.965", "1,234,567", "0.123456".
 */
export function listBalance(value: bigint, decimals: number): string {
  const whole = value / 10n ** BigInt(decimals)
  const wholeDigits = whole === 0n ? 0 : whole.toString().length
  return formatDisplayAmount(value, decimals, Math.max(0, Math.min(6, LIST_BALANCE_DIGITS - wholeDigits)))
}
