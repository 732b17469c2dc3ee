import type { SwapRecord } from '../../records/types.ts'
import { prepareDeposit } from '../../signing/checkDeposit.ts'
import { approvalCalls } from './approval.ts'
import { depositBatch } from './depositBatch.ts'
import { depositTransaction } from './depositTransaction.ts'
import { createExecutionContext, type ExecuteRouteParameters } from './executionContext.ts'
import { checkRoute, fetchIfAged, refreshQuote } from './refreshQuote.ts'
import { signGasless } from './signGasless.ts'
import { refuseFailingDeposit } from './simulationGuard.ts'
import { switchToOrigin } from './walletGuard.ts'

export type { ExecuteRouteParameters } from './executionContext.ts'

/** The quote must outlive an approval by this much, or it is fetched again (and checked) before approving. */
const APPROVAL_MARGIN_MS = 20_000

/**
 * Runs the route the person reviewed through the wallet: switch network, approve the exact amount
 * (resetting a USDT-style allowance to zero first), deposit. Before anything is signed: the route is
 * for the wallet's account, the wallet is on the origin chain, and a quote fetched again because it
 * aged is for the same recipient, amount and tokens and gives at least the reviewed minimum (`refreshQuote`); the
 * wallet's selected account is checked again before each signature (`walletGuard`). Every plan is decoded from its
 * calldata and checked against the request before the wallet sees it (`prepareDeposit`), then run on the origin's
 * state, its approval assumed (`refuseFailingDeposit`): a deposit that would revert is refused with its reason.
 *
 * One of three deposit paths, sharing one execution context:
 * - `signGasless`: one signature of typed data, on any chain; the solver opens it;
 * - `depositBatch`: the approvals and the deposit as one batch, where the wallet takes EIP-5792 batches (always through
 *   a wallet that proposes: a Safe);
 * - `depositTransaction`: each its own transaction.
 * Every change of the record goes through the state machine. Returns the record once the deposit is mined (a gasless
 * one once its open is sent); tracking takes over.
 */
export async function executeRoute(parameters: ExecuteRouteParameters): Promise<SwapRecord> {
  const { wallet } = parameters
  const reviewed = checkRoute(parameters.route, parameters.route, wallet.account)
  const route = (await fetchIfAged(parameters, reviewed)) ?? reviewed
  const { plan } = await prepareDeposit(parameters.provider, route)
  const context = createExecutionContext(parameters, route, plan)
  if (plan.gasless) return signGasless(context, plan.gasless)

  // Run before the wallet is asked anything (its network included): a deposit that would revert is refused with why.
  await refuseFailingDeposit(context)
  await switchToOrigin(context)
  // A quote that would age during the approval is fetched and checked now, while nothing is spent yet: as the
  // approval's own step, so that a refusal stops the swap there.
  if (plan.approval) {
    context.update({ type: 'phase', phase: 'approving' })
    await refreshQuote(context, APPROVAL_MARGIN_MS)
  }
  const approval = context.plan.approval
  // A wallet that proposes (a Safe) answers no chain hash for a transaction: it always sends a batch.
  const batched =
    wallet.proposes ||
    (approval && wallet.sendCalls && (await wallet.canSendCalls?.(context.chainId).catch(() => false)))
  const approvals = batched && approval ? await approvalCalls(context, approval) : []
  if (approvals.length > 0 || wallet.proposes) return depositBatch(context, approvals)
  return depositTransaction(context)
}
