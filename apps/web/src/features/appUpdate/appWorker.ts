import { createStore } from 'zustand/vanilla'
import { MANIFEST_URL } from '../../lib/constants.ts'
import { NETWORK_CONFIG_CACHE } from '../../lib/networkConfigUpdates.ts'

/**
 * The service worker (built by vite-plugin-pwa with Workbox, see vite.config.ts): it precaches the app's own
 * files, so a repeat visit fetches and compiles nothing it already had. It keeps a copy of the network config that
 * a repeat visit starts with while it asks for the current one (a change is said, lib/networkConfigUpdates.ts);
 * it never caches RPC or API answers: those always come from the network.
 *
 * A new version is never taken silently: when a new worker is installed and waiting, `updateReady` turns true
 * and the person chooses when to reload (UpdateNotice). Swaps in flight are kept across the reload.
 */
type AppWorkerState = {
  /** A new version is installed and waits for the person's reload. */
  updateReady: boolean
  /** Activates the waiting worker; the page reloads once it controls it. */
  update: () => Promise<void>
}

export const appWorkerStore = createStore<AppWorkerState>(() => ({ updateReady: false, update: async () => {} }))

let registering: Promise<void> | undefined

/**
 * Registers the worker once, when the browser is idle after the page loaded: its precaching downloads the
 * other pages' code, which must not race the first page's own requests.
 */
export function registerAppWorker(): Promise<void> {
  if (registering || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) {
    return registering ?? Promise.resolve()
  }
  registering = whenIdleAfterLoad()
    .then(() => import('virtual:pwa-register'))
    .then(({ registerSW }) => {
      const update = registerSW({
        immediate: true,
        onNeedRefresh: () => appWorkerStore.setState({ updateReady: true }),
        // Blocked (a private window, a browser setting): the app works the same, only without the cache.
        onRegisterError: (error: unknown) => console.info('[app] no service worker:', error),
      })
      appWorkerStore.setState({ update: () => update(true) })
      // Without it (storage blocked or full), the next visit asks the network first, as before.
      keepNetworkConfig().catch((error: unknown) => console.info('[app] the network config is not kept:', error))
    })
    .catch((error: unknown) => console.info('[app] no service worker:', error))
  return registering
}

/**
 * Fills the worker's copy of the network config on a first visit, which the worker does not control yet: the next
 * visit then starts without waiting for it. Once there, the worker keeps it current itself.
 */
async function keepNetworkConfig(): Promise<void> {
  if (typeof caches === 'undefined') return
  const cache = await caches.open(NETWORK_CONFIG_CACHE)
  const url = new URL(MANIFEST_URL, document.baseURI).toString()
  if (!(await cache.match(url))) await cache.add(url)
}

function whenIdleAfterLoad(): Promise<void> {
  const idle = () =>
    new Promise<void>((resolve) => {
      if ('requestIdleCallback' in window) window.requestIdleCallback(() => resolve(), { timeout: 3_000 })
      else setTimeout(resolve, 1_000)
    })
  if (document.readyState === 'complete') return idle()
  return new Promise((resolve) => window.addEventListener('load', () => resolve(idle()), { once: true }))
}
