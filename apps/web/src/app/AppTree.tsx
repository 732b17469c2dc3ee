import type { Manifest, SwapClient } from '@multi-bridge/core'
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { i18n as I18n } from 'i18next'
import { type ComponentType, type ReactNode, StrictMode } from 'react'
import { I18nextProvider } from 'react-i18next'
import { ManifestProvider } from '../lib/ManifestContext.tsx'
import { SwapClientProvider } from '../lib/swapClient.tsx'
import { AppRoutes } from './router.tsx'

export type AppTreeProps = {
  manifest: Manifest
  queryClient: QueryClient
  /** The swaps' one owner (History, providers, tracking), made for `manifest`. */
  swapClient: SwapClient
  i18n: I18n
  /** HashRouter in the browser; a router fixed on the swap page for the build's prerender. */
  router: ComponentType<{ children: ReactNode }>
}

/**
 * The app's whole tree: queries, strings, the swap client, routes. One tree for the browser and for the build's prerender of the
 * swap page (app/prerender.tsx), so that the markup in index.html is what the browser's first render hydrates,
 * element for element. The wallet (wagmi) is not part of it: it loads after the page is up and reaches the screens
 * through `walletLayer` (features/wallet), which reads "not known yet" until then, in the prerender too.
 */
export function AppTree({ manifest, queryClient, swapClient, i18n, router }: AppTreeProps) {
  return (
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <ManifestProvider manifest={manifest}>
          <SwapClientProvider client={swapClient}>
            <QueryClientProvider client={queryClient}>
              <AppRoutes router={router} />
            </QueryClientProvider>
          </SwapClientProvider>
        </ManifestProvider>
      </I18nextProvider>
    </StrictMode>
  )
}
