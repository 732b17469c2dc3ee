import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/**
 * False in the build's prerender and in the browser's hydrating render, true from then on (and at once in a
 * render that does not hydrate). What depends on the deployment's config or the browser renders only when this
 * is true, so the prerendered markup never holds it and hydration finds exactly what it renders.
 */
export function useIsHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}
