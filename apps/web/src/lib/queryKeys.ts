import type { Manifest, QuoteRequest, TokenRef } from '@multi-bridge/core'
import type { Address } from 'viem'

/**
 * Every TanStack Query key of the app, by root. A root is what gets invalidated: after a swap or a refund,
 * `balanceKeys.all` refreshes the form's balance and the picker's balances at once.
 */
export const balanceKeys = {
  all: ['balances'] as const,
  /** The form's balance of one token. */
  token: (token: TokenRef | undefined, owner: Address | undefined) =>
    ['balances', 'token', token?.chainId, token?.address, owner] as const,
  /** Every balance the picker reads for one account on one chain. */
  picker: (chainId: number, owner: Address | undefined) => ['balances', 'picker', chainId, owner ?? null] as const,
  /** A pasted token's description and the account's balance of it. */
  tokenInfo: (chainId: number, tokenAddress: Address, owner: Address | undefined) =>
    ['balances', 'tokenInfo', chainId, tokenAddress.toLowerCase(), owner ?? null] as const,
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
}

/** What a reviewed route would sign, decoded from its transaction (one route id is one quote). */
export const signedKeys = {
  route: (routeId: string) => ['signed', routeId] as const,
}

/** What decides which providers a manifest has: the devnet's services and the production providers' sections. */
const providerSet = (manifest: Manifest) =>
  [manifest.services.solver?.url, manifest.services.attester?.url, ...Object.keys(manifest.providers ?? {}).sort()]
    .filter((part) => part !== undefined)
    .join(',')
