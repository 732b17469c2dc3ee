import type { Manifest } from '@multi-bridge/core'
import type { QueryClient } from '@tanstack/react-query'
import i18next from 'i18next'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { HashRouter } from 'react-router'
import { createAppSwapClient } from '../lib/swapClient.tsx'
import { AppTree } from './AppTree.tsx'

/**
 * The app's frame: queries, routes. Loaded, with React and i18next, in parallel with the manifest, the language's
 * strings and the first page (see `bootstrap.ts`); the eager script stays tiny.
 *
 * `hydrate`: the root holds the build's prerendered swap page in the person's language (index.html and its
 * inline script, build/prerender.ts); React takes that markup over instead of rendering it again.
 *
 * The wallet layer (wagmi, viem, the connectors) is not part of this tree: it starts on its own (`main.tsx`), and its
 * button is a root of its own in the page's wallet slot. The form hydrates, takes input and opens the token picker
 * without waiting for it (issue #18), and the wallet button does not wait for the form (issue #33).
 */
export function mountApp(
  rootElement: HTMLElement,
  { manifest, queryClient, hydrate }: { manifest: Manifest; queryClient: QueryClient; hydrate: boolean },
): void {
  const tree = (
    <AppTree
      manifest={manifest}
      queryClient={queryClient}
      swapClient={createAppSwapClient(manifest)}
      i18n={i18next}
      router={HashRouter}
    />
  )
  if (!hydrate) createRoot(rootElement).render(tree)
  else {
    hydrateRoot(rootElement, tree, {
      // React re-renders what did not match on its own; said on the console, where the browser tests look.
      onRecoverableError: (error) => console.error('[app] the prerendered page did not match:', error),
    })
  }
}
