import { isInsufficientFundsError, notEnoughGasOn } from '../../errors/gasErrors.ts'
import { UnexpectedError } from '../../errors/walletErrors.ts'
import { CALLS_DEPOSIT_INDEX, CALLS_SIGNATURES_NEEDED, type SwapRecord } from '../../records/types.ts'
import { BatchIncompleteError, TransactionNotConfirmedError } from '../../routes/routeErrors.ts'
import type { TransactionRequest } from '../../routes/types.ts'
import { estimateNetworkCost } from '../estimateNetworkCost.ts'
import { batchDeposit, type CallsOutcome } from '../walletAdapter.ts'
import { depositMined } from './depositMined.ts'
import { type ExecutionContext, originName, tracking } from './executionContext.ts'
import { checkTransaction, notEnoughGas, signing } from './walletGuard.ts'

/**
 * The approvals and the deposit as one batch (EIP-5792): one confirmation instead of two or three. Once the wallet
 * accepted it, the deposit may be mined whatever happens to this page: the swap is kept under the batch's id (and
 * where the deposit is among its calls, for a look at the batch after a reload: `followAcceptedBatches`) until the
 * deposit's hash is known.
 */
export async function depositBatch(
  context: ExecutionContext,
  approvals: readonly TransactionRequest[],
): Promise<SwapRecord> {
  const { update, wallet } = context
  const calls = [...approvals, context.plan.transaction]
  update({ type: 'phase', phase: 'approving' })
  for (const call of calls) await checkTransaction(context, call)
  const { sendCalls, waitForCalls } = wallet
  if (!sendCalls || !waitForCalls) throw new UnexpectedError('the wallet cannot send a batch')
  const { id } = await signing(context, () => sendCalls(calls))
  const { proposes } = wallet
  update({
    type: 'callsAccepted',
    callsId: id,
    data: {
      ...tracking(context).data,
      [CALLS_DEPOSIT_INDEX]: approvals.length,
      ...(proposes ? { [CALLS_SIGNATURES_NEEDED]: proposes.threshold } : {}),
    },
  })
  // A proposal the other owners must sign too may wait for days: handed over as such, and followed by its status
  // (`followAcceptedBatches`) whoever executes it.
  if (proposes && proposes.threshold > 1) return context.record
  const outcome = await waitForCalls(id).catch((error: unknown) => {
    // A proposal not executed in time: still waiting, never a failure.
    if (proposes) return undefined
    // The wait failed (timed out, the wallet's status did not answer): sent, maybe mined, never a failure.
    throw new TransactionNotConfirmedError(id, originName(context), error)
  })
  if (!outcome) return context.record
  // The deposit is the last call: a wallet that ran the batch as one transaction lists only that one (`batchDeposit`).
  const { depositTx, approveTxs, notDeposited } = batchDeposit(outcome, approvals.length, true)
  if (!depositTx) {
    // Through, and no receipt listed to follow the deposit by: sent, never "nothing deposited".
    if (!notDeposited) throw new TransactionNotConfirmedError(id, originName(context), undefined)
    const error = await batchStopped(context, outcome, calls.length)
    // Known now: the deposit was never sent.
    update({ type: 'depositFailed', error: 'batchIncomplete' })
    throw error
  }
  update({ type: 'approved', approveTxs })
  update({ type: 'phase', phase: 'depositing' })
  update({ type: 'depositSent', depositTx, ...tracking(context) })
  return depositMined(context, depositTx)
}

/**
 * Why a batch stopped before the deposit: the wallet's own reason when it gives one; else a balance short of the gas
 * of the steps still to send (the node refused a call for it, and the batch's status does not say so), which trying
 * again does not cure; else `BatchIncompleteError`.
 */
async function batchStopped(context: ExecutionContext, outcome: CallsOutcome, of: number) {
  const { clients, wallet, plan, client, chainId } = context
  const stopped = new BatchIncompleteError(outcome.hashes.length, of)
  const reason = outcome.error === undefined ? undefined : new Error(outcome.error, { cause: stopped })
  if (reason && isInsufficientFundsError(reason)) return notEnoughGas(context, reason)
  // The steps still to send, as the chain has them now (an approval mined before the stop is not counted again).
  const short = await Promise.all([
    estimateNetworkCost({ clients, account: wallet.account, plan }),
    client.getBalance({ address: wallet.account }),
  ]).then(
    ([cost, balance]) => (balance < cost.required ? cost.total : undefined),
    () => undefined,
  )
  return short === undefined ? stopped : notEnoughGasOn(client.chain, chainId, short, reason ?? stopped)
}
