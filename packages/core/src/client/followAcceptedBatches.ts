import type { Hash } from 'viem'
import { handedOver, type SwapRecord } from '../records/types.ts'
import type { CallsStatus, WalletAdapter } from '../swaps/walletAdapter.ts'
import type { SwapClient } from './types.ts'

export type FollowAcceptedBatchesReturnType = {
  /** Swaps whose batch the wallet is still sending: ask again later. */
  waiting: number
  /** Swaps moved on: their deposit's hash known (and followed from now on), or known never sent. */
  settled: number
}

/** The swaps of History handed over to `owner`'s wallet as a batch, their deposit's hash not known (`handedOver`). */
export function acceptedBatches(swaps: Readonly<Record<string, SwapRecord>>, owner: string): SwapRecord[] {
  return Object.values(swaps).filter(
    (record) => handedOver(record)?.kind === 'calls' && record.owner.toLowerCase() === owner.toLowerCase(),
  )
}

/**
 * The deposit's hash in a batch's outcome: the call at the batch's `depositIndex`, the ones before it approvals. A swap
 * kept before the index was (none) has its deposit last: known only once every call is through.
 */
function depositOf(
  batch: { depositIndex?: number },
  status: CallsStatus,
): { depositTx?: Hash; approveTxs: Hash[] } | undefined {
  const { hashes } = status.outcome
  if (batch.depositIndex !== undefined) {
    const depositTx = hashes[batch.depositIndex]
    return { ...(depositTx ? { depositTx } : {}), approveTxs: hashes.slice(0, batch.depositIndex) }
  }
  if (status.complete) return { depositTx: hashes.at(-1), approveTxs: hashes.slice(0, -1) }
  // Stopped short, and which call was the deposit is not known: only a batch that sent nothing can be judged.
  return hashes.length === 0 ? { approveTxs: [] } : undefined
}

/**
 * Swaps whose batch the wallet accepted (EIP-5792) but whose deposit's hash this page never learnt: the wait for the
 * batch failed, or the page was closed or reloaded before it ended. Only the wallet that sent the batch knows its
 * calls' hashes, so it is asked (`wallet.callsStatus`), for the swaps of its account:
 * - the deposit is among the calls sent: the swap goes on as any sent deposit (`depositSent`), and is followed;
 * - the wallet is done with the batch and never sent the deposit: the swap failed, nothing of it left the wallet but
 *   the approvals (`batchIncomplete`);
 * - still sending, or the wallet's status did not answer: left as it is, counted in `waiting` (ask again later);
 * - a batch the wallet does not know (another wallet, or it forgot): left as it is.
 */
export async function followAcceptedBatches(
  client: SwapClient,
  parameters: { wallet: WalletAdapter },
): Promise<FollowAcceptedBatchesReturnType> {
  const { wallet } = parameters
  const result = { waiting: 0, settled: 0 }
  const callsStatus = wallet.callsStatus
  if (!callsStatus) return result
  for (const record of acceptedBatches(client.store.getState().swaps, wallet.account)) {
    const batch = handedOver(record)
    if (batch?.kind !== 'calls') continue
    const status = await callsStatus(batch.callsId).catch((error: unknown) => {
      console.warn('[swaps] the wallet did not say what became of a batch', batch.callsId, error)
      return null
    })
    // Not known to this wallet: nothing to ask again. No answer: asked again later.
    if (status === undefined) continue
    if (status === null) {
      result.waiting++
      continue
    }
    const sent = depositOf(batch, status)
    // Still on their way: looked at again later, once the wallet is done or has sent the deposit.
    if (!sent || (!sent.depositTx && !status.done)) {
      if (!status.done) result.waiting++
      continue
    }
    const { apply } = client.store.getState()
    if (!sent.depositTx) {
      apply(record.key, { type: 'depositFailed', error: 'batchIncomplete' })
    } else {
      apply(record.key, { type: 'approved', approveTxs: sent.approveTxs })
      apply(record.key, { type: 'depositSent', depositTx: sent.depositTx })
      client.track(record.key)
    }
    result.settled++
  }
  return result
}
