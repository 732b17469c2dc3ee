import { type Hex, TransactionNotFoundError, TransactionReceiptNotFoundError } from 'viem'
import type { ChainContext } from './context.ts'

/**
 * Where a transaction the service sent itself is: mined (successful), mined and reverted, still in the node's pool, or
 * gone (dropped, taken back by a reorg, or never taken by this node). A payout (a fill, a claim, a release, a
 * finalize) is sent again only once its last one is gone or reverted: while it is pending the service waits for it,
 * since every copy is paid for once mined and the contract pays only the first.
 */
export async function ownTransactionState(
  chain: Pick<ChainContext, 'publicClient'>,
  hash: Hex,
): Promise<'mined' | 'reverted' | 'pending' | 'gone'> {
  const receipt = await chain.publicClient.getTransactionReceipt({ hash }).catch((error: unknown) => {
    if (error instanceof TransactionReceiptNotFoundError) return undefined
    throw error
  })
  if (receipt) return receipt.status === 'success' ? 'mined' : 'reverted'
  const pending = await chain.publicClient.getTransaction({ hash }).catch((error: unknown) => {
    if (error instanceof TransactionNotFoundError) return undefined
    throw error
  })
  return pending ? 'pending' : 'gone'
}
