import type { Hash, PublicClient, TransactionReceipt } from 'viem'
import { TransactionReplacedError } from '../routes/routeErrors.ts'

/**
 * Waits for a transaction the wallet sent, and follows the wallet's own replacement of it at the same nonce (viem's
 * `onReplaced`): sped up (the same call at a higher price) is the transaction from then on, under its new hash;
 * cancelled, or replaced by another call, means what was sent will never be mined (`TransactionReplacedError`).
 * A receipt under another hash that viem did not call a speed-up is taken as a replacement too.
 */
export async function waitForSent(
  client: Pick<PublicClient, 'waitForTransactionReceipt'>,
  hash: Hash,
): Promise<{ hash: Hash; receipt: TransactionReceipt }> {
  let repriced = false
  const receipt = await client.waitForTransactionReceipt({
    hash,
    onReplaced: (replacement) => {
      repriced = replacement.reason === 'repriced'
    },
  })
  const mined = receipt.transactionHash
  if (mined.toLowerCase() !== hash.toLowerCase() && !repriced) throw new TransactionReplacedError(hash, mined)
  return { hash: mined, receipt }
}
