import { type Chain, defineChain } from 'viem'
import type { ManifestChain } from '../config/manifest.ts'

/**
 * A manifest chain as viem's `Chain`. Kept apart from the read clients so that the wallet frame can use it
 * without pulling viem's public client (and everything its actions import) into the first page.
 */
export function manifestChainToViem(chain: ManifestChain): Chain {
  return defineChain({
    id: chain.id,
    name: chain.name,
    nativeCurrency: chain.nativeCurrency,
    rpcUrls: { default: { http: chain.rpcUrls } },
    ...(chain.blockExplorerUrl
      ? { blockExplorers: { default: { name: chain.name, url: chain.blockExplorerUrl } } }
      : {}),
    contracts: { multicall3: { address: chain.contracts.multicall3 } },
    testnet: chain.testnet,
  })
}
