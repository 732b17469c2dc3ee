import { type Address, erc20Abi } from 'viem'
import { type ChainClients, clientFor } from '../chains/chainClients.ts'
import { findManifestToken, getManifestChain, type Manifest } from '../config/manifest.ts'
import type { TokenRef } from './types.ts'

function listedTokenRef(manifest: Manifest, chainId: number, address: Address): TokenRef | undefined {
  const chain = getManifestChain(manifest, chainId)
  const token = chain ? findManifestToken(chain, address) : undefined
  return token
    ? { chainId, address: token.address, symbol: token.symbol, decimals: token.decimals, kind: token.kind }
    : undefined
}

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
 * Like `tokenRefFor`, but a token the manifest does not list is read from its chain (symbol and decimals, one
 * multicall), so a swap of it restored from chain shows its real amounts. Each token is read once per resolver;
 * a token that cannot be read keeps the placeholder.
 */
export function createTokenRefResolver(manifest: Manifest, clients: ChainClients) {
  const cache = new Map<string, Promise<TokenRef>>()
  return (chainId: number, address: Address): Promise<TokenRef> => {
    const listed = listedTokenRef(manifest, chainId, address)
    if (listed || !clients.has(chainId)) return Promise.resolve(listed ?? placeholderTokenRef(chainId, address))
    const key = `${chainId}:${address.toLowerCase()}`
    let pending = cache.get(key)
    if (!pending) {
      pending = readTokenRef(manifest, clients, chainId, address).catch(() => placeholderTokenRef(chainId, address))
      cache.set(key, pending)
    }
    return pending
  }
}

async function readTokenRef(
  manifest: Manifest,
  clients: ChainClients,
  chainId: number,
  address: Address,
): Promise<TokenRef> {
  const chain = getManifestChain(manifest, chainId)
  const [symbol, decimals] = await clientFor(clients, chainId).multicall({
    contracts: [
      { address, abi: erc20Abi, functionName: 'symbol' },
      { address, abi: erc20Abi, functionName: 'decimals' },
    ],
    allowFailure: false,
    ...(chain?.contracts.multicall3 ? { multicallAddress: chain.contracts.multicall3 } : {}),
  })
  if (decimals > 36) throw new Error(`unusable decimals ${decimals}`)
  // A symbol is shown as text: keep it short and printable.
  const printable = symbol.replace(/[^\p{L}\p{N}.\-_$]/gu, '').slice(0, 12)
  return { ...placeholderTokenRef(chainId, address), ...(printable ? { symbol: printable } : {}), decimals }
}
