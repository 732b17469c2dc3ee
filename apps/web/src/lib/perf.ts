/**
 * User Timing marks the benchmark reads (`npm run bench`); a mark costs nothing when nobody reads it.
 * Each is set once per page load.
 */
export const MARKS = {
  /** The swap form accepts input and its main button shows the wallet's real state. */
  swapFormInteractive: 'swap-form-interactive',
  /** The wallet's state is known and the wallet button takes a click (Connect enabled, or the account shown). */
  walletKnown: 'wallet-known',
} as const

export const MEASURES = {
  /** From a provider's answer (`ProviderOutcome.receivedAt`) to the painted route list. */
  quoteToPaint: 'quote-to-paint',
} as const

export function markOnce(name: string): void {
  if (typeof performance === 'undefined' || performance.getEntriesByName(name, 'mark').length > 0) return
  performance.mark(name)
}
