import type { ChainClients } from '../chains/chainClients.ts'
import { createChainClock } from '../chains/chainClock.ts'
import type { SwapClient } from '../client/types.ts'
import { getManifestChain, type Manifest } from '../config/manifest.ts'
import { UnexpectedError } from '../errors/walletErrors.ts'
import type { ProviderModule } from '../providers/module.ts'
import type { RouteProvider } from '../providers/types.ts'
import type { SwapRecord } from '../records/types.ts'
import type { KeyValueStorage } from '../storage/persistedStore.ts'
import { createHistoryStore } from '../swaps/historyStore.ts'
import { createSwapStore } from '../swaps/swapStore.ts'
import { createTrackProblemStore } from '../swaps/trackProblems.ts'
import type { SwapTracker } from '../swaps/trackSwaps.ts'
import { PROVIDER_MODULES } from './modules.ts'
import { createProviders } from './registry.ts'

export type CreateSwapClientParameters = {
  manifest: Manifest
  /** Where History is kept (`__persist__history`): the browser's localStorage; in memory when absent. */
  storage?: KeyValueStorage
  /** The chains' read clients; made from the manifest, on first use, when absent. */
  clients?: ChainClients
  /** The provider modules (default: every module of the app, `PROVIDER_MODULES`). */
  modules?: readonly ProviderModule[]
  /** Called after each failed look at a swap (an RPC down…); tracking goes on. */
  onTrackError?: (error: unknown, record: SwapRecord) => void
  /** The longest one look at a swap may take. */
  lookTimeoutMs?: number
}

/** Runs `load` once; a failure is forgotten, so that the next call tries again. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined
  return () => {
    if (!loading) {
      loading = load()
      loading.catch(() => {
        loading = undefined
      })
    }
    return loading
  }
}

/**
 * The swap client for a manifest (see `SwapClient`). Cheap to create: the store is read from `storage` at once, while
 * the chain clients, the providers' code and the tracker (its code too) are made on first use, so that a page can show History
 * before any of them is loaded.
 */
export function createSwapClient(parameters: CreateSwapClientParameters): SwapClient {
  const { manifest } = parameters
  const store = parameters.storage ? createHistoryStore(parameters.storage) : createSwapStore()
  const problems = createTrackProblemStore()
  // The manifest's block times tell a chain that stopped making blocks from a slow one.
  const clock = createChainClock(Date.now, (chainId) => getManifestChain(manifest, chainId)?.blockTime)
  const getChainClients = once(async () => {
    if (parameters.clients) return parameters.clients
    // viem's public clients are their own chunk in the app: not needed to paint History.
    const { createChainClients } = await import('../chains/chainClients.ts')
    return createChainClients(manifest)
  })
  const getProviders = once(
    async (): Promise<ReadonlyMap<string, RouteProvider>> =>
      createProviders({ manifest, clients: await getChainClients(), clock }, parameters.modules ?? PROVIDER_MODULES),
  )
  let tracker: SwapTracker | undefined
  const getTracker = once(async (): Promise<SwapTracker> => {
    // The tracker's code is its own chunk in the app: nothing is followed before the first page is usable.
    const [{ createSwapTracker }, providers] = await Promise.all([import('../swaps/trackSwaps.ts'), getProviders()])
    tracker ??= createSwapTracker({
      store,
      providers,
      manifest,
      problems,
      clock,
      ...(parameters.onTrackError ? { onError: parameters.onTrackError } : {}),
      ...(parameters.lookTimeoutMs === undefined ? {} : { lookTimeoutMs: parameters.lookTimeoutMs }),
    })
    return tracker
  })
  // A `stop` cancels what was asked before it and is still waiting for the providers.
  let generation = 0
  const withTracker = (run: (tracker: SwapTracker) => void) => {
    const asked = generation
    getTracker().then(
      (loaded) => asked === generation && run(loaded),
      (error: unknown) => console.error('[swaps] the providers failed to load; swaps are not followed', error),
    )
  }
  return {
    manifest,
    store,
    problems,
    clock,
    getChainClients,
    getProviders,
    getProvider: async (id) => {
      const provider = (await getProviders()).get(id)
      if (!provider) throw new UnexpectedError(`no provider ${id} in this deployment`)
      return provider
    },
    track: (key) => withTracker((loaded) => loaded.track(key)),
    resume: () => withTracker((loaded) => loaded.resume()),
    stop: () => {
      generation++
      tracker?.stop()
    },
  }
}
