import { getAddress } from 'viem'
import {
  checkToken,
  findManifestToken,
  type Manifest,
  type ManifestToken,
  NATIVE_TOKEN_ADDRESS,
} from '../../config/manifest.ts'
import { parseUsd } from '../../prices/usdValue.ts'
import type { TokenPrice } from '../../routes/types.ts'
import { isNativeAddress } from '../apiSupport.ts'
import { lifiTokenSchema } from './lifiSchemas.ts'

/**
 * LI.FI's `{ [chainId]: Token[] }` as picker tokens for the config's chains. Each entry is checked on
 * its own: a bad address, absurd decimals, an empty or overlong symbol, a token filed under another
 * chain or a duplicate is dropped, and the rest of the list still works. Tokens the config lists keep
 * the config's kind (USDT's approval quirk), the native coin is `native`, the others `erc20`.
 */
export function lifiTokenList(tokens: Record<string, unknown[]>, manifest: Manifest): Map<number, ManifestToken[]> {
  const result = new Map<number, ManifestToken[]>()
  for (const chain of manifest.chains) {
    const entries = tokens[String(chain.id)]
    if (!entries) continue
    const seen = new Set<string>()
    const list: ManifestToken[] = []
    for (const entry of entries) {
      const parsed = lifiTokenSchema.safeParse(entry)
      if (!parsed.success || parsed.data.chainId !== chain.id) continue
      const token = parsed.data
      const native = isNativeAddress(token.address)
      const address = native ? NATIVE_TOKEN_ADDRESS : token.address
      // The config is trusted over the API for the tokens it lists.
      const listed = findManifestToken(chain, address)
      const candidate = checkToken({
        address,
        symbol: token.symbol,
        name: token.name?.trim() || token.symbol,
        decimals: listed?.decimals ?? token.decimals,
        kind: listed?.kind ?? (native ? 'native' : 'erc20'),
        ...(token.logoURI ? { logoURI: token.logoURI } : {}),
      })
      if (!candidate) continue
      const key = candidate.address.toLowerCase()
      if (seen.has(key)) continue
      seen.add(key)
      list.push(candidate)
    }
    result.set(chain.id, list)
  }
  return result
}

/**
 * The USD prices (`priceUSD`) of LI.FI's `{ [chainId]: Token[] }` on the config's chains, one per token (the first),
 * the native coin under the config's native address. An entry with a bad address or a price that is not positive
 * decimal text is left out: that token shows no USD value.
 */
export function lifiTokenPrices(tokens: Record<string, unknown[]>, manifest: Manifest): TokenPrice[] {
  const prices: TokenPrice[] = []
  const seen = new Set<string>()
  for (const chain of manifest.chains) {
    for (const entry of tokens[String(chain.id)] ?? []) {
      const parsed = lifiTokenSchema.safeParse(entry)
      if (!parsed.success || parsed.data.chainId !== chain.id) continue
      const usd = parseUsd(parsed.data.priceUSD)
      if (usd === undefined || usd === 0n) continue
      const address = isNativeAddress(parsed.data.address) ? NATIVE_TOKEN_ADDRESS : getAddress(parsed.data.address)
      const key = `${chain.id}:${address.toLowerCase()}`
      if (seen.has(key)) continue
      seen.add(key)
      prices.push({ chainId: chain.id, address, usd: String(parsed.data.priceUSD).trim() })
    }
  }
  return prices
}
