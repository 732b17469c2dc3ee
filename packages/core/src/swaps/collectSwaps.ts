import type { Address } from 'viem'
import { withTimeout } from '../chains/readChain.ts'
import { chainName, type Manifest } from '../config/manifest.ts'
import { ChainUnreachableError, ProviderTimeoutError } from '../errors/unreachableErrors.ts'
import type { FoundSwap, RouteProvider } from '../providers/types.ts'
import { restoredRecord } from '../records/swapMachine.ts'
import type { SwapRecord } from '../records/types.ts'

/** The longest one chain's reading (its events, then a first look at each swap found) may take. */
export const RESTORE_CHAIN_TIMEOUT_MS = 20_000
/** The longest a provider API's listing (Relay reads up to 10 pages) may take. */
export const RESTORE_API_TIMEOUT_MS = 45_000

export type CollectSwapsParameters = {
  owner: Address
  providers: readonly RouteProvider[]
  manifest: Manifest
  /** Only these chains (a retry of the chains that did not answer): providers with an API of their own are skipped. */
  chainIds?: readonly number[]
  chainTimeoutMs?: number
  apiTimeoutMs?: number
}

export type UnreadChain = { id: number; name: string; error: unknown }
export type FailedProvider = { id: string; name: string; error: unknown; chainIds: number[] }

export type CollectSwapsReturnType = {
  /** Every swap found, from every chain and provider that answered. */
  records: SwapRecord[]
  /** The chains that were read (every provider there answered or only some did). */
  readChains: number[]
  /** Chains where no read answered, in the manifest's words: their swaps are not restored; read them again later. */
  unreadChains: UnreadChain[]
  /** Providers that failed where the chain itself answered others (an API down, one contract's reads refused). */
  failedProviders: FailedProvider[]
}

type Task = { provider: RouteProvider; chainId: number | undefined; result: Promise<FoundSwap[]> }

/**
 * Finds an owner's swaps for "Restore from chain" (the client's `restoreSwaps` merges them into History), chain by chain: each provider reads each of its chains on its own, bounded in time, so a
 * chain that does not answer costs only the swaps deposited there. What answered is returned; a chain where no
 * read answered is named (to say so and to read it again when it answers), and so is a provider that failed on
 * a chain that answered the others. Providers with an API of their own (LI.FI, Across, Relay) are one read each.
 */
export async function collectSwaps(parameters: CollectSwapsParameters): Promise<CollectSwapsReturnType> {
  const { owner, manifest } = parameters
  const chainTimeoutMs = parameters.chainTimeoutMs ?? RESTORE_CHAIN_TIMEOUT_MS
  const apiTimeoutMs = parameters.apiTimeoutMs ?? RESTORE_API_TIMEOUT_MS
  const only = parameters.chainIds ? new Set(parameters.chainIds) : undefined
  const tasks: Task[] = []
  for (const provider of parameters.providers) {
    if (provider.restoreChains && provider.findSwapsOnChain) {
      const findOnChain = provider.findSwapsOnChain.bind(provider)
      for (const chainId of provider.restoreChains()) {
        if (only && !only.has(chainId)) continue
        // The work starts inside the guard: a provider that throws at once fails this chain only.
        const work = Promise.resolve().then(() => findOnChain(owner, chainId))
        const result = withTimeout(
          work,
          chainTimeoutMs,
          () => new ChainUnreachableError(chainId, chainName(manifest, chainId)),
        )
        tasks.push({ provider, chainId, result })
      }
    } else if (!only) {
      const work = Promise.resolve().then(() => provider.findSwaps(owner))
      const result = withTimeout(work, apiTimeoutMs, () => new ProviderTimeoutError(provider.name, apiTimeoutMs))
      tasks.push({ provider, chainId: undefined, result })
    }
  }
  const settled = await Promise.allSettled(tasks.map((task) => task.result))

  const records: SwapRecord[] = []
  const perChain = new Map<number, { answered: boolean; error?: unknown }>()
  const failures: { task: Task; error: unknown }[] = []
  settled.forEach((outcome, i) => {
    const task = tasks[i] as Task
    if (outcome.status === 'fulfilled') records.push(...outcome.value.map(restoredRecord))
    else failures.push({ task, error: outcome.reason })
    if (task.chainId === undefined) return
    const chain = perChain.get(task.chainId) ?? { answered: false }
    if (outcome.status === 'fulfilled') chain.answered = true
    else chain.error ??= outcome.reason
    perChain.set(task.chainId, chain)
  })

  const unreadChains: UnreadChain[] = []
  const readChains: number[] = []
  for (const [id, chain] of perChain) {
    if (chain.answered) readChains.push(id)
    else unreadChains.push({ id, name: chainName(manifest, id), error: chain.error })
  }
  const unread = new Set(unreadChains.map((chain) => chain.id))
  const failedProviders: FailedProvider[] = []
  for (const { task, error } of failures) {
    // A chain that answered nobody is said once, as the chain; not again as each provider on it.
    if (task.chainId !== undefined && unread.has(task.chainId)) continue
    const known = failedProviders.find((failed) => failed.id === task.provider.id)
    if (known) {
      if (task.chainId !== undefined) known.chainIds.push(task.chainId)
      continue
    }
    failedProviders.push({
      id: task.provider.id,
      name: task.provider.name,
      error,
      chainIds: task.chainId === undefined ? [] : [task.chainId],
    })
  }
  return { records, readChains, unreadChains, failedProviders }
}
