import type { Manifest } from '@multi-bridge/core'
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { i18n as I18n } from 'i18next'
import { type ComponentType, type ReactNode, StrictMode } from 'react'
import { I18nextProvider } from 'react-i18next'
import { type Config, WagmiProvider } from 'wagmi'
import { ManifestProvider } from '../lib/ManifestContext.tsx'
import { AppRoutes } from './router.tsx'

export type AppTreeProps = {
  manifest: Manifest
  wagmiConfig: Config
  queryClient: QueryClient
  i18n: I18n
  /** HashRouter in the browser; a router fixed on the swap page for the build's prerender. */
  router: ComponentType<{ children: ReactNode }>
  /** Off for the prerender, which shows the wallet's state as not known yet, as the browser's first render does. */
  reconnectOnMount?: boolean
}

/**
 * The app's whole tree: wallet (wagmi), queries, strings, routes. One tree for the browser and for the build's
 * prerender of the swap page (app/prerender.tsx), so that the markup in index.html is what the browser's first
 * render hydrates, element for element.
 */
export function AppTree({ manifest, wagmiConfig, queryClient, i18n, router, reconnectOnMount = true }: AppTreeProps) {
  return (
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <ManifestProvider manifest={manifest}>
          <WagmiProvider config={wagmiConfig} reconnectOnMount={reconnectOnMount}>
            <QueryClientProvider client={queryClient}>
              <AppRoutes router={router} />
            </QueryClientProvider>
          </WagmiProvider>
        </ManifestProvider>
      </I18nextProvider>
    </StrictMode>
  )
}
