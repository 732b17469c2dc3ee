import { parseManifest } from '@multi-bridge/core'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
import type { Root } from 'react-dom/client'
import { WagmiProvider } from 'wagmi'
import { createWagmiConfig } from '../features/wallet/index.ts'
import { ManifestProvider } from '../lib/ManifestContext.tsx'
import { AppRoutes } from './router.tsx'

/**
 * The app's frame: wallet (wagmi), queries, routes. Loaded, with React and i18next, in parallel with the
 * manifest, the language's strings and the first page (see `bootstrap.ts`); the eager script stays tiny.
 */
export function mountApp(root: Root, rawManifest: unknown): void {
  const manifest = parseManifest(rawManifest)
  const wagmiConfig = createWagmiConfig(manifest)
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 2, refetchOnWindowFocus: false } } })
  root.render(
    <StrictMode>
      <ManifestProvider manifest={manifest}>
        <WagmiProvider config={wagmiConfig}>
          <QueryClientProvider client={queryClient}>
            <AppRoutes />
          </QueryClientProvider>
        </WagmiProvider>
      </ManifestProvider>
    </StrictMode>,
  )
}
