import type { Address, Hex, TransactionReceipt } from 'viem'
import type { ChainClients } from '../chains/chainClients.ts'
import type { ChainClock } from '../chains/chainClock.ts'
import type { Manifest, ManifestToken } from '../config/manifest.ts'
import type { DepositedSwap, SigningSwap, SwapEvent, TrackedSwap } from '../records/types.ts'
import type { DepositPlan, QuoteRequest, Route, TokenPrice, TransactionRequest } from '../routes/types.ts'
import type { DecodedDeposit } from '../signing/decodedDeposit.ts'

/** `clock`: told of the latest blocks a provider reads (see `ChainClock`), when the client keeps one. */
/**
 * A swap Restore found: its record as the deposit says (deposited), and what the first look at it saw, when it saw
 * anything. Restore applies the one to the other (`restoredRecord`): a provider writes no record's state itself.
 */
export type FoundSwap = {
  record: DepositedSwap
  event?: SwapEvent
  /**
   * The destination side of `record` (the token and amounts on the way) is the provider's answer, not read from the
   * chains (a receipt of LI.FI or Relay: their calls or events do not carry it); its delivery is still the chain's.
   */
  providerWord?: true
}

export type ProviderContext = { manifest: Manifest; clients: ChainClients; clock?: ChainClock }

/**
 * A provider's own section of the manifest, `providers.<id>`, of the type its module's schema gives it: the
 * composition root checks each section with that schema when it reads the manifest (`setup/manifest.ts`).
 */
export const providerSection = <Config>(manifest: Manifest, id: string): Config | undefined =>
  manifest.providers?.[id] as Config | undefined

/** A chain of the config that a provider serves, as the provider names it. */
export type ProviderChain = { id: number; name: string; logoURI?: string }

/**
 * A bridge behind one interface: quote → route, the deposit it needs, tracking, refund.
 * Adding a provider means adding a folder that implements this.
 */
export interface RouteProvider {
  readonly id: string
  readonly name: string
  /** A route for the request, or undefined when this provider has none. Throws on failure. */
  getQuote(request: QuoteRequest, options?: { signal?: AbortSignal }): Promise<Route | undefined>
  /**
   * Other ways to do the same quote, shown as routes of their own: e.g. the intent bridge's gasless route (the
   * solver opens the order from one signature, for a lower output). `fetchRoutes` lists them beside the route.
   */
  variantsOf?(route: Route): Route[]
  /** The deposit transaction (and the allowance it needs) for a fresh route. */
  planDeposit(route: Route): Promise<DepositPlan>
  /**
   * What the plan's transaction does, decoded from its calldata with the called contract's ABI (never read from
   * the answer that carried it). Throws `UnknownContractError` ("Unknown contract type: …") for a contract or
   * function it does not know. `executeRoute` checks the result against the request before anything is signed.
   */
  decodeDeposit(transaction: TransactionRequest, route: Route): DecodedDeposit
  /**
   * Reads the deposit's receipt: `depositMined` with the protocol's id and time, or `depositFailed`. Throws
   * while the receipt is not there yet (tracking asks again).
   */
  onDepositMined(record: SigningSwap & { depositTx: Hex }): Promise<SwapEvent>
  /**
   * Providers with gasless orders: one look at an order signed and given to whoever opens it, whose open's hash is not
   * known (`HandedOver`, `gaslessOrder`): `depositSent` once its open is found, `depositFailed` once it never can be.
   */
  followSignedOrder?(record: SigningSwap): Promise<SwapEvent>
  /** One look at both chains (or the provider's API): what happened to the swap, as an event. */
  track(record: TrackedSwap): Promise<SwapEvent>
  /** The refund transaction when the swap is refundable now, or the time it will be. */
  planRefund(record: TrackedSwap): Promise<{ transaction: TransactionRequest } | { availableAfter: number }>
  /** The provider's own page for a swap (its explorer), to follow it there when it is slow or stuck. */
  explorerUrl?(record: TrackedSwap): string | undefined
  /** Every swap of `owner` this provider can find on chain (History's "Restore from chain"). */
  findSwaps(owner: Address): Promise<FoundSwap[]>
  /**
   * Providers that read their deposits from the chains themselves: the chains they read, so that Restore reads
   * each on its own (`restoreSwaps`) and one chain that does not answer costs only its own swaps.
   */
  restoreChains?(): number[]
  /** The swaps of `owner` whose deposit is on one chain (a chain from `restoreChains`). */
  findSwapsOnChain?(owner: Address, chainId: number): Promise<FoundSwap[]>
  /**
   * The receipt: the swap whose deposit is the mined transaction of `receipt` on `chainId` (its contract's own event
   * among the receipt's logs), with what a first look at it saw; undefined when it is no deposit of this provider's.
   * Whoever asks, with no wallet and no History; `findSwap` reads the receipt once for every provider.
   */
  findSwapByDeposit?(chainId: number, receipt: TransactionReceipt): Promise<FoundSwap | undefined>
  /**
   * How often `track` may be called for one swap, in ms. Providers that read an API's index say so
   * (it changes only every few seconds and rate-limits); on-chain providers follow the block time.
   */
  readonly pollIntervalMs?: number
  /** Addresses this provider may send the person's transactions to, per chain (allowlist). */
  knownContracts(chainId: number): Address[]
  /** The config's chains this provider serves (providers with a chain list of their own). */
  listChains?(options?: { signal?: AbortSignal }): Promise<ProviderChain[]>
  /**
   * The provider's token list for the picker, per chain id of the config. Bad entries are dropped,
   * never the whole list.
   */
  listTokens?(options?: { signal?: AbortSignal }): Promise<Map<number, ManifestToken[]>>
  /**
   * USD prices of the tokens this provider knows on the config's chains (the picker sorts a person's tokens by
   * their value, and shows it). Bad entries are dropped; an empty list when it knows none.
   */
  tokenPrices?(options?: { signal?: AbortSignal }): Promise<TokenPrice[]>
}

export type CreateProvider = (context: ProviderContext) => RouteProvider | undefined
