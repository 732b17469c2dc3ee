import type { Manifest } from '@multi-bridge/core'
import type { SwapServices } from './swapServices.ts'

export type { SwapServices }

const loading = new WeakMap<Manifest, Promise<SwapServices>>()

/**
 * The swap services for a manifest, created once. The first call loads their chunk and resumes tracking of
 * every unfinished swap in History; a failed load is retried by the next call.
 */
export function loadSwapServices(manifest: Manifest): Promise<SwapServices> {
  let services = loading.get(manifest)
  if (!services) {
    services = import('./swapServices.ts').then(async ({ createSwapServices }) => {
      const created = await createSwapServices(manifest)
      // Swaps in progress keep being followed after a reload.
      created.tracker.resume()
      return created
    })
    services.catch(() => loading.delete(manifest))
    loading.set(manifest, services)
  }
  return services
}

/**
 * Loads the swap services once the page is idle. Pages call it after their first useful paint: providers and
 * tracking are not needed to paint, and tracking of unfinished swaps resumes as soon as they are loaded.
 */
export function prefetchSwapServices(manifest: Manifest): void {
  const load = () => {
    loadSwapServices(manifest).catch((error: unknown) => console.error('[app] swap services failed to load', error))
  }
  if ('requestIdleCallback' in window) window.requestIdleCallback(load, { timeout: 2_000 })
  else setTimeout(load, 200)
}
