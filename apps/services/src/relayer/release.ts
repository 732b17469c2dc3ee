import { poolBridgeAbi } from '@multi-bridge/contracts'
import type { Address } from 'viem'
import type { ChainContext } from '../shared/context.ts'
import { settlementMarginSeconds } from '../shared/margins.ts'
import { ownTransactionState } from '../shared/ownTransaction.ts'
import { chainOf, type RelayerContext, recordEvent } from './context.ts'
import { readDepositStatus, recordDepositGone } from './depositStatus.ts'
import { sendRelease } from './sendRelease.ts'
import type { RelayerTransfer } from './transferMachine.ts'

export type ReleaseTransferParameters = { transfer: RelayerTransfer }

/** Whether the destination pool has released the transfer, at `blockNumber` (the latest block without). */
async function isReleased(destination: ChainContext, transfer: RelayerTransfer, blockNumber?: bigint) {
  return destination.publicClient.readContract({
    address: destination.config.contracts.poolBridge as Address,
    abi: poolBridgeAbi,
    functionName: 'released',
    args: [transfer.transferId],
    ...(blockNumber === undefined ? {} : { blockNumber }),
  })
}

/**
 * Whether the transfer is released on its destination (by the relayer or anyone), recorded 'released' once that is
 * final. False when it is not: one a reorg dropped is sent again before the deadline.
 */
async function settleSentRelease(context: RelayerContext, transfer: RelayerTransfer): Promise<boolean> {
  const destination = chainOf(context, transfer.destinationChainId)
  if (!(await isReleased(destination, transfer))) return false
  if (await isReleased(destination, transfer, await destination.finalBlockNumber())) {
    recordEvent(context, transfer.transferId, { type: 'released', at: Date.now() })
  }
  return true
}

/**
 * One step of a pending transfer towards its release: asks the attester, re-reads the deposit at the origin's
 * final head, and pays on the destination only while the release can land before the deadline and the finalize
 * before the sender could refund unattested. A transfer the attester says was not released is recorded so and
 * never paid; one whose release is final on the destination becomes 'released'.
 */
export async function releaseTransfer(context: RelayerContext, { transfer }: ReleaseTransferParameters): Promise<void> {
  if (transfer.status !== 'pending') return
  const { transferId } = transfer
  // A release sent and mined waits only for its finality: nothing to ask the attesters or the origin meanwhile (they
  // were asked every round, for each transfer, until the destination's finality: 5-9 s of rounds every 300 ms).
  if (transfer.releaseTx && (await settleSentRelease(context, transfer))) return
  const attested = await context.attester.transfer(transferId)
  if (!attested) return
  if (attested.status === 'not-released') {
    recordEvent(context, transferId, { type: 'notReleased', at: Date.now() })
    context.log.warn('transfer was not released before its deadline; the sender can refund', { transferId })
    return
  }
  if (!attested.release) return // a pool outside the manifest: it waits for its not-released attestation
  // The attester signed at the origin's final head; check it again there before paying.
  const status = await readDepositStatus(context, { transfer, at: 'final' })
  if (await recordDepositGone(context, { transfer, status, at: 'final' })) return
  const destination = chainOf(context, transfer.destinationChainId)
  // Released by anyone else meanwhile (one the relayer sent was looked for above).
  if (!transfer.releaseTx && (await settleSentRelease(context, transfer))) return
  const now = Number((await destination.publicClient.getBlock({ blockTag: 'latest' })).timestamp)
  const margin = settlementMarginSeconds(destination, chainOf(context, transfer.originChainId))
  if (now + destination.config.blockTime > transfer.deadline) return // too late; the attester will say so
  if (now + margin > transfer.expires) {
    const reason = 'too little time before the sender could refund'
    const recorded = recordEvent(context, transferId, { type: 'held', reason, at: Date.now() })
    if (recorded && recorded.before !== recorded.after) {
      context.log.warn('not releasing: the finalize could not land before expires', { transferId })
    }
    return
  }
  // A release sent before and still in the node's pool (a slow chain: its receipt wait gave up) is waited for, not
  // sent again: the pool pays once, and each copy mined after the first reverts, its gas paid. Sent again once it is
  // gone (dropped, taken back by a reorg) or reverted.
  if (transfer.releaseTx && (await ownTransactionState(destination, transfer.releaseTx)) === 'pending') {
    await destination.waitForReceipt(transfer.releaseTx)
    return
  }
  await sendRelease(context, { transfer, destination, authorization: attested.release })
}
