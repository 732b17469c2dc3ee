import { MultiBridgeError } from '../errors/MultiBridgeError.ts'
import type { TokenRef } from './types.ts'

export type RouteUnavailableReason =
  | 'amountTooLow'
  | 'amountTooHigh'
  | 'insufficientLiquidity'
  | 'unsupportedToken'
  | 'unsupportedRoute'
  /** The provider cannot follow one end of the route now (its RPC is down): a refusal for now, asked again shortly. */
  | 'networkUnavailable'

/**
 * The limit a request crossed, in base units of `token`: the least (amountTooLow) or the most (amountTooHigh) the
 * route takes, in the sent token; the liquidity the destination has (insufficientLiquidity), in the received token.
 */
export type RouteLimit = { amount: bigint; token: TokenRef }

/** A provider that cannot serve this request, and why (shown beside the provider's name, with the limit when known). */
export class RouteUnavailableError extends MultiBridgeError {
  override name = 'RouteUnavailableError'
  constructor(
    readonly providerId: string,
    readonly reason: RouteUnavailableReason,
    readonly limit?: RouteLimit,
    /** The provider's own explanation, for the console and the details line. */
    details?: string,
    /** The network it cannot follow (networkUnavailable), by its name in the config, when the provider said which. */
    readonly network?: string,
  ) {
    super(`No route from ${providerId}: ${reason}`, {
      code: `route.${reason}`,
      ...(details === undefined ? {} : { details }),
    })
  }
}

/** The provider answered with something that is not a valid quote (wrong shape or wrong contract). */
export class InvalidQuoteError extends MultiBridgeError {
  override name = 'InvalidQuoteError'
  constructor(providerId: string, details: string) {
    super(`${providerId} returned an invalid quote`, { code: 'invalidQuote', details })
  }
}

/** A provider API answered with something that is not what its documentation says (wrong shape or values). */
export class InvalidResponseError extends MultiBridgeError {
  override name = 'InvalidResponseError'
  constructor(providerId: string, what: string, details: string) {
    super(`${providerId} returned an invalid ${what}`, { code: 'invalidResponse', details })
  }
}

/** Refunds of this provider are made by its protocol, not by the person: there is nothing to sign. */
export class RefundByProviderError extends MultiBridgeError {
  override name = 'RefundByProviderError'
  constructor(readonly providerName: string) {
    super(`${providerName} handles the refunds of its transfers: there is nothing to sign here`, {
      code: 'refundByProvider',
    })
  }
}

/** The quote is too old to sign; the route must be fetched again. */
export class QuoteExpiredError extends MultiBridgeError {
  override name = 'QuoteExpiredError'
  constructor() {
    super('The quote expired', { code: 'quoteExpired' })
  }
}

/** A fresh quote gives less than the one the person saw: they must look again before signing. */
export class QuoteChangedError extends MultiBridgeError {
  override name = 'QuoteChangedError'
  constructor(
    readonly previousMinimum: bigint,
    readonly newMinimum: bigint,
  ) {
    super('The quote changed', { code: 'quoteChanged' })
  }
}

/**
 * The route was quoted for another account than the wallet's (the person switched accounts): its
 * deposit would name the other account as the one refunds go to. Nothing is sent; quote again.
 */
export class SenderMismatchError extends MultiBridgeError {
  override name = 'SenderMismatchError'
  constructor(
    readonly quotedFor: string,
    readonly account: string,
  ) {
    super('The route was quoted for another account', { code: 'senderMismatch' })
  }
}

/** The wallet is on another chain than the transaction's: nothing is sent. */
export class WrongChainError extends MultiBridgeError {
  override name = 'WrongChainError'
  constructor(
    readonly expected: number,
    readonly actual: number,
  ) {
    super(`The wallet is on chain ${actual}, the transaction is for chain ${expected}`, { code: 'wrongChain' })
  }
}

/** A transaction was mined but reverted. */
export class TransactionRevertedError extends MultiBridgeError {
  override name = 'TransactionRevertedError'
  constructor(readonly hash: string) {
    super('The transaction failed on chain', { code: 'transactionReverted', details: hash })
  }
}

/**
 * A transaction was sent, and its chain has not shown it mined within the wait (a slow or congested chain, or an
 * RPC that stopped answering meanwhile): it may still be mined. Not a failure; the swap is checked again.
 */
export class TransactionNotConfirmedError extends MultiBridgeError {
  override name = 'TransactionNotConfirmedError'
  constructor(
    readonly hash: string,
    readonly chainName: string,
    cause: unknown,
  ) {
    super(`Sent, not confirmed yet on ${chainName}`, { code: 'transactionNotConfirmed', details: hash, cause })
  }
}

