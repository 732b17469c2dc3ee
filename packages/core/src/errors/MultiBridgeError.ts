/**
 * Follows an error's `cause` chain from the outside in (viem and wagmi wrap wallet errors several times).
 * With `match`, the first error that matches, or `undefined`; without it, the innermost cause. A chain that
 * loops back on itself ends where it would repeat.
 */
export function walkError(error: unknown, match?: (error: unknown) => boolean): unknown {
  const seen = new Set<unknown>()
  let current = error
  while (current !== undefined && current !== null && !seen.has(current)) {
    if (match?.(current)) return current
    seen.add(current)
    const cause = typeof current === 'object' ? (current as { cause?: unknown }).cause : undefined
    if (cause === undefined || cause === null) return match ? undefined : current
    current = cause
  }
  return match ? undefined : current
}

export type MultiBridgeErrorParameters = { code: string; cause?: unknown; details?: string }

/**
 * The one base of every error the product raises (viem's `BaseError` in spirit, under a name of its own): a short message for the
 * console, a stable `code` the UI maps to a translated message (never the English text), and the cause.
 */
export class MultiBridgeError extends Error {
  override name = 'MultiBridgeError'
  readonly code: string
  readonly shortMessage: string
  readonly details: string | undefined

  constructor(shortMessage: string, options: MultiBridgeErrorParameters) {
    super(shortMessage, options.cause === undefined ? undefined : { cause: options.cause })
    this.shortMessage = shortMessage
    this.code = options.code
    this.details = options.details
  }

  /** This error and its causes, outermost first: the first one `match` accepts, or the innermost one. */
  walk(match?: (error: unknown) => boolean): unknown {
    return walkError(this, match)
  }
}
