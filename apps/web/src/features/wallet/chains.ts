import { type Manifest, manifestChainToViem } from '@multi-bridge/core'
import type { Chain } from 'viem'

export function manifestChains(manifest: Manifest): [Chain, ...Chain[]] {
  const [first, ...rest] = manifest.chains.map(manifestChainToViem)
  if (!first) throw new Error('the manifest has no chains')
  return [first, ...rest]
}
