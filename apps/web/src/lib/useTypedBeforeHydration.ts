import { type RefObject, useLayoutEffect } from 'react'

/**
 * Keeps what the person typed into a prerendered field (build/prerender.ts) before the app hydrated it: React
 * leaves the typed text in the field but starts from an empty state, and would clear the field on its next
 * render. Runs once, when the field mounts; in a page that was not prerendered the field starts empty.
 */
export function useTypedBeforeHydration(
  ref: RefObject<HTMLInputElement | null>,
  state: string,
  setState: (value: string) => void,
): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mount: later changes are React's own
  useLayoutEffect(() => {
    const typed = ref.current?.value
    if (typed && typed !== state) setState(typed)
  }, [])
}
