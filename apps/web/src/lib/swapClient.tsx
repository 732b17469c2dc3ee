import {
  createSwapClient,
  HISTORY_STORAGE_KEY,
  type Manifest,
  type SwapClient,
  type SwapRecord,
  type SwapStoreState,
  syncHistory,
  type TrackProblem,
  UnexpectedError,
} from '@multi-bridge/core'
import { createContext, type ReactNode, useContext } from 'react'
import { useStore } from 'zustand'
import { safeStorage } from './safeStorage.ts'

/**
 * The app's swap client for its manifest (core's `createSwapClient`): History kept in localStorage under
 * `__persist__history`; a look at a swap that fails is logged and tried again. Made once, when the app mounts.
 */
export function createAppSwapClient(manifest: Manifest): SwapClient {
  const client = createSwapClient({
    manifest,
    storage: safeStorage,
    onTrackError: (error, record) => console.warn('[tracker] look failed; retrying', record.id, error),
  })
  // Another tab saved History (a swap made there, a refund): taken in here, and followed from here too.
  window.addEventListener('storage', (event) => {
    if (event.key !== HISTORY_STORAGE_KEY) return
    syncHistory(client.store, safeStorage)
    client.resume()
  })
  return client
}

const SwapClientContext = createContext<SwapClient | undefined>(undefined)

export function SwapClientProvider({ client, children }: { client: SwapClient; children: ReactNode }) {
  return <SwapClientContext.Provider value={client}>{children}</SwapClientContext.Provider>
}

/** The app's swap client: its store, providers and tracker. */
export function useSwapClient(): SwapClient {
  const client = useContext(SwapClientContext)
  if (!client) throw new UnexpectedError('useSwapClient outside SwapClientProvider')
  return client
}

/** A part of the swaps' store (History and the drafts), re-rendered when it changes. */
export const useSwaps = <T,>(selector: (state: SwapStoreState) => T): T => useStore(useSwapClient().store, selector)

/** One swap by its key, from its review (a draft) to History: the one record every screen shows. */
export const useSwap = (key: string | undefined): SwapRecord | undefined =>
  useSwaps((state) => (key === undefined ? undefined : (state.swaps[key] ?? state.drafts[key])))

/**
 * This device's time (seconds) read on `chainId`'s clock: deadlines and deposit times are the chain's. Read again at
 * each render; the screens that count time re-render every second or few.
 */
export const useChainTime = (deviceNow: number, chainId: number): number =>
  deviceNow + useSwapClient().clock.offset(chainId)

/** Why the looks at a swap fail now (a chain or service that does not answer), while they fail. */
export const useTrackProblem = (key: string): TrackProblem | undefined =>
  useStore(useSwapClient().problems, (state) => state.problems[key])

/** Every swap whose looks fail now, by record key (History's rows, the count of swaps under way). */
export const useTrackProblems = (): Readonly<Record<string, TrackProblem>> =>
  useStore(useSwapClient().problems, (state) => state.problems)

/**
 * Loads the providers once the page is idle and follows every unfinished swap. Pages call it after their first
 * useful paint: providers and tracking are not needed to paint.
 */
export function preloadSwapClient(client: SwapClient): void {
  const load = () => {
    client.getProviders().catch((error: unknown) => console.error('[app] the providers failed to load', error))
    // Swaps in progress keep being followed after a reload.
    client.resume()
  }
  if ('requestIdleCallback' in window) window.requestIdleCallback(load, { timeout: 2_000 })
  else setTimeout(load, 200)
}
