import { type Hex, TransactionReceiptNotFoundError } from 'viem'
import { clientFor } from '../chains/chainClients.ts'
import { readChain } from '../chains/readChain.ts'
import { getManifestChain } from '../config/manifest.ts'
import { restoredRecord } from '../records/swapMachine.ts'
import type { SwapRecord } from '../records/types.ts'
import type { SwapClient } from './types.ts'

export type FindSwapParameters = {
  /** The chain the deposit was sent on. */
  chainId: number
  /** The deposit's transaction hash. */
  hash: Hex
}

export type FindSwapReturnType =
  /**
   * The swap, and whether it is this device's own (in History) or was read from the chains for this receipt;
   * `providerWord`: its destination side is the provider's answer (see `FoundSwap`).
   */
  | { record: SwapRecord; inHistory: boolean; providerWord?: boolean }
  /** No provider knows the transaction as a deposit (or it is not mined yet). */
  | undefined

/**
 * The receipt: the swap whose deposit is the transaction `hash` on `chainId`. History's own when it has it; otherwise
 * read from the chains by every provider that can (`findSwapByDeposit`: the contract called, its deposit event) and
 * brought to what a first look saw, without a wallet and without keeping it. The transaction's receipt is read once. A chain that does not answer throws
 * `ChainUnreachableError` naming it.
 */
export async function findSwap(client: SwapClient, { chainId, hash }: FindSwapParameters): Promise<FindSwapReturnType> {
  const wanted = hash.toLowerCase()
  const own = Object.values(client.store.getState().swaps).find(
    (swap) => swap.origin.token.chainId === chainId && swap.depositTx?.toLowerCase() === wanted,
  )
  if (own) return { record: own, inHistory: true }
  const chain = getManifestChain(client.manifest, chainId)
  if (!chain) return undefined
  // Read once, for every provider: a transaction not mined, or reverted, is no deposit.
  const clients = await client.getChainClients()
  const receipt = await readChain(chain, () => clientFor(clients, chainId).getTransactionReceipt({ hash })).catch(
    (error: unknown) => {
      if (error instanceof TransactionReceiptNotFoundError) return undefined
      throw error
    },
  )
  if (receipt?.status !== 'success') return undefined
  const providers = [...(await client.getProviders()).values()]
  const found = await Promise.all(providers.map((provider) => provider.findSwapByDeposit?.(chainId, receipt)))
  const first = found.find((swap) => swap !== undefined)
  if (!first) return undefined
  return { record: restoredRecord(first), inHistory: false, ...(first.providerWord ? { providerWord: true } : {}) }
}