/**
 * The wallet replaced a transaction it had sent by another one at the same nonce (the person pressed Cancel, or
 * sent something else in its place): what was sent will never be mined, and nothing of it happened.
 */
export class TransactionReplacedError extends MultiBridgeError {
  override name = 'TransactionReplacedError'
  constructor(
    readonly hash: string,
    readonly replacement: string,
  ) {
    super('The transaction was cancelled or replaced in the wallet', {
      code: 'transactionReplaced',
      details: `${hash} replaced by ${replacement}`,
    })
  }
}

/**
 * The wallet ran part of a batch (EIP-5792) and stopped before the deposit: an approval reverted, or the wallet did
 * not send the deposit. Nothing was deposited; an approval that went through stays for the next try.
 */
export class BatchIncompleteError extends MultiBridgeError {
  override name = 'BatchIncompleteError'
  constructor(
    readonly sent: number,
    readonly of: number,
  ) {
    super(`The wallet ran ${sent} of ${of} calls and stopped before the deposit`, { code: 'batchIncomplete' })
  }
}

/**
 * The one who opens a gasless order refused the signed order (`code`: the solver's, e.g. `PRICE_NOT_ACCEPTABLE`,
 * `INSUFFICIENT_INVENTORY`, `ORDER_EXPIRED`): nothing was opened, and nothing left the wallet. The signature is void
 * after its open deadline.
 */
export class GaslessRefusedError extends MultiBridgeError {
  override name = 'GaslessRefusedError'
  constructor(
    readonly refusal: string,
    details?: string,
  ) {
    super(`The solver did not open the signed order: ${refusal}`, {
      code: 'gaslessRefused',
      ...(details === undefined ? {} : { details }),
    })
  }
}

/**
 * A gasless order was signed and given to the solver, and its answer did not come (a time-out, a lost connection, an
 * answer that could not be read): the solver may have opened it, or may still open it until its open deadline (epoch
 * seconds). The swap is kept and followed by the order's id; signing again would make a second order.
 */
export class GaslessOrderUnconfirmedError extends MultiBridgeError {
  override name = 'GaslessOrderUnconfirmedError'
  constructor(
    readonly orderId: string,
    readonly openDeadline: number,
    cause: unknown,
  ) {
    super(`The solver did not confirm the signed order; it may open it until ${openDeadline}`, {
      code: 'gaslessUnconfirmed',
      details: orderId,
      cause,
    })
  }
}

/** A gasless route needs a wallet that signs typed data (EIP-712); this one does not. */
export class TypedDataUnsupportedError extends MultiBridgeError {
  override name = 'TypedDataUnsupportedError'
  constructor() {
    super('The wallet cannot sign typed data (EIP-712)', { code: 'typedDataUnsupported' })
  }
}

/**
 * Nothing is held for the swap any more on its origin: it was refunded (from another tab or device, or by anyone once
 * it expired), its funds were claimed after a delivery, or its deposit is not there. A refund would only revert.
 */
export class NothingToRefundError extends MultiBridgeError {
  override name = 'NothingToRefundError'
  constructor(readonly escrowStatus: number) {
    super('Nothing is held for this swap any more', { code: 'nothingToRefund', details: `status ${escrowStatus}` })
  }
}

/** The swap cannot be refunded yet; `availableAfter` is in epoch seconds. */
export class RefundNotAvailableError extends MultiBridgeError {
  override name = 'RefundNotAvailableError'
  constructor(readonly availableAfter: number) {
    super('The refund is not available yet', { code: 'refundNotAvailable' })
  }
}

/**
 * A quote fetched again before signing is not for what the person reviewed (another recipient, amount or
 * token, or more native coin sent besides): nothing is sent; they review the new one.
 */
export class ReviewMismatchError extends MultiBridgeError {
  override name = 'ReviewMismatchError'
  constructor(readonly field: 'recipient' | 'amount' | 'origin' | 'destination' | 'gasOnArrival' | 'nativeFee') {
    super(`The new quote has another ${field} than the one reviewed`, { code: 'reviewMismatch' })
  }
}

/** Only the account that made a swap refunds it from this app; `owner` is that account. */
export class NotSwapOwnerError extends MultiBridgeError {
  override name = 'NotSwapOwnerError'
  constructor(
    readonly owner: string,
    readonly account: string,
  ) {
    super('Another account made this swap', { code: 'notSwapOwner' })
  }
}
