import { isAddressEqual } from 'viem'
import { UnexpectedError } from '../errors/walletErrors.ts'
import type { SwapRecord } from '../records/types.ts'
import { SenderMismatchError } from '../routes/routeErrors.ts'
import type { Route } from '../routes/types.ts'
import { executeRoute } from '../swaps/execute/executeRoute.ts'
import type { WalletAdapter } from '../swaps/walletAdapter.ts'
import { draftSwap } from './draftSwap.ts'
import { requoteRoute } from './fetchRoutes.ts'
import type { SwapClient } from './types.ts'

export type ExecuteSwapParameters = {
  /** The route the person reviewed. */
  route: Route
  wallet: WalletAdapter
  /** The key of the reviewed record (`draftSwap`): that record is the one executed. A new one when absent. */
  key?: string
  /** Fetches the same route again when the quote is stale before anything is signed (default: `requoteRoute`). */
  refreshRoute?: () => Promise<Route | undefined>
  /** Milliseconds of validity a quote must still have when the deposit is signed. */
  minQuoteValidityMs?: number
  /** Told of every change of the swap, once the store has it. */
  onUpdate?: (record: SwapRecord) => void
}
export type ExecuteSwapReturnType = SwapRecord

/**
 * Executes the reviewed swap through the wallet (`executeRoute`), writing each event of its record into the
 * client's store (`apply`): in memory while it is being signed, in History once its deposit is sent. The client then
 * tracks it to its end; a swap whose deposit was sent before a failure is tracked too, so nothing is lost.
 */
export async function executeSwap(
  client: SwapClient,
  parameters: ExecuteSwapParameters,
): Promise<ExecuteSwapReturnType> {
  const { route, wallet } = parameters
  const store = client.store
  const draft = parameters.key
    ? store.getState().drafts[parameters.key]
    : draftSwap(client, { route, owner: wallet.account })
  if (!draft) throw new UnexpectedError(`no swap under review with the key ${parameters.key}`)
  // The record says who made the swap (and who may refund it): the account that signs it.
  if (!isAddressEqual(draft.owner, wallet.account)) throw new SenderMismatchError(draft.owner, wallet.account)
  const [provider, clients] = await Promise.all([client.getProvider(route.providerId), client.getChainClients()])
  try {
    const record = await executeRoute({
      route,
      record: draft,
      provider,
      wallet,
      clients,
      refreshRoute: parameters.refreshRoute ?? (() => requoteRoute(provider, route)),
      // The swap is written as events, as the tracker writes it: the store's copy may be further along.
      onEvent: (event, at) => store.getState().apply(draft.key, event, at),
      onUpdate: (next) => parameters.onUpdate?.(next),
      ...(parameters.minQuoteValidityMs === undefined ? {} : { minQuoteValidityMs: parameters.minQuoteValidityMs }),
    })
    client.track(record.key)
    return record
  } catch (error) {
    // Already sent (or handed over: a batch the wallet accepted, a gasless order the solver did not answer)? It is in
    // History and tracking takes over; nothing is lost.
    if (store.getState().swaps[draft.key]) client.track(draft.key)
    throw error
  }
}
