import type { Address } from 'viem'

/**
 * What a deposit transaction does, read from its own calldata with the called contract's ABI: never from the
 * API answer that carried it. Each provider decodes its own contracts (`RouteProvider.decodeDeposit`); the one
 * shared check (`checkDeposit`) compares the result with the person's request before the wallet is asked.
 */
export type DecodedDeposit = {
  /** The contract called, and its name as the person should see it (e.g. "LI.FI Diamond", "Relay Depository"). */
  contract: Address
  contractName: string
  /** The function called, e.g. `startBridgeTokensViaAcrossV3`, `depositErc20`, `depositV3`. */
  functionName: string
  /** The token that leaves the wallet through this call (`NATIVE_TOKEN_ADDRESS` for the native coin). */
  inputToken: Address
  /** How much of it leaves the wallet. */
  inputAmount: bigint
  /** The native coin the transaction itself sends (`value`). */
  value: bigint
  /** Who receives on the destination, as the calldata (or the order the calldata commits to) names it. */
  recipient: Address
  /** The chain the call sends to. */
  destinationChainId: number
  /** The output the call commits to, when it names one (token on the destination, least amount delivered). */
  output?: { token: Address; amount: bigint }
  /**
   * The call pays exactly `output.amount` or refunds the deposit (an Across fill of a deposit whose bridged amount the
   * calldata fixes): what arrives is known from the calldata, not estimated by the API.
   */
  exactOutput?: boolean
  /**
   * Who the protocol credits with the deposit, i.e. who gets an unfilled deposit back, when the call names one
   * (Across `depositor`, Relay `depositor`, LI.FI Across `refundAddress`). A protocol's "zero means the sender"
   * is resolved by the decoder: this is the real address.
   */
  refundTo?: Address
  /**
   * The latest moment (epoch seconds) the deposit can still be delivered, as the calldata, or the order it commits to,
   * says it (an intent's or Across's fill deadline, Relay's output deadline); after it, it can only come back.
   */
  fillBy?: number
  /**
   * Where the contract sets the deadline when the deposit is mined, not the calldata: the seconds it leaves to deliver
   * from then (the pool's release window, read from the pool the call goes to).
   */
  fillWithin?: number
  /**
   * What an undelivered deposit comes back as, as the protocol decoded has it: the token on its chain (`amount` when
   * the protocol returns a known amount: an escrow's whole deposit); `none` for a rail that always delivers and has no
   * refund (CCTP, Stargate).
   */
  comesBack?: { chainId: number; token: Address; amount?: bigint } | 'none'
  /** Whether the call asks for anything to run on the destination besides the delivery (a message, a call). */
  destinationCall?: boolean
  /** Anything else the call commits to that the person should see (labels are English i18n keys). */
  details?: DecodedDetail[]
}

/**
 * One more thing a call commits to: a time (epoch seconds), an address, an amount of the native coin (wei), an
 * amount of the token sent (its base units, e.g. a fee taken out of it), or an amount of another token (its base
 * units, with its symbol and decimals: e.g. what arrives instead when a swap on arrival fails).
 */
export type DecodedDetail =
  | { label: string; kind: 'time'; value: number }
  | { label: string; kind: 'input'; value: bigint }
  | { label: string; kind: 'address'; value: Address }
  | { label: string; kind: 'native'; value: bigint }
  | { label: string; kind: 'amount'; value: bigint; symbol: string; decimals: number }
