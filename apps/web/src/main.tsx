import { type Manifest, parseManifest } from '@multi-bridge/core'
import { QueryClient } from '@tanstack/react-query'
import { startupRequests } from './app/startupRequests.ts'
import { notify } from './features/notifications/index.ts'
import { withdrawEarlyConnect } from './features/wallet/index.ts'
import { keepEarlyFields } from './lib/earlyActions.ts'
import { isPrerenderedAddress } from './lib/routes.ts'

/** The markup `build/prerender.ts` writes into index.html for the swap page, when the inline script kept it. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered'

/**
 * Start-up: React, the language and the manifest (already on their way, as is the first page's code, see
 * `bootstrap.ts`), then the app frame. The wallet layer starts on its own as soon as it, the manifest and the
 * language are in (issue #33): its button is a small root of its own, usable before the page has hydrated.
 *
 * When the root holds the prerendered swap page, React hydrates it, which needs the page's code in: the person
 * can read and type meanwhile. If that code is late, the app renders afresh (with the loader and its time-out)
 * rather than leave a page that does not respond.
 */
export async function start() {
  const root = document.getElementById('root') as HTMLElement
  // The service worker may hold a copy of the config: offline, the app still says the network is unreachable
  // (startupError.ts) rather than open on chains it cannot reach, and opens by itself once back online.
  if (!navigator.onLine) throw new Error('the browser is offline')
  const manifest = startupRequests.manifest.then(parseManifest)
  // One for the page and the wallet button's own root: what one caches or runs, the other sees.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 2, refetchOnWindowFocus: false } } })
  startWallet(manifest, queryClient)
  const [parsed, { mountApp }] = await Promise.all([manifest, startupRequests.frame, startupRequests.language])
  // The person may have followed a link of the prerendered page (History) before the app was up.
  const prerendered = root.hasAttribute(PRERENDERED_ATTRIBUTE) && isPrerenderedAddress(window.location.hash)
  const pageIn =
    prerendered &&
    (await Promise.race([
      startupRequests.page.then(
        () => true,
        () => false,
      ),
      delay(PAGE_WAIT_MS),
    ]))
  if (!pageIn) {
    // Rendered anew: what the person typed meanwhile goes with the markup, unless kept for the new fields.
    if (prerendered) keepEarlyFields(root)
    root.replaceChildren()
  }
  root.removeAttribute(PRERENDERED_ATTRIBUTE)
  mountApp(root, { manifest: parsed, queryClient, hydrate: pageIn })
}

const WALLET_LAYER_FAILED = 'The wallet could not be loaded: check your connection, then reload the page'

/** The wallet layer and its button, started the moment they, the manifest and the strings are in. */
function startWallet(manifest: Promise<Manifest>, queryClient: QueryClient) {
  // A manifest or strings that fail are start-up's failure (`bootstrap.ts` shows it); here they only mean no wallet.
  Promise.all([manifest, startupRequests.language]).then(
    ([config, i18n]) =>
      startupRequests.walletLayer
        .then(({ startWalletLayer, startWalletIsland }) => {
          startWalletLayer(config)
          startWalletIsland({ manifest: config, i18n, queryClient })
        })
        .catch((error: unknown) => {
          // The page stays usable (amounts, tokens, History); the wallet button keeps waiting, and says why here.
          console.error('[app] the wallet layer failed to load', error)
          withdrawEarlyConnect()
          notify(WALLET_LAYER_FAILED)
        }),
    () => undefined,
  )
}

/** How long hydration waits for the page's code after everything else is in (it is usually in first). */
const PAGE_WAIT_MS = 3_000
const delay = (ms: number) => new Promise<false>((resolve) => setTimeout(() => resolve(false), ms))
