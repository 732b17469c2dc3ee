/**
 * Clicks on the prerendered page before the app has hydrated it (build/prerender.ts): index.html's inline script
 * queues the `data-early-action` of each clicked control and marks it busy; the page takes the queue over once
 * it is interactive, so a click that came too early still does what the person asked.
 */
export const EARLY_ACTION_ATTRIBUTE = 'data-early-action'
export const EARLY_ACTION_QUEUE = '__multiBridgeEarlyActions'

export const EARLY_ACTIONS = {
  originPicker: 'picker-origin',
  destinationPicker: 'picker-destination',
  languageZh: 'language-zh',
  languageEn: 'language-en',
} as const
export type EarlyAction = (typeof EARLY_ACTIONS)[keyof typeof EARLY_ACTIONS]

const known = new Set<string>(Object.values(EARLY_ACTIONS))

/**
 * The queued actions of the kinds `kinds`, oldest first, once: later clicks are the app's own. Each part of the page
 * takes its own kinds (the language switch, the swap page); the others stay queued for theirs. Clears the busy marks.
 */
export function takeEarlyActions(kinds: readonly EarlyAction[]): EarlyAction[] {
  if (typeof window === 'undefined') return []
  const holder = window as unknown as Record<string, unknown>
  const queued = holder[EARLY_ACTION_QUEUE]
  if (!Array.isArray(queued)) return []
  const wanted = (action: unknown): action is EarlyAction =>
    typeof action === 'string' && known.has(action) && kinds.includes(action as EarlyAction)
  const taken = queued.filter(wanted)
  const rest = queued.filter((action) => !wanted(action))
  if (rest.length > 0) holder[EARLY_ACTION_QUEUE] = rest
  else delete holder[EARLY_ACTION_QUEUE]
  for (const element of document.querySelectorAll(`[${EARLY_ACTION_ATTRIBUTE}][aria-busy]`)) {
    if (kinds.includes(element.getAttribute(EARLY_ACTION_ATTRIBUTE) as EarlyAction))
      element.removeAttribute('aria-busy')
  }
  return taken
}
