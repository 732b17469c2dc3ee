import { BaseError } from '../errors/BaseError.ts'

export type RouteUnavailableReason =
  | 'amountTooLow'
  | 'amountTooHigh'
  | 'insufficientLiquidity'
  | 'unsupportedToken'
  | 'unsupportedRoute'

/** A provider that cannot serve this request, and why (shown beside the provider's name). */
export class RouteUnavailableError extends BaseError {
  override name = 'RouteUnavailableError'
  constructor(
    readonly providerId: string,
    readonly reason: RouteUnavailableReason,
    readonly limit?: bigint,
  ) {
    super(`No route from ${providerId}: ${reason}`, { code: `route.${reason}` })
  }
}

/** The provider answered with something that is not a valid quote (wrong shape or wrong contract). */
export class InvalidQuoteError extends BaseError {
  override name = 'InvalidQuoteError'
  constructor(providerId: string, details: string) {
    super(`${providerId} returned an invalid quote`, { code: 'invalidQuote', details })
  }
}

/** The quote is too old to sign; the route must be fetched again. */
export class QuoteExpiredError extends BaseError {
  override name = 'QuoteExpiredError'
  constructor() {
    super('The quote expired', { code: 'quoteExpired' })
  }
}

/** A fresh quote gives less than the one the person saw: they must look again before signing. */
export class QuoteChangedError extends BaseError {
  override name = 'QuoteChangedError'
  constructor(
    readonly previousMinimum: bigint,
    readonly newMinimum: bigint,
  ) {
    super('The quote changed', { code: 'quoteChanged' })
  }
}

/** The wallet is on another chain than the transaction's: nothing is sent. */
export class WrongChainError extends BaseError {
  override name = 'WrongChainError'
  constructor(
    readonly expected: number,
    readonly actual: number,
  ) {
    super(`The wallet is on chain ${actual}, the transaction is for chain ${expected}`, { code: 'wrongChain' })
  }
}

/** A transaction was mined but reverted. */
export class TransactionRevertedError extends BaseError {
  override name = 'TransactionRevertedError'
  constructor(readonly hash: string) {
    super('The transaction failed on chain', { code: 'transactionReverted', details: hash })
  }
}
