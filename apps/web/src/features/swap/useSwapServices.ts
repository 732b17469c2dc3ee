import type { Manifest } from '@multi-bridge/core'
import { useEffect, useState } from 'react'
import { useManifest } from '../../app/ManifestContext.tsx'
import type { SwapServices } from './swapServices.ts'

export type { SwapServices }

type Entry = { promise: Promise<SwapServices>; value?: SwapServices }
const entries = new WeakMap<Manifest, Entry>()

/**
 * The swap services for a manifest, created once. The first call loads their chunk and resumes tracking of
 * every unfinished swap in History; a failed load is retried by the next call.
 */
export function loadSwapServices(manifest: Manifest): Promise<SwapServices> {
  const existing = entries.get(manifest)
  if (existing) return existing.promise
  const entry: Entry = {
    promise: import('./swapServices.ts').then(({ createSwapServices }) => {
      const services = createSwapServices(manifest)
      entry.value = services
      // Swaps in progress keep being followed after a reload.
      services.tracker.resume()
      return services
    }),
  }
  entry.promise.catch(() => entries.delete(manifest))
  entries.set(manifest, entry)
  return entry.promise
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

/** The swap services once loaded (undefined for the moment before). */
export function useSwapServices(): SwapServices | undefined {
  const manifest = useManifest()
  const [services, setServices] = useState(() => entries.get(manifest)?.value)
  useEffect(() => {
    let live = true
    loadSwapServices(manifest).then(
      (loaded) => live && setServices(loaded),
      (error: unknown) => console.error('[app] swap services failed to load', error),
    )
    return () => {
      live = false
    }
  }, [manifest])
  return services
}
