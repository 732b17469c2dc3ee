import { usdValueOf } from '@multi-bridge/core'
import { priceKey } from './tokenPrices.ts'
import type { PickerToken, TokenBalances, TokenPriceTable } from './types.ts'

const TARGET_DECIMALS = 18

/** A balance on a common 18-decimal scale, so 1 USDC (6 decimals) and 1 WETH (18) compare as equal. */
export function scaleTo18Decimals(value: bigint, decimals: number): bigint {
  if (decimals === TARGET_DECIMALS) return value
  return decimals < TARGET_DECIMALS
    ? value * 10n ** BigInt(TARGET_DECIMALS - decimals)
    : value / 10n ** BigInt(decimals - TARGET_DECIMALS)
}

/** The USD value (scaled by 10^18) of `balance` of `token`, or undefined when there is none or no price for it. */
export function tokenValue(
  token: PickerToken,
  balance: bigint | undefined,
  prices: TokenPriceTable | undefined,
): bigint | undefined {
  if (balance === undefined || balance === 0n) return undefined
  const price = prices?.get(priceKey(token.chainId, token.address))
  return price === undefined ? undefined : usdValueOf(balance, token.decimals, price)
}

/** The groups, in order: held with a known price, held without one, not held. */
const VALUED = 0
const HELD = 1
const EMPTY = 2

/**
 * The picker's order: the tokens the person holds and a price is known for first, by their USD value (1 ETH before a
 * million units of a cheap token); then the others held, by balance (compared after scaling by decimals: an unknown
 * token's large count never passes a known value); then the rest. Ties keep the list's order. Without balances the
 * list is returned as it is.
 */
export function sortTokensByValue(
  tokens: readonly PickerToken[],
  balances: TokenBalances | undefined,
  prices: TokenPriceTable | undefined,
): PickerToken[] {
  if (!balances || balances.size === 0) return [...tokens]
  const decorated = tokens.map((token, position) => {
    const balance = balances.get(token.address.toLowerCase()) ?? 0n
    const value = tokenValue(token, balance, prices)
    return {
      token,
      position,
      rank: balance === 0n ? EMPTY : value === undefined ? HELD : VALUED,
      value: value ?? 0n,
      scaled: scaleTo18Decimals(balance, token.decimals),
    }
  })
  decorated.sort(
    (a, b) =>
      a.rank - b.rank || descending(a.value, b.value) || descending(a.scaled, b.scaled) || a.position - b.position,
  )
  return decorated.map((entry) => entry.token)
}

const descending = (a: bigint, b: bigint) => (a === b ? 0 : a > b ? -1 : 1)
