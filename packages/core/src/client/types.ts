import type { StoreApi } from 'zustand/vanilla'
import type { ChainClients } from '../chains/chainClients.ts'
import type { ChainClock } from '../chains/chainClock.ts'
import type { Manifest } from '../config/manifest.ts'
import type { RouteProvider } from '../providers/types.ts'
import type { SwapStoreState } from '../swaps/swapStore.ts'
import type { TrackProblemsState } from '../swaps/trackProblems.ts'

/**
 * One object that owns a swap's whole life, as wagmi's config does for connections (see `createSwapClient`): the
 * History store, the chain clients, the providers (loaded on first use) and the tracker. The actions
 * (`draftSwap`, `executeSwap`, `refundSwap`, `restoreSwaps`) and the tracker are the store's only writers; a
 * screen reads a swap from the store by its key.
 */
export type SwapClient = {
  readonly manifest: Manifest
  /**
   * Every swap by key: the drafts under review or being signed (in memory), then History (kept in the storage
   * given) once a deposit exists. One record per swap, under one key, from the review to History.
   */
  readonly store: StoreApi<SwapStoreState>
  /** The swaps whose looks fail now (a chain or service that does not answer), live. */
  readonly problems: StoreApi<TrackProblemsState>
  /** How far each chain's clock is from this device's (deadlines are the chains' times). */
  readonly clock: ChainClock
  /** The read clients of the manifest's chains, created on first use. */
  getChainClients: () => Promise<ChainClients>
  /** The providers the manifest configures, their code loaded on first use; a failed load is tried again next call. */
  getProviders: () => Promise<ReadonlyMap<string, RouteProvider>>
  /** One provider; UnexpectedError when this deployment has none of that id. */
  getProvider: (id: string) => Promise<RouteProvider>
  /** Follows a stored swap to a final state (once the providers are loaded); a swap followed already is left as is. */
  track: (key: string) => void
  /** Follows every unfinished swap of the store (after a reload, after a restore). */
  resume: () => void
  /** Stops following every swap. */
  stop: () => void
}
