import { type Address, getAddress, type Hex, sliceHex } from 'viem'
import type { TokenRef } from '../../config/tokenRef.ts'
import type { QuoteRequest } from '../../routes/types.ts'
import type { DecodedDetail } from '../../signing/decodedDeposit.ts'
import { type SignedField, SignedMismatchError } from '../../signing/signingErrors.ts'
import type { AllowlistQuestion } from './lifiAllowlist.ts'

/**
 * What every LI.FI bridge decoder shares (`lifiAcross.ts`, `lifiStargate.ts`, `lifiPolymerCctp.ts`): the context a
 * deposit is checked with, what a facet's own struct is given, and what it must say of the transfer.
 */

/** What a LI.FI deposit is checked with besides its calldata: the request, and what the route showed. */
export type LifiDepositContext = {
  request: QuoteRequest
  /** LI.FI's FeeCollector on the origin chain (config), the one contract a step before the bridge may call. */
  feeCollector: Address | undefined
  /**
   * The fees the quote shows as taken out of the amount (its included fees in the origin token): the most its fee
   * step may take. Bridge fees are among them too and are not taken by that step, hence "at most".
   */
  includedFee: bigint
  /** The destination's wrapped native coin: Across delivers it unwrapped to a wallet that asked for the coin. */
  destinationWrappedNative: Address | undefined
  /** LI.FI's GasZipPeriphery on the origin chain (config): the one contract that may buy gas on arrival. */
  gasZipPeriphery: Address | undefined
  /**
   * The gas on arrival the route asked for: the part of the amount it costs (`fromAmountForGas`) and Gas.zip's
   * own id of the destination chain. Undefined when none was asked: then no step may buy any.
   */
  gasOnArrival: { fromAmount: bigint; gasZipChainId: number } | undefined
  /** When the quote expires (ms): an Across fill deadline must leave a relayer time to fill after it. */
  quoteExpiresAt: number
  /**
   * The diamond's own allowlist on the origin chain, as read from it before decoding (`lifiAllowlist.ts`): whether a
   * swap step's contract, selector and approved contract are on it (undefined: not read, and the step is refused).
   */
  allowlist: (question: AllowlistQuestion) => boolean | undefined
  /** The manifest's tokens on the origin chain: what a swap may end in, and what a swap step may never call. */
  originTokens: readonly TokenRef[]
  /** The manifest's tokens on the destination chain: what a bridge may deliver before a swap on arrival. */
  destinationTokens: readonly TokenRef[]
}

/** The part of LI.FI's `BridgeData` a facet reads (the rest is LI.FI's bookkeeping). */
export type FacetBridge = {
  sendingAssetId: Address
  receiver: Address
  minAmount: bigint
  destinationChainId: bigint
  hasDestinationCall: boolean
}

/** What a facet's own struct is read with. */
export type FacetInput<Data> = {
  bridge: FacetBridge
  data: Data
  /** The least the diamond bridges: BridgeData.minAmount (after a swap, the least the swap may return). */
  bridged: bigint
  /** The token bridged (the origin token, or the listed token a swap ends in). */
  bridgedToken: TokenRef
  hasSwaps: boolean
  /** The native coin the transaction sends, and how much of it is the amount itself (the rest pays fees). */
  value: bigint
  carried: bigint
  context: LifiDepositContext
}

/** What the bridge-specific part of a call commits to. */
export type FacetTerms = {
  /** The bridge, as its refusals name it. */
  bridgeName: string
  recipient: Address
  /** Who gets an unfilled deposit (or the bridge's unspent fee) back, where the call names one. */
  refundTo?: Address
  /** The least delivered on the destination, in the destination's token. */
  output: { token: Address; amount: bigint }
  /**
   * What the bridge itself pays on the destination when a swap on arrival follows it (then `output` is what the swap
   * pays): the bridged token there, and how much.
   */
  bridgeDelivers?: { token: TokenRef; amount: bigint }
  /** The bridge pays exactly `output.amount` or nothing (an Across fill). */
  exactOutput: boolean
  destinationCall: boolean
  /** What else the bridge takes that the review should show (labels are English i18n keys). */
  details?: DecodedDetail[]
  /**
   * The bridge's own deadline to deliver (Across's fill deadline), after which it refunds the bridged token on the
   * origin; absent for a rail that always delivers and has no refund (CCTP, Stargate).
   */
  fillBy?: number
}

export const refuse = (field: SignedField, details: string): never => {
  throw new SignedMismatchError(field, details)
}

/** A bytes32 that must hold an EVM address (left-padded with zeros), as Across V4, Stargate and Relay carry them. */
export function wordAddress(word: Hex, field: SignedField): Address {
  if (BigInt(sliceHex(word, 0, 12)) !== 0n) refuse(field, `${word} is not an EVM address`)
  return getAddress(sliceHex(word, 12, 32))
}

/** How far this device's clock may be behind the chain's (an absolute deadline is the chain's time). */
export const CLOCK_SKEW_SECONDS = 300

/** An amount of one token in the units of another of the same asset (e.g. USDC's 6 decimals and BNB Chain's 18). */
export const inDecimals = (amount: bigint, from: number, to: number) =>
  to >= from ? amount * 10n ** BigInt(to - from) : amount / 10n ** BigInt(from - to)
