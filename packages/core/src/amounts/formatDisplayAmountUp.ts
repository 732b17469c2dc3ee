import { formatDisplayAmount } from './parseAmountInput.ts'

/**
 * `formatDisplayAmount` rounded up instead of down, for an amount someone needs ("about 0.00026 ETH needed"): the
 * figure shown is never less than what is needed. Same precision: `maxFractionDigits` digits, or the first two
 * significant ones of a tiny amount.
 */
export function formatDisplayAmountUp(value: bigint, decimals: number, maxFractionDigits = 6): string {
  if (value <= 0n) return formatDisplayAmount(value, decimals, maxFractionDigits)
  const scale = 10n ** BigInt(decimals)
  let digits = maxFractionDigits
  if (value < scale && value * 10n ** BigInt(maxFractionDigits) < scale) {
    // Below the last shown digit: keep the first two significant digits, as formatDisplayAmount does.
    const leadingZeros = decimals - value.toString().length
    digits = leadingZeros + 2
  }
  if (digits >= decimals) return formatDisplayAmount(value, decimals, maxFractionDigits)
  const step = 10n ** BigInt(decimals - digits)
  return formatDisplayAmount(((value + step - 1n) / step) * step, decimals, maxFractionDigits)
}
