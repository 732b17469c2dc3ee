import type { ManifestChain } from '@multi-bridge/core'
import type { PickerToken } from './types.ts'

/** The chain's manifest tokens in manifest order, then the extra tokens for that chain not already listed. */
export function pickerTokensForChain(chain: ManifestChain, extraTokens: readonly PickerToken[] = []): PickerToken[] {
  const tokens: PickerToken[] = chain.tokens.map((token) => ({
    chainId: chain.id,
    address: token.address,
    symbol: token.symbol,
    name: token.name,
    decimals: token.decimals,
    kind: token.kind,
    listed: true,
    ...(token.logoURI ? { logoURI: token.logoURI } : {}),
  }))
  const seen = new Set(tokens.map((token) => token.address.toLowerCase()))
  for (const token of extraTokens) {
    const key = token.address.toLowerCase()
    if (token.chainId !== chain.id || seen.has(key)) continue
    seen.add(key)
    tokens.push(token)
  }
  return tokens
}
