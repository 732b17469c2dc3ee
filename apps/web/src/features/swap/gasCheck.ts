import { formatDisplayAmountUp, type NetworkCost, type TokenRef } from '@multi-bridge/core'

/** The origin's native coin as the messages name it. */
export type NativeCoin = { symbol: string; decimals: number; network: string }

/** Values of "Not enough {{coin}} on {{network}} for gas (about {{amount}} needed)". */
export type NotEnoughGasValues = { coin: string; network: string; amount: string }

export const NOT_ENOUGH_GAS = 'Not enough {{coin}} on {{network}} for gas (about {{amount}} needed)'

/**
 * Whether the native balance pays the route's network cost: `unknown` until both are read (or when the estimate
 * failed: the wallet then has the last word), `enough`, or `short` with the sentence's values. Short is below what
 * the node's own estimates need at a wallet's max fee (`required`); the amount said is what Max would keep (`total`,
 * with the margin) besides the person's own amount (gas, a bridge's native fee), rounded up. The balance must cover
 * it plus the amount when the amount is the native coin itself.
 */
export function checkGas(parameters: {
  cost: NetworkCost | undefined
  nativeBalance: bigint | undefined
  origin: TokenRef | undefined
  amount: bigint | undefined
  coin: NativeCoin | undefined
}): { status: 'unknown' } | { status: 'enough' } | { status: 'short'; values: NotEnoughGasValues } {
  const { cost, nativeBalance, origin, amount, coin } = parameters
  if (!cost || nativeBalance === undefined || !coin) return { status: 'unknown' }
  if (nativeBalance >= cost.required) return { status: 'enough' }
  const own = origin?.kind === 'native' && amount !== undefined ? amount : 0n
  return { status: 'short', values: notEnoughGasValues(coin, cost.total - own) }
}

export const notEnoughGasValues = (coin: NativeCoin, needed: bigint): NotEnoughGasValues => ({
  coin: coin.symbol,
  network: coin.network,
  amount: `${formatDisplayAmountUp(needed, coin.decimals)} ${coin.symbol}`,
})

/**
 * Max on the native coin: the balance less what the gas needs (`reserve`), or why there is nothing to send (the
 * balance does not even pay the gas) rather than a "0".
 */
export function maxNativeAmount(
  balance: bigint,
  reserve: bigint,
  coin: NativeCoin,
): { ok: true; amount: bigint } | { ok: false; values: NotEnoughGasValues } {
  return balance > reserve
    ? { ok: true, amount: balance - reserve }
    : { ok: false, values: notEnoughGasValues(coin, reserve) }
}
