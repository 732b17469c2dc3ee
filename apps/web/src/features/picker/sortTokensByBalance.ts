import type { PickerToken, TokenBalances } from './types.ts'

const TARGET_DECIMALS = 18

/** A balance on a common 18-decimal scale, so 1 USDC (6 decimals) and 1 WETH (18) compare as equal. */
export function scaleTo18Decimals(value: bigint, decimals: number): bigint {
  if (decimals === TARGET_DECIMALS) return value
  return decimals < TARGET_DECIMALS
    ? value * 10n ** BigInt(TARGET_DECIMALS - decimals)
    : value / 10n ** BigInt(decimals - TARGET_DECIMALS)
}

/**
 * Largest balance first (amounts compared after scaling by decimals); equal balances, and tokens without a
 * balance, keep their list order. Without balances the list is returned as it is.
 */
export function sortTokensByBalance(
  tokens: readonly PickerToken[],
  balances: TokenBalances | undefined,
): PickerToken[] {
  if (!balances || balances.size === 0) return [...tokens]
  const decorated = tokens.map((token, position) => ({
    token,
    position,
    scaled: scaleTo18Decimals(balances.get(token.address.toLowerCase()) ?? 0n, token.decimals),
  }))
  decorated.sort((a, b) => (a.scaled === b.scaled ? a.position - b.position : a.scaled > b.scaled ? -1 : 1))
  return decorated.map((entry) => entry.token)
}
