import { poolBridgeAbi, poolBridgeStatus } from '@multi-bridge/contracts'
import type { Address } from 'viem'
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
  const request = {
    address: origin.config.contracts.poolBridge as Address,
    abi: poolBridgeAbi,
    functionName: 'finalize',
    args: [transferId, attested.attestation.signatures],
    account: context.account,
    chain: origin.chain,
  } as const
  await context.store.flush()
  const finalizeTx = await sendTransaction(origin, { request })
  recordEvent(context, transferId, { type: 'finalizeSent', tx: finalizeTx, at: Date.now() })
}
