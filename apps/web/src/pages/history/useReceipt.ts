import { findSwap, type SwapRecord, swapProgress } from '@multi-bridge/core'
import { useQuery } from '@tanstack/react-query'
import type { Hex } from 'viem'
import { useManifest } from '../../lib/ManifestContext.tsx'
import { receiptKeys } from '../../lib/queryKeys.ts'
import type { PageOptions } from '../../lib/routes.ts'
import { useSwapClient } from '../../lib/swapClient.tsx'

/** How often a receipt of a swap still under way is read again. */
const FOLLOW_MS = 10_000

/**
 * History's receipt (`?chain=<id>&tx=<hash>`): the swap whose deposit is that transaction, read from the chains by
 * core's `findSwap` (History's own copy when this device has it), read again while it is under way. `problem` says
 * what is wrong with the link itself; `requested` is false when the page was opened without one.
 */
export function useReceipt(options: PageOptions) {
  const manifest = useManifest()
  const client = useSwapClient()
  const requested = options.chain !== undefined || options.tx !== undefined
  const chainId = Number(options.chain)
  const chain = manifest.chains.find((listed) => listed.id === chainId)
  const hash = options.tx ?? ''
  const problem = !requested
    ? undefined
    : !chain
      ? ('chain' as const)
      : !/^0x[0-9a-fA-F]{64}$/.test(hash)
        ? ('hash' as const)
        : undefined
  const query = useQuery({
    queryKey: receiptKeys.deposit(chainId, hash),
    enabled: requested && problem === undefined,
    // null, not undefined, for no deposit: a query's data is never undefined.
    queryFn: async () => (await findSwap(client, { chainId, hash: hash as Hex })) ?? null,
    refetchInterval: (current) => {
      const found = current.state.data
      return found && !found.inHistory && swapProgress(found.record.status) === 'swapping' ? FOLLOW_MS : false
    },
  })
  return { requested, problem, chainName: chain?.name ?? options.chain ?? '', query }
}

/** Whether two records are the same deposit (one chain, one transaction). */
export const sameDeposit = (a: SwapRecord, b: SwapRecord): boolean =>
  a.depositTx !== undefined &&
  a.origin.token.chainId === b.origin.token.chainId &&
  a.depositTx.toLowerCase() === b.depositTx?.toLowerCase()
