import { parseManifest } from '@multi-bridge/core'
import { QueryClient } from '@tanstack/react-query'
import i18next from 'i18next'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { HashRouter } from 'react-router'
import { createWagmiConfig } from '../features/wallet/index.ts'
import { AppTree } from './AppTree.tsx'

/**
 * The app's frame: wallet (wagmi), queries, routes. Loaded, with React and i18next, in parallel with the
 * manifest, the language's strings and the first page (see `bootstrap.ts`); the eager script stays tiny.
 *
 * `hydrate`: the root holds the build's prerendered swap page in the person's language (index.html and its
 * inline script, build/prerender.ts); React takes that markup over instead of rendering it again.
 */
export function mountApp(rootElement: HTMLElement, rawManifest: unknown, hydrate: boolean): void {
  const manifest = parseManifest(rawManifest)
  const tree = (
    <AppTree
      manifest={manifest}
      wagmiConfig={createWagmiConfig(manifest)}
      queryClient={new QueryClient({ defaultOptions: { queries: { retry: 2, refetchOnWindowFocus: false } } })}
      i18n={i18next}
      router={HashRouter}
    />
  )
  if (!hydrate) {
    createRoot(rootElement).render(tree)
    return
  }
  hydrateRoot(rootElement, tree, {
    // React re-renders what did not match on its own; said on the console, where the browser tests look.
    onRecoverableError: (error) => console.error('[app] the prerendered page did not match:', error),
  })
}
