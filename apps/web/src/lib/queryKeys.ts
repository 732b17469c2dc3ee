import { type Manifest, type QuoteRequest, type Route, routeChoice, type TokenRef } from '@multi-bridge/core'
import type { Address, Hash } from 'viem'

/**
 * Every TanStack Query key of the app, by root. A root is what gets invalidated: after a swap or a refund,
 * `balanceKeys.all` refreshes the form's balance and the picker's balances at once. No key is written anywhere
 * else (queryKeys.test.ts reads the app's sources for one).
 */
export const balanceKeys = {
  all: ['balances'] as const,
  /** The form's balance of one token. */
  token: (token: TokenRef | undefined, owner: Address | undefined) =>
    ['balances', 'token', token?.chainId, token?.address, owner] as const,
  /**
   * Every balance the picker reads for one account on one chain. The token count tells the manifest's list apart
   * from the longer one with the providers' and extra tokens.
   */
  picker: (chainId: number, owner: Address | undefined, tokenCount: number) =>
    ['balances', 'picker', chainId, owner ?? null, tokenCount] as const,
  /** A pasted token's description and the account's balance of it. */
  tokenInfo: (chainId: number, tokenAddress: Address, owner: Address | undefined) =>
    ['balances', 'tokenInfo', chainId, tokenAddress.toLowerCase(), owner ?? null] as const,
  /** "Your approvals": every chain's allowances of one account (read again with the balances, after a swap). */
  approvals: (owner: Address | undefined) => ['balances', 'approvals', owner ?? null] as const,
  /** One allowance: what a swap's token may still be spent by its deposit's contract. */
  allowance: (chainId: number, token: Address, owner: Address, spender: Address) =>
    ['balances', 'allowance', chainId, token.toLowerCase(), owner.toLowerCase(), spender.toLowerCase()] as const,
}

/**
 * The person's own network cost on the origin for a route (approvals + deposit at the current fee). Under the balances'
 * root: it depends on the allowance and is refreshed with them after a swap. Keyed by what the deposit depends on, not
 * by the quote's id, so that a refreshed quote keeps its figure while it is estimated again.
 */
export const networkCostKeys = {
  route: (route: Route) =>
    [
      'balances',
      'networkCost',
      // The provider and its way: a gasless route costs nothing, the plain one from the same quote does.
      routeChoice(route),
      route.request.sender,
      route.request.recipient,
      route.request.origin.chainId,
      route.request.origin.address,
      route.request.destination.chainId,
      route.request.destination.address,
      route.request.amount.toString(),
      route.request.gasOnArrival ? 'gas' : 'no-gas',
    ] as const,
  /** No route yet: the query is disabled, its key only has to be stable. */
  none: ['balances', 'networkCost', 'none'] as const,
  /** What to keep for gas on a chain before any route (Max on its native coin). */
  reserve: (chainId: number | undefined) => ['balances', 'networkCost', 'reserve', chainId ?? null] as const,
}

/** What the app knows of a recipient on the destination chain: its code, and the bridges' contracts there. */
export const recipientKeys = {
  code: (chainId: number | undefined, address: Address | undefined) =>
    ['recipient', 'code', chainId ?? null, address ?? null] as const,
  knownContracts: (chainId: number | undefined, manifest: Manifest) =>
    ['recipient', 'knownContracts', chainId ?? null, providerSet(manifest)] as const,
}

/** ENS names, per destination chain: each chain has its own record (ENSIP-11). */
export const ensKeys = {
  all: ['ens'] as const,
  address: (name: string | undefined, destinationChainId: number | undefined) =>
    ['ens', name ?? null, destinationChainId ?? null] as const,
}

/** Routes for a request: every input a provider's answer depends on, the sender and the providers asked included. */
export const routeKeys = {
  all: ['routes'] as const,
  quote: (request: QuoteRequest, manifest: Manifest) =>
    [
      'routes',
      request.sender,
      request.recipient,
      request.origin.chainId,
      request.origin.address,
      request.destination.chainId,
      request.destination.address,
      request.amount.toString(),
      request.slippageBps ?? 'auto',
      request.gasOnArrival ? 'gas' : 'no-gas',
      providerSet(manifest),
    ] as const,
  /** No request yet: the query is disabled, its key only has to be stable. */
  none: ['routes', 'none'] as const,
}

/** The tokens the providers list, once per app (the query client lives as long as the manifest it was created with). */
export const pickerKeys = {
  providerTokens: ['picker', 'providerTokens'] as const,
}

/** The providers' USD prices of tokens (the picker values a person's tokens with them). */
export const priceKeys = {
  tokens: (manifest: Manifest) => ['prices', 'tokens', providerSet(manifest)] as const,
}

/** What a reviewed route would sign, decoded from its transaction (one route id is one quote). */
export const signedKeys = {
  route: (routeId: string) => ['signed', routeId] as const,
  /** The deposit's simulation on the origin's latest state: under the balances' root, as it reads them. */
  simulation: (routeId: string) => ['balances', 'simulation', routeId] as const,
}

/** What the progress view asks a swap's provider after signing. */
export const swapKeys = {
  /** The provider's own page for a mined swap. */
  providerPage: (providerId: string, depositTx: Hash | undefined) =>
    ['providerPage', providerId, depositTx ?? null] as const,
  /** Whether the refund of a swap is open now (`record.key` names one swap). */
  refundPlan: (recordKey: string) => ['refundPlan', recordKey] as const,
}

/** The swap client's mutations (lib/swapMutations.ts): a screen asks whether one is under way by its key. */
export const swapMutationKeys = {
  execute: ['executeSwap'] as const,
  refund: ['refundSwap'] as const,
  restore: ['restoreSwaps'] as const,
}

/** What decides which providers a manifest has: the devnet's services and the production providers' sections. */
const providerSet = (manifest: Manifest) =>
  [
    manifest.services.solver?.url,
    ...(manifest.services.attesters?.urls ?? []),
    ...Object.keys(manifest.providers ?? {}).sort(),
  ]
    .filter((part) => part !== undefined)
    .join(',')

/** A receipt: the swap whose deposit is a transaction on a chain, read from the chains (History's `?chain=&tx=`). */
export const receiptKeys = {
  deposit: (chainId: number, hash: string) => ['receipt', chainId, hash.toLowerCase()] as const,
}
