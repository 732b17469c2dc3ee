import { poolBridgeAbi, poolBridgeStatus } from '@multi-bridge/contracts'
import type { Address, Hex } from 'viem'
import { ownTransactionState } from '../shared/ownTransaction.ts'
import { chainOf, type RelayerContext, recordEvent } from './context.ts'
import { readDepositStatus, recordDepositGone } from './depositStatus.ts'
import { sendTransaction } from './sendTransaction.ts'
import type { RelayerTransfer } from './transferMachine.ts'

export type FinalizeTransferParameters = { transfer: RelayerTransfer }

/**
 * One step of a released transfer towards its finalize on the origin, with the attester's released attestation.
 * 'finalized' is recorded once the finalize is final on the origin; one a reorg drops is sent again.
 */
export async function finalizeTransfer(context: RelayerContext, { transfer }: FinalizeTransferParameters) {
  if (transfer.status !== 'released') return
  const { transferId } = transfer
  const status = await readDepositStatus(context, { transfer, at: 'latest' })
  if (await recordDepositGone(context, { transfer, status, at: 'latest' })) return
  if (status === poolBridgeStatus.Finalized) {
    if ((await readDepositStatus(context, { transfer, at: 'final' })) === poolBridgeStatus.Finalized) {
      recordEvent(context, transferId, { type: 'finalized', at: Date.now() })
      context.log.info('transfer finalized', { transferId })
    }
    return
  }
  const attested = await context.attester.transfer(transferId)
  if (attested?.status !== 'released' || !attested.attestation) return
  const origin = chainOf(context, transfer.originChainId)
  // One sent before and still in the node's pool is waited for, not sent again (as a release is, release.ts).
  if (transfer.finalizeTx && (await ownTransactionState(origin, transfer.finalizeTx)) === 'pending') {
    await origin.waitForReceipt(transfer.finalizeTx)
    return
  }
  const request = {
    address: origin.config.contracts.poolBridge as Address,
    abi: poolBridgeAbi,
    functionName: 'finalize',
    args: [transferId, attested.attestation.signatures],
    account: context.account,
    chain: origin.chain,
  } as const
  await context.store.flush()
  // Recorded before its receipt is waited for (see sendTransaction).
  const onSent = (tx: Hex) => recordEvent(context, transferId, { type: 'finalizeSent', tx, at: Date.now() })
  await sendTransaction(origin, { request, onSent })
}
