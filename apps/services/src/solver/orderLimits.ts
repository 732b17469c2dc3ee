import type { ManifestToken } from '@multi-bridge/core'
import { type SolverPricing, tokenToUsd } from './pricing.ts'

/**
 * What the solver's limits are checked on, of an opened order (as its quotes' limits: size, fill window, timing).
 * Not the stored order's `OrderTerms` (order.ts), which says what the order asks.
 */
export type OpenedOrderTerms = {
  input: Pick<ManifestToken, 'symbol' | 'decimals'>
  inputAmount: bigint
  fillDeadline: number
  expires: number
}

export type FillConditions = {
  /** The destination chain's time. */
  now: number
  destinationBlockTime: number
  /** Seconds from a fill to its claim being final (settlementMarginSeconds). */
  marginSeconds: number
}

/**
 * Why an order opened on chain is outside what the solver quotes, or undefined when it is inside.
 * The same limits as its quotes: an order that could not have come from a quote is not filled.
 */
export function orderTermsProblem(
  pricing: SolverPricing,
  order: OpenedOrderTerms,
  conditions: FillConditions,
): string | undefined {
  const inputUsd = tokenToUsd(pricing, order.inputAmount, order.input)
  if (inputUsd < pricing.minOrderUsd) return 'below the minimum order size'
  if (inputUsd > pricing.maxOrderUsd) return 'above the maximum order size'
  if (order.fillDeadline - conditions.now > pricing.fillWindowSeconds + pricing.quoteTtlSeconds) {
    return 'fill window longer than the solver quotes'
  }
  return fillTimingProblem(order, conditions)
}

/**
 * Why a fill sent now could cost the solver, or undefined. A fill lands at the latest at the fill
 * deadline; its claim must be final before `expires`, when the user could take the escrow back
 * without any attestation. Checked at admission and again before every fill attempt.
 */
export function fillTimingProblem(
  order: Pick<OpenedOrderTerms, 'fillDeadline' | 'expires'>,
  conditions: FillConditions,
): string | undefined {
  if (conditions.now + conditions.destinationBlockTime * 2 > order.fillDeadline) return 'fill deadline too close'
  if (order.fillDeadline + conditions.marginSeconds > order.expires) {
    return 'too little time between the fill deadline and expires to be repaid'
  }
  return undefined
}
