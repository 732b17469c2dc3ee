import type { OutputBundle } from 'rolldown'
import type { Plugin } from 'vite'

/**
 * Chunks that only a person's choice loads (a wallet SDK: WalletConnect's, picked in the wallet list or restored from
 * its stored session), found in the built graph, and kept out of the service worker's precache: precaching them
 * would download every wallet SDK for every visitor at the first idle moment, and they need the network to work
 * anyway.
 *
 * A chunk is on demand when no path of static or dynamic imports reaches it from the entries without passing through
 * one of the `entries` chunks (the modules `isOnDemandEntry` names). Shared code stays precached.
 */
export function onDemandChunkFiles(bundle: OutputBundle, isOnDemandEntry: (moduleId: string) => boolean): Set<string> {
  const chunks = Object.values(bundle).filter((output) => output.type === 'chunk')
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))
  const onDemandEntries = new Set(
    chunks.filter((chunk) => chunk.facadeModuleId && isOnDemandEntry(chunk.facadeModuleId)).map((c) => c.fileName),
  )
  const reached = new Set<string>()
  const queue = chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName)
  while (queue.length > 0) {
    const file = queue.pop() as string
    if (reached.has(file) || onDemandEntries.has(file)) continue
    reached.add(file)
    const chunk = byFile.get(file)
    if (chunk) queue.push(...chunk.imports, ...chunk.dynamicImports)
  }
  return new Set(chunks.map((chunk) => chunk.fileName).filter((file) => !reached.has(file)))
}

/**
 * The plugin that finds them at the end of the build (`files` is filled then, before the service worker's manifest is
 * written in `closeBundle`), for Workbox's `manifestTransforms` to drop.
 */
export function onDemandChunks(isOnDemandEntry: (moduleId: string) => boolean): { plugin: Plugin; files: Set<string> } {
  const files = new Set<string>()
  return {
    files,
    plugin: {
      name: 'multibridge-on-demand-chunks',
      apply: 'build',
      generateBundle(_options, bundle) {
        files.clear()
        for (const file of onDemandChunkFiles(bundle as OutputBundle, isOnDemandEntry)) files.add(file)
      },
    },
  }
}
