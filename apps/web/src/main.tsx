import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router'
import { WagmiProvider } from 'wagmi'
import { loadManifest } from './app/loadManifest.ts'
import { ManifestProvider } from './app/ManifestContext.tsx'
import { router } from './app/router.tsx'
import { SwapServicesProvider } from './features/swap/SwapServices.tsx'
import { createWagmiConfig } from './features/wallet/wagmiConfig.ts'
import { initI18n } from './i18n/index.ts'
import './styles.css'

const root = createRoot(document.getElementById('root') as HTMLElement)

async function start() {
  const [manifest] = await Promise.all([loadManifest(), initI18n()])
  const wagmiConfig = createWagmiConfig(manifest)
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 2, refetchOnWindowFocus: false } } })
  root.render(
    <StrictMode>
      <ManifestProvider manifest={manifest}>
        <WagmiProvider config={wagmiConfig}>
          <QueryClientProvider client={queryClient}>
            <SwapServicesProvider>
              <RouterProvider router={router} />
            </SwapServicesProvider>
          </QueryClientProvider>
        </WagmiProvider>
      </ManifestProvider>
    </StrictMode>,
  )
}

start().catch((error: unknown) => {
  console.error('[app] failed to start', error)
  // Nothing else is up yet: a plain message, and a click tries again.
  const message = document.createElement('button')
  message.className = 'page-error'
  message.textContent = 'Oops, something went wrong'
  message.onclick = () => window.location.reload()
  document.getElementById('root')?.replaceChildren(message)
})
