import { depositFromTuple, poolBridgeAbi, poolBridgeStatus } from '@multi-bridge/contracts'
import type { Address } from 'viem'
import { chainOf, type RelayerContext, recordEvent } from './context.ts'
import type { RelayerTransfer } from './transferMachine.ts'

export type ReadDepositStatusParameters = {
  transfer: RelayerTransfer
  /** The origin's final head, or its latest block. */
  at: 'final' | 'latest'
}

/** The deposit's status on the origin pool (one of `poolBridgeStatus`), at the final head or the latest block. */
export async function readDepositStatus(
  context: Pick<RelayerContext, 'chains'>,
  { transfer, at }: ReadDepositStatusParameters,
): Promise<number> {
  const origin = chainOf(context, transfer.originChainId)
  const blockNumber = at === 'final' ? await origin.finalBlockNumber() : undefined
  const deposit = await origin.publicClient.readContract({
    address: origin.config.contracts.poolBridge as Address,
    abi: poolBridgeAbi,
    functionName: 'deposits',
    args: [transfer.transferId],
    ...(blockNumber === undefined ? {} : { blockNumber }),
  })
  return depositFromTuple(deposit).status
}

export type RecordDepositGoneParameters = ReadDepositStatusParameters & {
  /** The deposit's status, read at `at`. */
  status: number
}

/**
 * Records a deposit that is gone from the origin (refunded to its sender, or no longer there), once that is final
 * there; true when it is gone. A status read at the latest block is confirmed at the final head first: a refund a
 * reorg may still take back is not the end of the transfer yet.
 */
export async function recordDepositGone(
  context: Pick<RelayerContext, 'chains' | 'store' | 'log'>,
  { transfer, status, at }: RecordDepositGoneParameters,
): Promise<boolean> {
  if (status !== poolBridgeStatus.Refunded && status !== poolBridgeStatus.None) return false
  if (at === 'latest' && (await readDepositStatus(context, { transfer, at: 'final' })) !== status) return true
  const outcome = status === poolBridgeStatus.Refunded ? 'refunded' : 'missing'
  recordEvent(context, transfer.transferId, { type: 'depositGone', outcome, at: Date.now() })
  const fields = { transferId: transfer.transferId, releaseTx: transfer.releaseTx }
  if (transfer.status === 'released') {
    context.log.error('released a deposit that the origin no longer holds', { ...fields, alert: true })
  } else context.log.warn(outcome === 'refunded' ? 'deposit was refunded' : 'deposit no longer exists', fields)
  return true
}
