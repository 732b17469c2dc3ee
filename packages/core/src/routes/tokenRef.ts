import type { Address } from 'viem'
import { findManifestToken, getManifestChain, type Manifest } from '../config/manifest.ts'
import type { TokenRef } from './types.ts'

/** The manifest's token at an address, or a plain ERC-20 placeholder for one it does not list. */
export function tokenRefFor(manifest: Manifest, chainId: number, address: Address): TokenRef {
  const chain = getManifestChain(manifest, chainId)
  const token = chain ? findManifestToken(chain, address) : undefined
  if (token)
    return { chainId, address: token.address, symbol: token.symbol, decimals: token.decimals, kind: token.kind }
  return { chainId, address, symbol: `${address.slice(0, 6)}…`, decimals: 18, kind: 'erc20' }
}
