import { type ProviderOutcome, providerModule } from '@multi-bridge/core'

/** While the form is in use, its quotes refresh on this countdown. */
export const QUOTE_REFRESH_SECONDS = 20
/**
 * After this long without input on the page the quotes stop refreshing until the next input: an idle tab would
 * spend the providers' quotas for everyone behind the same IP (LI.FI's keyless 75 quotes per 2 h in 25 minutes).
 */
export const IDLE_AFTER_MS = 60_000

/** Why the quotes are not refreshing: the tab is hidden, or nobody has used the page for a minute. */
export type RefreshPause = 'hidden' | 'idle' | undefined

/** Idle first: coming back to a tab unused for a minute is no reason to refresh, whatever the tab says yet. */
export function refreshPause(state: { hidden: boolean; lastInputAt: number; now: number }): RefreshPause {
  if (state.now - state.lastInputAt >= IDLE_AFTER_MS) return 'idle'
  return state.hidden ? 'hidden' : undefined
}

/** The shortest time between two quotes of one request from a provider, in ms (its module's, else none). */
export const minRefreshMs = (providerId: string) => (providerModule(providerId)?.minRefreshSeconds ?? 0) * 1_000

/**
 * The providers to ask when the routes of a request are fetched: every one that has not answered it yet, and on a
 * refresh those whose last answer is at least their minimum interval old (`now` and `receivedAt` are
 * `performance.now()`). One left out keeps its last answer on screen; `executeRoute` fetches a quote again
 * anyway when it expired before signing.
 */
export function providersDue<P extends { id: string }>(
  providers: readonly P[],
  previous: readonly ProviderOutcome[],
  now: number,
  minimumMs: (providerId: string) => number = minRefreshMs,
): P[] {
  return providers.filter((provider) => {
    const last = previous.find((outcome) => outcome.providerId === provider.id)
    return last === undefined || now - last.receivedAt >= minimumMs(provider.id)
  })
}

/** What counts as using the page: a click or tap, a key, typed or pasted text (mouse moves do not). */
const INPUT_EVENTS = ['pointerdown', 'keydown', 'input'] as const

/**
 * Calls `onInput` on every input on `target` (the document; capturing, so an input a component stops still
 * counts) and `onVisibility` when the tab is shown or hidden. Returns the unsubscribe.
 */
export function watchPageUse(
  target: EventTarget,
  handlers: { onInput: () => void; onVisibility: () => void },
): () => void {
  for (const type of INPUT_EVENTS) target.addEventListener(type, handlers.onInput, { capture: true, passive: true })
  target.addEventListener('visibilitychange', handlers.onVisibility)
  return () => {
    for (const type of INPUT_EVENTS) target.removeEventListener(type, handlers.onInput, { capture: true })
    target.removeEventListener('visibilitychange', handlers.onVisibility)
  }
}
