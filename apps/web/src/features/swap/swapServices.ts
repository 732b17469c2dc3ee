import {
  type ChainClients,
  createChainClients,
  createProviders,
  createSwapTracker,
  executeRoute,
  type Manifest,
  prepareDeposit,
  type RouteProvider,
  type SwapTracker,
  sendRefund,
} from '@multi-bridge/core'
import { historyStore, trackProblemStore } from '../history/index.ts'
import { wagmiWalletAdapter } from './wagmiWallet.ts'

export type SwapServices = {
  clients: ChainClients
  providers: Map<string, RouteProvider>
  tracker: SwapTracker
  /** The executor, the refund and the wallet adapter: only needed once the person swaps. */
  executeRoute: typeof executeRoute
  /** The deposit a route would sign, decoded from its calldata and checked against the request (the review shows it). */
  prepareDeposit: typeof prepareDeposit
  sendRefund: typeof sendRefund
  walletAdapter: typeof wagmiWalletAdapter
}

/**
 * The providers, read clients, swap tracker and executor for a manifest. This module and everything it pulls in
 * (the providers' ABIs, viem's public actions) is its own chunk, loaded after the first page is interactive:
 * see `loadSwapServices`.
 */
export async function createSwapServices(manifest: Manifest): Promise<SwapServices> {
  const clients = createChainClients(manifest)
  const providers = await createProviders({ manifest, clients })
  const tracker = createSwapTracker({
    store: historyStore,
    providers,
    manifest,
    onError: (error, record) => console.warn('[tracker] look failed; retrying', record.id, error),
    // The screens say which chain or service does not answer (features/history/swapStatus.ts).
    problems: trackProblemStore,
  })
  return { clients, providers, tracker, executeRoute, prepareDeposit, sendRefund, walletAdapter: wagmiWalletAdapter }
}
