import { InvalidManifestError, type Manifest, manifestChainToViem } from '@multi-bridge/core'
import type { Chain } from 'viem'

export function manifestChains(manifest: Manifest): [Chain, ...Chain[]] {
  const [first, ...rest] = manifest.chains.map(manifestChainToViem)
  if (!first) throw new InvalidManifestError(['chains: needs at least one'])
  return [first, ...rest]
}
