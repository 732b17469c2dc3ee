import { httpRequest } from '@multi-bridge/core'
import { bundleLoaders, storedLanguage } from '../i18n/languages.ts'
import { MANIFEST_URL } from '../lib/constants.ts'
import { listenForNetworkConfigChanges } from '../lib/networkConfigUpdates.ts'
import { pageForHash, pages } from './pageLoaders.ts'

/**
 * What start-up waits for, asked for by `bootstrap.ts` the moment the page runs, before React has even
 * loaded: the manifest, the first page's code and the active language's strings all download in parallel
 * with React. `main.tsx` takes the answers over. All are promises, so a failure reaches `main.tsx`.
 */
// Before the config is asked for: the service worker may answer from its copy and then say the deployment's changed.
listenForNetworkConfigChanges()

export const startupRequests = {
  // The HTTP client's defaults (SPEC §8: 60000 ms time-out), like every other request of the app.
  manifest: httpRequest(MANIFEST_URL),
  // The app frame (router, layout, queries): its own files since the wallet button stopped waiting for it (issue #33).
  frame: import('./App.tsx'),
  // Loaded here; the router renders it (see LoadedPage), or reports its failure.
  page: pages[pageForHash(window.location.hash)].load(),
  // The wallet layer (wagmi, viem, the connectors) and the wallet button's own root: downloaded alongside, started as
  // soon as it, the manifest and the strings are in (main.tsx); the page neither waits for it nor renders it.
  walletLayer: import('../features/wallet/walletRuntime.ts'),
  language: (() => {
    const language = storedLanguage()
    bundleLoaders[language]().catch(() => undefined) // initI18n awaits the same module
    return import('../i18n/index.ts').then(({ initI18n }) => initI18n(language))
  })(),
}
// Handled by main.tsx (or, for the page, by the router); without this a failure before then would also be
// reported as unhandled.
startupRequests.manifest.catch(() => undefined)
startupRequests.page.catch(() => undefined)
startupRequests.language.catch(() => undefined)
startupRequests.walletLayer.catch(() => undefined)
startupRequests.frame.catch(() => undefined)
