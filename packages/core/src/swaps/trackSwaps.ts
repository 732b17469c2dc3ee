import type { Hex } from 'viem'
import type { StoreApi } from 'zustand/vanilla'
import type { Manifest } from '../config/manifest.ts'
import { getManifestChain } from '../config/manifest.ts'
import type { RouteProvider } from '../providers/types.ts'
import type { SwapStoreState } from './swapStore.ts'
import { isFinalSwapStatus, type SwapRecord } from './types.ts'

export type SwapTracker = {
  /** Follows every unfinished swap in the store (call after a reload too). */
  resume: () => void
  track: (key: string) => void
  stop: () => void
}

/**
 * Follows swaps from receipts and events on both chains (or the provider's API) to a final state, polling at
 * the pace of the destination chain's blocks. Each look is an event applied by the state machine.
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
    // A refundable swap changes only when someone refunds it, a failed transfer only when the provider
    // recovers it: look less often.
    return record.status === 'refundable' || record.status === 'providerFailed' ? base * 4 : base
  }

  async function follow(key: string, signal: AbortSignal) {
    while (!signal.aborted) {
      const record = parameters.store.getState().swaps[key]
      if (!record || record.status === 'failed' || isFinalSwapStatus(record.status)) break
      const provider = parameters.providers.get(record.providerId)
      if (!provider) break
      // A swap whose deposit was never sent has nothing on chain to follow.
      if (record.status === 'signing' && !record.depositTx) break
      try {
        const event =
          record.status === 'signing'
            ? await provider.onDepositMined({ ...record, depositTx: record.depositTx as Hex })
            : await provider.track(record)
        if (signal.aborted) break
        // Through the state machine, against the latest copy: a look that started before a refund was mined
        // cannot take the swap back.
        parameters.store.getState().apply(key, event)
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
