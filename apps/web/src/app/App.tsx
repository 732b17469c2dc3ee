import { type Manifest, parseManifest } from '@multi-bridge/core'
import { QueryClient } from '@tanstack/react-query'
import i18next from 'i18next'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { HashRouter } from 'react-router'
import { notify } from '../features/notifications/index.ts'
import { createAppSwapClient } from '../lib/swapClient.tsx'
import { AppTree } from './AppTree.tsx'
import { startupRequests } from './startupRequests.ts'

/**
 * The app's frame: queries, routes. Loaded, with React and i18next, in parallel with the manifest, the language's
 * strings and the first page (see `bootstrap.ts`); the eager script stays tiny.
 *
 * `hydrate`: the root holds the build's prerendered swap page in the person's language (index.html and its
 * inline script, build/prerender.ts); React takes that markup over instead of rendering it again.
 *
 * The wallet layer (wagmi, viem, the connectors), downloaded since start-up, starts once the tree is handed to
 * React: the form hydrates, takes input and opens the token picker without waiting for it (issue #18).
 */
export function mountApp(rootElement: HTMLElement, rawManifest: unknown, hydrate: boolean): void {
  const manifest = parseManifest(rawManifest)
  const tree = (
    <AppTree
      manifest={manifest}
      queryClient={new QueryClient({ defaultOptions: { queries: { retry: 2, refetchOnWindowFocus: false } } })}
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
  startWallet(manifest)
}

const WALLET_LAYER_FAILED = 'The wallet could not be loaded: check your connection, then reload the page'

function startWallet(manifest: Manifest) {
  startupRequests.walletLayer
    .then(({ startWalletLayer }) => startWalletLayer(manifest))
    .catch((error: unknown) => {
      // The page stays usable (amounts, tokens, History); the wallet button keeps waiting, and says why here.
      console.error('[app] the wallet layer failed to load', error)
      notify(WALLET_LAYER_FAILED)
    })
}
