import type { ManifestChain, ManifestToken } from '@multi-bridge/core'
import type { PickerToken } from './types.ts'

/** A token of the manifest or of a provider's list (same shape) on a chain, as the picker offers it: listed. */
export function toPickerToken(chainId: number, token: ManifestToken): PickerToken {
  return {
    chainId,
    address: token.address,
    symbol: token.symbol,
    name: token.name,
    decimals: token.decimals,
    kind: token.kind,
    listed: true,
    ...(token.logoURI ? { logoURI: token.logoURI } : {}),
  }
}

/** The chain's manifest tokens in manifest order, then the extra tokens for that chain not already listed. */
export function pickerTokensForChain(chain: ManifestChain, extraTokens: readonly PickerToken[] = []): PickerToken[] {
  const tokens = chain.tokens.map((token) => toPickerToken(chain.id, token))
  const seen = new Set(tokens.map((token) => token.address.toLowerCase()))
  for (const token of extraTokens) {
    const key = token.address.toLowerCase()
    if (token.chainId !== chain.id || seen.has(key)) continue
    seen.add(key)
    tokens.push(token)
  }
  return tokens
}
