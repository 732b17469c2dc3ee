/**
 * Clicks on the prerendered page before the app has hydrated it (build/prerender.ts): index.html's inline script
 * queues the `data-early-action` of each clicked control and marks it busy; the page takes the queue over once
 * it is interactive, so a click that came too early still does what the person asked.
 */
export const EARLY_ACTION_ATTRIBUTE = 'data-early-action'
export const EARLY_ACTION_QUEUE = '__multiBridgeEarlyActions'

export const EARLY_ACTIONS = { originPicker: 'picker-origin', destinationPicker: 'picker-destination' } as const
export type EarlyAction = (typeof EARLY_ACTIONS)[keyof typeof EARLY_ACTIONS]

const known = new Set<string>(Object.values(EARLY_ACTIONS))

/** The queued actions, oldest first, once: later clicks are the app's own. Clears the busy marks. */
export function takeEarlyActions(): EarlyAction[] {
  if (typeof window === 'undefined') return []
  const holder = window as unknown as Record<string, unknown>
  const queued = holder[EARLY_ACTION_QUEUE]
  delete holder[EARLY_ACTION_QUEUE]
  for (const element of document.querySelectorAll(`[${EARLY_ACTION_ATTRIBUTE}][aria-busy]`)) {
    element.removeAttribute('aria-busy')
  }
  if (!Array.isArray(queued)) return []
  return queued.filter((action): action is EarlyAction => typeof action === 'string' && known.has(action))
}
