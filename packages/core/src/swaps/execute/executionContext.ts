import { type ChainClients, clientFor } from '../../chains/chainClients.ts'
import type { RouteProvider } from '../../providers/types.ts'
import { applySwapEvent } from '../../records/swapMachine.ts'
import { newSwapRecord } from '../../records/swapRecord.ts'
import type { SigningSwap, SwapEvent, SwapRecord } from '../../records/types.ts'
import type { DepositPlan, Route } from '../../routes/types.ts'
import type { WalletAdapter } from '../walletAdapter.ts'

export type ExecuteRouteParameters = {
  route: Route
  provider: RouteProvider
  wallet: WalletAdapter
  clients: ChainClients
  /** The record the person reviewed (its key is the swap's from review to History); a new one when absent. */
  record?: SigningSwap
  /** Fetches the same route again; called when the quote is stale before anything is signed. */
  refreshRoute: () => Promise<Route | undefined>
  /**
   * Every event of the swap, as it happens: write it where the swap is kept (the store's `apply`: a reload must not
   * lose the swap). The record passed in is already there (`draftSwap`); nothing else writes it whole. `at` is the
   * time this execution gave the change (`updatedAt`), so that the kept copy and this one are the same record.
   */
  onEvent?: (event: SwapEvent, at: number) => void
  /** The swap after each change, as this execution sees it (what a screen reacts to). */
  onUpdate?: (record: SwapRecord) => void
  /** Milliseconds of validity a quote must still have when the deposit is signed. */
  minQuoteValidityMs?: number
}

/**
 * What every step of one execution reads and moves on: the reviewed route, the quote signed with (`route`, fetched
 * again when it aged, and its checked `plan`), and the swap's record, changed only through the state machine
 * (`update`, which hands each event to `onEvent`, then the record to `onUpdate`).
 */
export type ExecutionContext = {
  parameters: ExecuteRouteParameters
  provider: RouteProvider
  wallet: WalletAdapter
  clients: ChainClients
  /** The origin chain, and its client. */
  chainId: number
  client: ReturnType<typeof clientFor>
  /** The route the person reviewed: every quote fetched again is checked against it. */
  reviewed: Route
  route: Route
  plan: DepositPlan
  record: SwapRecord
  update: (event: SwapEvent) => void
}

export function createExecutionContext(
  parameters: ExecuteRouteParameters,
  route: Route,
  plan: DepositPlan,
): ExecutionContext {
  const chainId = route.request.origin.chainId
  const context: ExecutionContext = {
    parameters,
    provider: parameters.provider,
    wallet: parameters.wallet,
    clients: parameters.clients,
    chainId,
    client: clientFor(parameters.clients, chainId),
    reviewed: parameters.route,
    route,
    plan,
    record: parameters.record ?? newSwapRecord(route, parameters.wallet.account),
    update: (event) => {
      const at = Date.now()
      context.record = applySwapEvent(context.record, event, at)
      parameters.onEvent?.(event, at)
      parameters.onUpdate?.(context.record)
    },
  }
  parameters.onUpdate?.(context.record)
  return context
}

/** The origin chain's name, for what is said about it. */
export const originName = (context: ExecutionContext) => context.client.chain?.name ?? 'the network'

/** A quote fetched again is a new quote (Relay: a new request id): the swap is followed as the one deposited. */
export const tracking = (context: ExecutionContext): { data?: Record<string, string | number> } =>
  context.route.trackingData ? { data: { ...context.route.trackingData } } : {}
