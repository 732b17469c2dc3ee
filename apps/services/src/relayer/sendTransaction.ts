import type { Hex } from 'viem'
import type { ChainContext } from '../shared/context.ts'
import { ServiceError } from '../shared/errors.ts'
import { cappedGas } from '../shared/gasCap.ts'

export type SendTransactionParameters = {
  request: Parameters<ChainContext['walletClient']['writeContract']>[0]
  /** Most gas it may be sent with: an estimate above it fails with GAS_ABOVE_CAP, nothing sent. */
  gasCap?: bigint
}

/**
 * Sends `request` on `chain` through its send queue after estimating it (a revert surfaces decoded, nothing sent),
 * and waits for its receipt. Returns the hash of a successful transaction; throws on a revert.
 */
export async function sendTransaction(
  chain: ChainContext,
  { request, gasCap }: SendTransactionParameters,
): Promise<Hex> {
  const hash = await chain.sendQueue.run(async () => {
    const estimate = await chain.publicClient.estimateContractGas(request as never)
    if (gasCap === undefined) return chain.walletClient.writeContract(request)
    const capped = cappedGas(estimate, gasCap)
    if ('problem' in capped) throw new ServiceError(capped.problem, { code: 'GAS_ABOVE_CAP' })
    return chain.walletClient.writeContract({ ...request, gas: capped.gas })
  })
  const receipt = await chain.waitForReceipt(hash)
  if (receipt.status !== 'success') {
    throw new ServiceError(`transaction ${hash} reverted`, { code: 'TRANSACTION_REVERTED' })
  }
  return hash
}
