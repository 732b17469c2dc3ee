import { MultiBridgeError } from '../errors/MultiBridgeError.ts'

/** The field of a decoded transaction that does not match the person's request. */
export type SignedField =
  | 'contract'
  | 'recipient'
  | 'destinationChain'
  | 'inputToken'
  | 'amount'
  | 'value'
  | 'output'
  | 'refundTo'
  /** A refund in another token than the one paid (or asked for), or no refund of the paid token at all. */
  | 'refund'
  /**
   * The order ends (its fill or its refund) before a deposit sent in time could be filled or refunded, or holds the
   * deposit for far longer than the provider's own orders do.
   */
  | 'deadline'
  /** Someone other than the provider settles the deposit (a Relay order's solver, fill contract or fee). */
  | 'settler'
  /** One relayer alone may deliver it, for longer than the bridge's own answers allow (Across's exclusivity). */
  | 'exclusiveRelayer'
  | 'destinationCall'
  | 'approval'
  /** The order an id commits to (Relay's deposit carries only the order's id) is not the one shown. */
  | 'order'
  /** A gasless swap's signed authorization pays something else than the order shown (token, amount, to, nonce). */
  | 'authorization'

/**
 * The transaction a provider asks the person to sign does not do what the person asked for (decoded from its
 * calldata): nothing is signed, nothing is lost.
 */
export class SignedMismatchError extends MultiBridgeError {
  override name = 'SignedMismatchError'
  constructor(
    readonly field: SignedField,
    details: string,
  ) {
    super(`The transaction to sign does not match the swap: ${field}`, { code: 'signedMismatch', details })
  }
}
