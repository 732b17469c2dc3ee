import type { Hash, PublicClient, TransactionReceipt } from 'viem'
import { TransactionNotConfirmedError, TransactionReplacedError } from '../routes/routeErrors.ts'

/**
 * Waits for a transaction the wallet sent, and follows the wallet's own replacement of it at the same nonce (viem's
 * `onReplaced`): sped up (the same call at a higher price) is the transaction from then on, under its new hash;
 * cancelled, or replaced by another call, means what was sent will never be mined (`TransactionReplacedError`).
 * A receipt under another hash that viem did not call a speed-up is taken as a replacement too. A wait that ends
 * without a receipt (viem's time-out, an RPC that stops answering) is `TransactionNotConfirmedError`: sent, maybe
 * still mined, never a failure.
 */
export async function waitForSent(
  client: Pick<PublicClient, 'waitForTransactionReceipt'> & { chain?: { name: string } | undefined },
  hash: Hash,
): Promise<{ hash: Hash; receipt: TransactionReceipt }> {
  let repriced = false
  const receipt = await client
    .waitForTransactionReceipt({
      hash,
      onReplaced: (replacement) => {
        repriced = replacement.reason === 'repriced'
      },
    })
    .catch((error: unknown) => {
      throw new TransactionNotConfirmedError(hash, client.chain?.name ?? 'the network', error)
    })
  const mined = receipt.transactionHash
  if (mined.toLowerCase() !== hash.toLowerCase() && !repriced) throw new TransactionReplacedError(hash, mined)
  return { hash: mined, receipt }
}
