import type { Manifest, ManifestChain } from '@multi-bridge/core'
import { type Chain, defineChain } from 'viem'

/** A manifest chain as viem/wagmi want it; everything comes from the manifest. */
export function toViemChain(chain: ManifestChain): Chain {
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

export function manifestChains(manifest: Manifest): [Chain, ...Chain[]] {
  const [first, ...rest] = manifest.chains.map(toViemChain)
  if (!first) throw new Error('the manifest has no chains')
  return [first, ...rest]
}
