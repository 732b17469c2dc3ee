import type { Address, Hex } from 'viem'

// A token of the config, as routes and records name it (defined with the config, which lists tokens).
export { TOKEN_KINDS, type TokenKind, type TokenRef } from '../config/tokenRef.ts'

import type { TokenRef } from '../config/tokenRef.ts'

export type QuoteRequest = {
  origin: TokenRef
  destination: TokenRef
  /** Input amount in the origin token's base units. */
  amount: bigint
  sender: Address
  recipient: Address
  /** The person's own slippage, in basis points; undefined means the provider's automatic value. */
  slippageBps?: number
  /** Also deliver some of the destination's native coin to the recipient, paid for from the input. */
  gasOnArrival?: boolean
}

/**
 * Gas on arrival on a route: `included` with the native coin the recipient gets besides the output (its cost
 * is among the fees, labelled "Gas on arrival fee"), or `unavailable` when it was asked and this route has none.
 */
export type RouteGasOnArrival = { status: 'included'; token: TokenRef; amount: bigint } | { status: 'unavailable' }

/**
 * A fee of a route, under the provider's own name (an i18n key). A fee is taken from the amount (the output is already
 * net of it), unless `paidBy` is `sender`: then it is the person's own gas on the origin as the provider estimates it,
 * paid in the native coin besides the amount (the app's own estimate of it is the "Network cost").
 */
export type RouteFee = { label: string; token: TokenRef; amount: bigint; paidBy?: 'sender' }

/** The label of a provider's estimate of the person's own gas (`paidBy: 'sender'`): the same thing as the Network cost. */
export const PROVIDER_GAS_ESTIMATE = 'Network cost (provider estimate)'

/** A provider's USD price of one whole token (`usd`: decimal text, never a float), for the tokens of a route. */
export type TokenPrice = { chainId: number; address: Address; usd: string }

/** One way to do a swap, as a provider quoted it. */
export type Route = {
  id: string
  providerId: string
  providerName: string
  request: QuoteRequest
  /** What the recipient should get. */
  outputAmount: bigint
  /** What the recipient gets at least, or the swap is refunded. */
  minOutputAmount: bigint
  slippageBps: number
  /**
   * `fixed`: the route delivers exactly `outputAmount` or refunds (an intent order asks for that amount, a pool
   * send refuses less), so no slippage applies and a custom one is not used.
   */
  slippageMode: 'auto' | 'custom' | 'fixed'
  fees: RouteFee[]
  estimatedSeconds: number
  /** Epoch milliseconds. */
  quotedAt: number
  expiresAt: number
  /** The contract that receives the person's tokens on the origin chain (the Delivery Address). */
  depositAddress: Address
  /** Provider-specific details needed to build the steps. */
  data: Record<string, unknown>
  /**
   * The token the recipient really receives when it is not the one asked for (same amount): e.g. Across
   * unwraps WETH into ETH for a wallet, and delivers WETH to a contract asking for ETH.
   */
  deliveredToken?: TokenRef
  /** What following the swap later needs from the quote (e.g. LI.FI's bridge), kept in its History record. */
  trackingData?: Record<string, string | number>
  /**
   * Native coin the deposit sends besides a native amount (a bridge's messaging fee the quote names), also among
   * the fees. The signed `value` may never exceed the amount (native input) plus this.
   */
  nativeFee?: bigint
  /** Set when the request asked for gas on arrival (see `RouteGasOnArrival`). */
  gasOnArrival?: RouteGasOnArrival
  /**
   * USD prices of the route's tokens, as the provider gave them (LI.FI's `priceUSD`, Relay's `amountUsd`, the
   * devnet solver's price table); absent when it gave none (Across): then no USD value is shown.
   */
  prices?: TokenPrice[]
  /**
   * Set on a gasless route: the person signs one authorization and the provider's solver opens the deposit on the
   * origin, paying its gas (`openFee`, among the fees, taken from the output). Nothing is sent from the person's
   * wallet, which needs no native coin on the origin and is not asked to switch network.
   */
  gasless?: RouteGasless
  /**
   * The route's legs in order, where it has more than one (a swap on the origin, the bridge, a swap on arrival), each
   * with its tool as the provider names it and what it takes and gives (estimates: the route's minimum is what is
   * signed). Their kinds and order are checked against the decoded deposit; undefined: one leg, the provider's bridge.
   */
  legs?: RouteLeg[]
}

/** One leg of a route (see `Route.legs`): amounts in `from`'s and `to`'s base units. */
export type RouteLeg = {
  kind: 'swap' | 'bridge'
  tool: string
  from: TokenRef
  to: TokenRef
  fromAmount: bigint
  toAmount: bigint
}

/** See `Route.gasless`: the open fee (output token's base units) and the open deadline (epoch seconds). */
export type RouteGasless = { openFee: bigint; openDeadline: number }

export type ApprovalRequirement = { token: TokenRef; spender: Address; amount: bigint }

export type TransactionRequest = { chainId: number; to: Address; data: Hex; value: bigint }

/**
 * The transaction that moves the person's funds, and the allowance it needs first. A gasless plan (`gasless`) has
 * no approval: its `transaction` is the call the provider's solver sends (checked like any other), and the person
 * signs only `gasless.typedData`.
 */
export type DepositPlan = { transaction: TransactionRequest; approval?: ApprovalRequirement; gasless?: GaslessSigning }

/** EIP-712 typed data, as a wallet's `eth_signTypedData_v4` takes it. */
export type SignableTypedData = {
  domain: { name: string; version: string; chainId: number; verifyingContract: Address }
  types: Record<string, readonly { name: string; type: string }[]>
  primaryType: string
  message: Record<string, unknown>
}

/**
 * What the person signs for a gasless deposit, and how the signature reaches the one who opens it. `submit` resolves
 * with the open transaction's hash once it is sent (not yet mined).
 */
export type GaslessSigning = {
  typedData: SignableTypedData
  /** The open deadline (epoch seconds): the signature is void after it. */
  openDeadline: number
  /**
   * What the swap's record keeps from the moment the open is sent, before it is mined: the order's id (`orderId`,
   * checked against the signed order) and what the provider follows it by. The delivery can come first.
   */
  tracking: Record<string, string | number> & { orderId: Hex }
  submit: (signature: Hex) => Promise<{ openTx: Hex }>
}
