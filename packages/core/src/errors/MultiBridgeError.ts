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

/**
 * Every code an error of this product carries: what the app keys its messages by (its catalogue is typed by them,
 * so a message for a code nobody raises, or a misspelt one, does not compile). A route a provider cannot serve is
 * `route.<reason>` (`RouteUnavailableError`, said beside the provider, not as an error).
 */
export const ERROR_CODES = [
  // The wallet and its connection
  'walletDisconnected',
  'noWallet',
  'walletPluginNotFound',
  'walletConnectFailed',
  'missingChainInfo',
  'addChainFailed',
  'switchChainFailed',
  'wrongChain',
  'userRejected',
  'unknownContract',
  'typedDataUnsupported',
  'batchIncomplete',
  'notEnoughGas',
  // Configuration
  'invalidManifest',
  'invalidConfig',
  // A provider's or a service's answer, and the requests for it
  'httpTimeout',
  'httpAbort',
  'httpNetwork',
  'httpStatus',
  'httpParse',
  'invalidQuote',
  'invalidResponse',
  'providerTimeout',
  'chainUnreachable',
  'serviceUnreachable',
  'chainStalled',
  // Before anything is signed: the checks of the quote and of what is signed
  'signedMismatch',
  'quoteExpired',
  'quoteChanged',
  'reviewMismatch',
  'senderMismatch',
  'depositWouldRevert',
  // A deposit sent, and what followed it
  'transactionReverted',
  'transactionNotConfirmed',
  'transactionReplaced',
  'gaslessRefused',
  'gaslessUnconfirmed',
  'depositNotMined',
  'trackTimeout',
  'providerNotAvailable',
  // Refunds
  'refundNotAvailable',
  'refundByProvider',
  'nothingToRefund',
  'notSwapOwner',
  // Your approvals
  'revokeRefused',
  // Anything else the product caught and wrapped
  'unexpected',
] as const

/** One of `ERROR_CODES`, or `route.<reason>` for a route a provider cannot serve. */
export type ErrorCode = (typeof ERROR_CODES)[number] | `route.${string}`

export type MultiBridgeErrorParameters<Code extends string = ErrorCode> = {
  code: Code
  cause?: unknown
  details?: string
}

/**
 * The one base of every error the product raises (viem's `BaseError` in spirit, under a name of its own): a short message for the
 * console, a stable `code` the UI maps to a translated message (never the English text), and the cause. The services
 * name their own codes (`MultiBridgeError<ServiceErrorCode>`): they answer callers and log readers, not the app.
 */
export class MultiBridgeError<Code extends string = ErrorCode> extends Error {
  override name = 'MultiBridgeError'
  readonly code: Code
  readonly shortMessage: string
  readonly details: string | undefined

  constructor(shortMessage: string, options: MultiBridgeErrorParameters<Code>) {
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
