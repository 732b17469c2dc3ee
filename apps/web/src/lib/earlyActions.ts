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

/** Marks a prerendered text field whose typed text the app keeps (`keepEarlyFields`), by the field's name. */
export const EARLY_FIELD_ATTRIBUTE = 'data-early-field'
export const EARLY_FIELDS = {
  amount: 'amount',
  recipient: 'recipient',
} as const
export type EarlyField = (typeof EARLY_FIELDS)[keyof typeof EARLY_FIELDS]
const EARLY_FIELD_STORE = '__multiBridgeEarlyFields'

/**
 * What the person typed into the prerendered fields, kept before start-up replaces that markup with a page rendered
 * anew (its code came too late to hydrate it): the fields take it when they mount (`takeEarlyField`).
 */
export function keepEarlyFields(root: ParentNode): void {
  const kept: Record<string, string> = {}
  for (const field of root.querySelectorAll<HTMLInputElement>(`input[${EARLY_FIELD_ATTRIBUTE}]`)) {
    const name = field.getAttribute(EARLY_FIELD_ATTRIBUTE)
    if (name && field.value) kept[name] = field.value
  }
  ;(window as unknown as Record<string, unknown>)[EARLY_FIELD_STORE] = kept
}

/** The text kept for the field `name` (see `keepEarlyFields`), once: a field mounted later starts from the app's state. */
export function takeEarlyField(name: EarlyField): string | undefined {
  if (typeof window === 'undefined') return undefined
  const kept = (window as unknown as Record<string, unknown>)[EARLY_FIELD_STORE]
  if (typeof kept !== 'object' || kept === null) return undefined
  const value = (kept as Record<string, unknown>)[name]
  delete (kept as Record<string, unknown>)[name]
  return typeof value === 'string' ? value : undefined
}
