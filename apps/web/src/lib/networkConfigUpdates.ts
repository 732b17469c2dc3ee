import { createStore } from 'zustand/vanilla'

/** The service worker's cache of the network config: vite.config.ts routes it, appWorker.ts fills it first. */
export const NETWORK_CONFIG_CACHE = 'network-config'

/** The service worker's message when the network config it fetched differs from the one it gave (vite.config.ts). */
export const NETWORK_CONFIG_CHANGED = 'multi-bridge:network-config-changed'

/**
 * Whether the deployment's network config changed while this page runs on the copy it started with (the service
 * worker serves the config it has, and asks for the current one meanwhile: issue #33). Once true, the page says
 * so and offers a reload (features/appUpdate), and nothing is signed with the old config (features/swap).
 *
 * Listened to from the eager script on: a message that arrives before anyone listens is lost.
 */
export const networkConfigUpdates = createStore<{ changed: boolean }>()(() => ({ changed: false }))

export function listenForNetworkConfigChanges(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent) => {
    if ((event.data as { type?: unknown } | null)?.type === NETWORK_CONFIG_CHANGED) {
      networkConfigUpdates.setState({ changed: true })
    }
  })
}
