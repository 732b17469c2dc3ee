import { type RefObject, useLayoutEffect } from 'react'
import { type EarlyField, takeEarlyField } from './earlyActions.ts'

/**
 * Keeps what the person typed into a prerendered field (build/prerender.ts) before the app was up: React leaves
 * the typed text in the field it hydrates but starts from an empty state, and would clear the field on its next
 * render; a page rendered anew instead (its code came too late) finds it where start-up kept it (`keepEarlyFields`).
 * Runs once, when the field mounts; in a page that was not prerendered the field starts as the app's state has it.
 */
export function useTypedBeforeHydration(
  ref: RefObject<HTMLInputElement | null>,
  name: EarlyField,
  state: string,
  setState: (value: string) => void,
): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mount: later changes are React's own
  useLayoutEffect(() => {
    const typed = takeEarlyField(name) ?? ref.current?.value
    if (typed && typed !== state) setState(typed)
  }, [])
}
