import { useRef } from 'react'

/** What a read's state says of its failure (a TanStack Query result has these). */
export type ReadState = { error: unknown; data: unknown; errorUpdatedAt: number }

/**
 * The failure that still stands for a read: its error, or, while a read that failed and never answered is asked
 * again, the last error (`lastError`). TanStack Query puts a query without data back to `pending` (its error cleared)
 * on each refetch, so "couldn't read" would otherwise blink into "checking…" for the read's length every cycle; the
 * failure stands until an answer replaces it. Undefined when nothing failed, or an answer came.
 */
export function standingError(state: ReadState, lastError: unknown): unknown {
  if (state.error) return state.error
  return state.data === undefined && state.errorUpdatedAt > 0 ? lastError : undefined
}

/** `standingError` of a query, keeping its last error across its re-reads. */
export function useStandingError(state: ReadState): unknown {
  const last = useRef<unknown>(undefined)
  if (state.error) last.current = state.error
  return standingError(state, last.current)
}
