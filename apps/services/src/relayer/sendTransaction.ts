import type { Hex } from 'viem'
import type { ChainContext } from '../shared/context.ts'
import { ServiceError } from '../shared/errors.ts'
import { cappedGas } from '../shared/gasCap.ts'
import type { ContractWrite } from '../shared/sender.ts'

export type SendTransactionParameters = {
  request: ContractWrite
  /** Most gas it may be sent with: an estimate above it fails with GAS_ABOVE_CAP, nothing sent. */
  gasCap?: bigint
  /**
   * Records the transaction's hash: called once it is signed, before the node is asked (and again with the node's
   * answer, the same hash), so before anything that can throw once the node may hold it, its receipt wait included.
   */
  onSent: (hash: Hex) => void
}

/**
 * Sends `request` on `chain` in its turn after estimating it (a revert surfaces decoded, nothing sent), with no more
 * gas than `gasCap`, records its hash (`onSent`), then waits for its receipt. Returns the hash of a successful
 * transaction; throws on a revert, and when the receipt wait gives up (the hash is recorded by then: the caller's next
 * round waits for that transaction while the node holds it, instead of sending another).
 */
export async function sendTransaction(
  chain: ChainContext,
  { request, gasCap, onSent }: SendTransactionParameters,
): Promise<Hex> {
  const estimate = await chain.publicClient.estimateContractGas(request as never)
  const capped = gasCap === undefined ? { gas: estimate } : cappedGas(estimate, gasCap)
  if ('problem' in capped) throw new ServiceError(capped.problem, { code: 'GAS_ABOVE_CAP' })
  const hash = await chain.send(request, capped.gas, { onSigned: onSent })
  onSent(hash)
  const receipt = await chain.waitForReceipt(hash)
  if (receipt.status !== 'success') {
    throw new ServiceError(`transaction ${hash} reverted`, { code: 'TRANSACTION_REVERTED' })
  }
  return hash
}
