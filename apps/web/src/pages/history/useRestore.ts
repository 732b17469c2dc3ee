import { listSwaps, readChain } from '@multi-bridge/core'
import { useCallback, useEffect, useRef } from 'react'
import { type Address, isAddressEqual } from 'viem'
import { restoreStore, useRestoreState } from '../../features/history/index.ts'
import { toast } from '../../features/notifications/index.ts'
import { useSwapClient, useSwaps } from '../../lib/swapClient.tsx'
import { useRestoreSwaps } from '../../lib/swapMutations.ts'

/** How often a chain Restore could not read is asked whether it answers again. */
const PROBE_INTERVAL_MS = 5_000
/** How long that question waits for an answer. */
const PROBE_TIMEOUT_MS = 4_000

type RestoreRun = { owner: Address; chainIds?: number[]; by: 'asked' | 'auto' }

/**
 * "Restore from chain", chain by chain (the swap client's `restoreSwaps`): what each chain answers is restored at once; the
 * chains that did not answer are named and read again, by the person's Retry or by themselves as soon as the chain
 * answers. An empty History with a connected wallet restores by itself, once per account on this device, quietly.
 */
export function useRestore(address: Address | undefined) {
  const client = useSwapClient()
  const { mutateAsync: restoreSwaps } = useRestoreSwaps()
  const running = useRestoreState((state) => state.running)
  const unreadChains = useRestoreState((state) => state.unreadChains)
  const owner = useRestoreState((state) => state.owner)
  const busy = useRef(false)

  const run = useCallback(
    async ({ owner, chainIds, by }: RestoreRun) => {
      if (busy.current) return
      busy.current = true
      const store = restoreStore.getState()
      store.setRunning(by)
      try {
        const result = await restoreSwaps({ owner, ...(chainIds ? { chainIds } : {}) })
        const { added } = result
        for (const chain of result.unreadChains) console.error(`[restore] ${chain.name} did not answer`, chain.error)
        for (const failed of result.failedProviders) console.error(`[restore] ${failed.name}`, failed.error)
        const previous = restoreStore.getState()
        const sameOwner = previous.owner !== undefined && isAddressEqual(previous.owner as Address, owner)
        // A retry of some chains replaces what was known of those chains only.
        const kept = chainIds && sameOwner ? previous.unreadChains.filter((chain) => !chainIds.includes(chain.id)) : []
        restoreStore.getState().setOutcome({
          owner,
          unreadChains: [...kept, ...result.unreadChains.map(({ id, name }) => ({ id, name }))],
          failedProviders: chainIds && sameOwner ? previous.failedProviders : result.failedProviders.map((p) => p.name),
          found: (chainIds && sameOwner ? (previous.found ?? 0) : 0) + result.records.length,
        })
        if (by === 'asked' || added > 0) toast('Restored {{count}} swaps from chain', { count: added })
        if (by === 'auto' && !chainIds) restoreStore.getState().markAutoRestored(owner)
      } finally {
        busy.current = false
        restoreStore.getState().setRunning(undefined)
      }
    },
    [restoreSwaps],
  )

  // An empty History with a wallet connected: look for its swaps on the chains by itself, once per account.
  const hasOwnSwaps = useSwaps((state) =>
    address ? listSwaps(state).some((swap) => isAddressEqual(swap.owner, address)) : true,
  )
  const autoRestored = useRestoreState((state) => (address ? state.autoRestored.includes(address.toLowerCase()) : true))
  useEffect(() => {
    if (!address || hasOwnSwaps || autoRestored) return
    void run({ owner: address, by: 'auto' }).catch((error: unknown) => console.error('[restore]', error))
  }, [address, hasOwnSwaps, autoRestored, run])

  // The chains that did not answer are asked again every few seconds; one that answers is read again at once.
  const probing = unreadChains.length > 0 && owner !== undefined
  useEffect(() => {
    if (!probing || !owner) return
    let stopped = false
    const probe = async () => {
      const clients = await client.getChainClients()
      const answered: number[] = []
      await Promise.all(
        restoreStore.getState().unreadChains.map(async (chain) => {
          const client = clients.get(chain.id)
          if (!client) return
          const ok = await readChain(chain, () => client.getBlockNumber({ cacheTime: 0 }), PROBE_TIMEOUT_MS).then(
            () => true,
            () => false,
          )
          if (ok) answered.push(chain.id)
        }),
      )
      if (!stopped && answered.length > 0) await run({ owner: owner as Address, chainIds: answered, by: 'auto' })
    }
    const timer = setInterval(() => {
      if (!busy.current) void probe().catch((error: unknown) => console.error('[restore] probe', error))
    }, PROBE_INTERVAL_MS)
    return () => {
      stopped = true
      clearInterval(timer)
    }
  }, [probing, owner, client, run])

  return {
    running,
    /** Restores every chain and provider for the account, as the person asked. */
    restore: (owner: Address) => run({ owner, by: 'asked' }),
    /** Reads again the chains that did not answer (for the account they were read for). */
    retryChains: () =>
      owner
        ? run({
            owner: owner as Address,
            chainIds: restoreStore.getState().unreadChains.map((chain) => chain.id),
            by: 'asked',
          })
        : Promise.resolve(),
  }
}
