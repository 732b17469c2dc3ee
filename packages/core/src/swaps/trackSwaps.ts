import type { StoreApi } from 'zustand/vanilla'
import type { Manifest } from '../config/manifest.ts'
import { getManifestChain } from '../config/manifest.ts'
import type { RouteProvider } from '../providers/types.ts'
import type { SwapStoreState } from './swapStore.ts'
import { isFinalSwapStatus, type SwapRecord, type SwapUpdate } from './types.ts'

export type SwapTracker = {
  /** Follows every unfinished swap in the store (call after a reload too). */
  resume: () => void
  track: (key: string) => void
  stop: () => void
}

/**
 * Follows swaps from receipts and events on both chains to a final state, polling at the pace of
 * the destination chain's blocks. Status only ever comes from the chains.
 */
export function createSwapTracker(parameters: {
  store: StoreApi<SwapStoreState>
  providers: ReadonlyMap<string, RouteProvider>
  manifest: Manifest
  /** Called after each failed look (RPC down…); tracking goes on. */
  onError?: (error: unknown, record: SwapRecord) => void
}): SwapTracker {
  const running = new Map<string, AbortController>()

  const intervalFor = (record: SwapRecord) => {
    const blockTime = getManifestChain(parameters.manifest, record.destination.token.chainId)?.blockTime ?? 2
    const base =
      parameters.providers.get(record.providerId)?.pollIntervalMs ?? Math.max(500, Math.min(blockTime * 500, 5_000))
    // A refundable swap changes only when someone refunds it: look less often.
    return record.status === 'refundable' ? base * 4 : base
  }

  async function follow(key: string, signal: AbortSignal) {
    while (!signal.aborted) {
      const record = parameters.store.getState().swaps[key]
      if (!record || isFinalSwapStatus(record.status)) break
      const provider = parameters.providers.get(record.providerId)
      if (!provider) break
      try {
        let change: SwapUpdate
        if (record.id === record.key && record.depositTx) change = await provider.onDepositMined(record)
        else if (record.id !== record.key) change = await provider.track(record)
        else change = {}
        if (signal.aborted) break
        const latest = parameters.store.getState().swaps[key]
        if (latest && Object.keys(change).length > 0) {
          // Refunding is driven by the person; tracking must not overwrite that phase.
          const next = { ...latest, ...change, updatedAt: Date.now() }
          if (latest.phase === 'refunding' && change.status === 'refundable') next.phase = 'refunding'
          parameters.store.getState().upsert(next)
        }
      } catch (error) {
        parameters.onError?.(error, record)
      }
      await new Promise((resolve) => setTimeout(resolve, intervalFor(record)))
    }
    running.delete(key)
  }

  const track = (key: string) => {
    if (running.has(key)) return
    const controller = new AbortController()
    running.set(key, controller)
    void follow(key, controller.signal)
  }

  return {
    track,
    resume: () => {
      for (const record of Object.values(parameters.store.getState().swaps)) {
        if (!isFinalSwapStatus(record.status)) track(record.key)
      }
    },
    stop: () => {
      for (const controller of running.values()) controller.abort()
      running.clear()
    },
  }
}
