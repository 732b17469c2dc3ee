import { type Address, type Hash, isAddressEqual, type PublicClient } from 'viem'
import type { CallsStatus } from './walletAdapter.ts'

/**
 * The topic of Safe's `ExecutionSuccess(bytes32 txHash, uint256 payment)` (v1.3: `txHash` in the data; v1.4:
 * indexed): keccak256 of that signature, written out so that no hashing runs when the app's entry loads
 * (`safeExecution.test.ts` checks it).
 */
const EXECUTION_SUCCESS = '0x442e715f626346e8c54381002da614f62bee8d27386535b2521ec8540898556e'

/**
 * Whether the transaction `hash`, as the app's own node has it, executed the Safe transaction `safeTxHash` of `safe`:
 * its receipt holds the Safe's `ExecutionSuccess` for that hash. A hash the node does not know is not.
 */
export async function executedSafeTransaction(
  client: Pick<PublicClient, 'getTransactionReceipt'>,
  parameters: { safe: Address; safeTxHash: Hash; hash: Hash },
): Promise<boolean> {
  const receipt = await client.getTransactionReceipt({ hash: parameters.hash }).catch(() => undefined)
  if (receipt?.status !== 'success') return false
  const wanted = parameters.safeTxHash.toLowerCase()
  return receipt.logs.some(
    (log) =>
      isAddressEqual(log.address, parameters.safe) &&
      log.topics[0] === EXECUTION_SUCCESS &&
      // 1.4: the hash indexed; 1.3: the first word of the data.
      (log.topics[1]?.toLowerCase() === wanted || log.data.slice(0, 66).toLowerCase() === wanted),
  )
}

/**
 * A Safe batch's status (`CallsStatus`, whose id is the safeTxHash) as far as the app's own node proves it: what the
 * Safe's host says was executed counts only once the node shows that transaction executing it
 * (`executedSafeTransaction`); until then the batch is still waiting. The host (Safe{Wallet}'s frame) is told of and
 * reads every hash through its own node: a host that names another transaction never makes a swap followed by it.
 */
export async function provenSafeStatus(
  client: Pick<PublicClient, 'getTransactionReceipt'>,
  parameters: { safe: Address; safeTxHash: Hash; status: CallsStatus },
): Promise<CallsStatus> {
  const { status, safe, safeTxHash } = parameters
  const proven: Hash[] = []
  for (const hash of status.outcome.hashes) {
    if (await executedSafeTransaction(client, { safe, safeTxHash, hash })) proven.push(hash)
  }
  if (proven.length > 0) return { done: status.done, outcome: { ...status.outcome, hashes: proven } }
  // Nothing executed that the node shows: still waiting, whatever the host said (a failure it says stays one).
  const failed = status.done && status.outcome.complete !== true
  return { done: failed, outcome: { hashes: [], ...(status.outcome.error ? { error: status.outcome.error } : {}) } }
}
