/**
 * When the app warns about money: a swap that loses more than 3 % of its value is warned about, more than 10 %
 * needs the person's explicit confirmation in the review; a custom slippage above 1 % is warned about, above 5 %
 * strongly (a minimum that low invites a worse fill, or a sandwich on a swap leg).
 */
export const VALUE_LOSS_WARN_BPS = 300
export const VALUE_LOSS_CONFIRM_BPS = 1_000
export const SLIPPAGE_WARN_BPS = 100
export const SLIPPAGE_STRONG_BPS = 500

export type ValueLossLevel = 'none' | 'warn' | 'confirm'
export type SlippageLevel = 'none' | 'high' | 'veryHigh'

export function valueLossLevel(bps: number | undefined): ValueLossLevel {
  if (bps === undefined || bps <= VALUE_LOSS_WARN_BPS) return 'none'
  return bps > VALUE_LOSS_CONFIRM_BPS ? 'confirm' : 'warn'
}

/** The level of a slippage the person chose (an automatic one is the provider's and is not warned about). */
export function slippageLevel(bps: number | undefined): SlippageLevel {
  if (bps === undefined || bps <= SLIPPAGE_WARN_BPS) return 'none'
  return bps > SLIPPAGE_STRONG_BPS ? 'veryHigh' : 'high'
}
