import type { ManifestChain } from '@multi-bridge/core'

/** Networks whose name, short name or chain id contains the text, ignoring letter case; all of them when empty. */
export function filterNetworks<Chain extends Pick<ManifestChain, 'id' | 'name' | 'shortName'>>(
  chains: readonly Chain[],
  query: string,
): Chain[] {
  const text = query.trim().toLowerCase()
  if (text === '') return [...chains]
  return chains.filter(
    (chain) =>
      chain.name.toLowerCase().includes(text) ||
      chain.shortName.toLowerCase().includes(text) ||
      String(chain.id).includes(text),
  )
}
