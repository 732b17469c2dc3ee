import type { Address } from 'viem'
import { type ChainClients, clientFor } from '../chains/chainClients.ts'
import { CHAIN_READ_TIMEOUT_MS, withTimeout } from '../chains/readChain.ts'
import { getManifestChain, listedTokenRef, type Manifest } from '../config/manifest.ts'
import { ChainUnreachableError } from '../errors/unreachableErrors.ts'
import { readTokenInfo } from './tokenInfo.ts'
import type { TokenRef } from './types.ts'

const placeholderTokenRef = (chainId: number, address: Address): TokenRef => ({
  chainId,
  address,
  symbol: `${address.slice(0, 6)}…`,
  decimals: 18,
  kind: 'erc20',
})

/** The manifest's token at an address, or a plain ERC-20 placeholder for one it does not list. */
export function tokenRefFor(manifest: Manifest, chainId: number, address: Address): TokenRef {
  return listedTokenRef(manifest, chainId, address) ?? placeholderTokenRef(chainId, address)
}

/**
 * Like `tokenRefFor`, but a token the manifest does not list is read from its chain (`readTokenInfo`), so a swap
 * of it restored from chain shows its real symbol and amounts. Each token is read once per resolver; one that is
 * not an ERC-20 keeps the placeholder, and one whose chain could not be read is tried again next time.
 */
export function createTokenRefResolver(manifest: Manifest, clients: ChainClients) {
  const cache = new Map<string, Promise<TokenRef>>()
  return (chainId: number, address: Address): Promise<TokenRef> => {
    const listed = listedTokenRef(manifest, chainId, address)
    const chain = getManifestChain(manifest, chainId)
    if (listed || !chain || !clients.has(chainId))
      return Promise.resolve(listed ?? placeholderTokenRef(chainId, address))
    const key = `${chainId}:${address.toLowerCase()}`
    let pending = cache.get(key)
    if (!pending) {
      const placeholder = placeholderTokenRef(chainId, address)
      // Bounded like every chain read: a chain that does not answer leaves the placeholder (tried again next time).
      pending = withTimeout(
        readTokenInfo(clientFor(clients, chainId), { address, multicall3: chain.contracts.multicall3 }),
        CHAIN_READ_TIMEOUT_MS,
        () => new ChainUnreachableError(chainId, chain.name),
      ).then(
        (info) => (info ? { ...placeholder, symbol: info.symbol, decimals: info.decimals } : placeholder),
        () => {
          cache.delete(key)
          return placeholder
        },
      )
      cache.set(key, pending)
    }
    return pending
  }
}
