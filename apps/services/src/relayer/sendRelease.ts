import { poolBridgeAbi } from '@multi-bridge/contracts'
import type { Address, Hex } from 'viem'
import type { AttesterTransfer } from '../shared/attesterClient.ts'
import type { ChainContext } from '../shared/context.ts'
import { type RelayerContext, recordEvent } from './context.ts'
import { releaseDeclineReason } from './releaseDecline.ts'
import { sendTransaction } from './sendTransaction.ts'
import type { RelayerTransfer } from './transferMachine.ts'

/**
 * Most gas a release may cost: the pool pays native coin with a fixed stipend, so a release costs about 135,000 at
 * most whoever the recipient (estimated at about 170,000, the stipend's headroom included); one the estimate puts
 * above this is declined (the sender is refunded), not paid.
 */
export const RELEASE_GAS_CAP = 200_000n

export type SendReleaseParameters = {
  transfer: RelayerTransfer
  destination: ChainContext
  /** The attester's release authorization for the transfer. */
  authorization: NonNullable<AttesterTransfer['release']>
}

/**
 * Sends the release on the destination pool, under the gas cap, and records it sent (before its receipt comes). One that would revert for
 * good (or cost more than the cap) is declined instead, recorded and never retried; other failures throw, and the
 * next round tries again. Returns the release's hash, or undefined when declined.
 */
export async function sendRelease(
  context: Pick<RelayerContext, 'store' | 'log' | 'account'>,
  { transfer, destination, authorization }: SendReleaseParameters,
): Promise<Hex | undefined> {
  const { transferId } = transfer
  const { signatures, ...release } = authorization
  const request = {
    address: destination.config.contracts.poolBridge as Address,
    abi: poolBridgeAbi,
    functionName: 'release',
    args: [{ ...release, originChainId: BigInt(release.originChainId), amount: BigInt(release.amount) }, signatures],
    account: context.account,
    chain: destination.chain,
  } as const
  let releaseTx: Hex
  await context.store.flush() // the transfer is in the database before money moves for it
  // Recorded before its receipt is waited for: after a wait that gave up (a slow chain), the next round finds it and
  // waits for it while the node holds it, instead of sending a second release (release.ts).
  const onSent = (tx: Hex) => recordEvent(context, transferId, { type: 'releaseSent', tx, at: Date.now() })
  try {
    releaseTx = await sendTransaction(destination, { request, gasCap: RELEASE_GAS_CAP, onSent })
  } catch (error) {
    const reason = releaseDeclineReason(error)
    if (reason === undefined) throw error
    recordEvent(context, transferId, { type: 'declined', reason, at: Date.now() })
    context.log.warn('transfer declined', { transferId, reason })
    return undefined
  }
  context.log.info('transfer released', { transferId, chainId: destination.config.id, tx: releaseTx })
  return releaseTx
}
