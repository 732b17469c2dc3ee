import { handedOver, type SwapRecord } from '../records/types.ts'
import { batchDeposit, type WalletAdapter } from '../swaps/walletAdapter.ts'
import type { SwapClient } from './types.ts'

export type FollowAcceptedBatchesReturnType = {
  /** Swaps whose batch the wallet is still sending, or whose status did not answer (`unanswered`): ask again later. */
  waiting: number
  /** Of `waiting`, those whose status did not answer: ask less often. */
  unanswered: number
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
 * Swaps whose batch the wallet accepted (EIP-5792) but whose deposit's hash this page never learnt: the wait for the
 * batch failed, or the page was closed or reloaded before it ended. Only the wallet that sent the batch knows its
 * calls' hashes, so it is asked (`wallet.callsStatus`), for the swaps of its account:
 * - the deposit is among the calls sent (`batchDeposit`): the swap goes on as any sent deposit (`depositSent`), and is
 *   followed (a deposit that reverted fails it then);
 * - the wallet is done with the batch, which did not go through, and never sent the deposit: the swap failed, nothing
 *   of it left the wallet but the approvals (`batchIncomplete`);
 * - still sending, or the wallet's status did not answer: left as it is, counted in `waiting` (ask again later);
 * - a batch the wallet does not know (another wallet, or it forgot): left as it is.
 */
export async function followAcceptedBatches(
  client: SwapClient,
  parameters: { wallet: WalletAdapter },
): Promise<FollowAcceptedBatchesReturnType> {
  const { wallet } = parameters
  const result = { waiting: 0, unanswered: 0, settled: 0 }
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
      result.unanswered++
      continue
    }
    const sent = batchDeposit(status.outcome, batch.depositIndex, status.done)
    const { apply } = client.store.getState()
    if (sent.depositTx) {
      apply(record.key, { type: 'approved', approveTxs: sent.approveTxs })
      apply(record.key, { type: 'depositSent', depositTx: sent.depositTx })
      client.track(record.key)
    } else if (sent.notDeposited) {
      apply(record.key, { type: 'depositFailed', error: 'batchIncomplete' })
    } else {
      // Still on its way; or through, with no receipt listed to follow it by (left as it is).
      if (!status.done) result.waiting++
      continue
    }
    result.settled++
  }
  return result
}
