import type { SwapRecord } from '../../records/types.ts'
import { approve } from './approval.ts'
import { depositMined } from './depositMined.ts'
import { type ExecutionContext, tracking } from './executionContext.ts'
import { refreshQuote } from './refreshQuote.ts'
import { sendChecked } from './walletGuard.ts'

/**
 * The deposit as transactions, one confirmation each: the approvals (each mined before the next), the quote fetched
 * again if it aged meanwhile, then the deposit, followed until it is mined.
 */
export async function depositTransaction(context: ExecutionContext): Promise<SwapRecord> {
  const { update } = context
  if (context.plan.approval) {
    update({ type: 'phase', phase: 'approving' })
    update({ type: 'approved', approveTxs: await approve(context, context.plan.approval) })
  }
  // Approvals take blocks: the quote may have aged meanwhile. Fetched again as the deposit's own step: a refusal
  // stops the swap there, the approval done and nothing deposited.
  update({ type: 'phase', phase: 'depositing' })
  await refreshQuote(context)
  const depositTx = await sendChecked(context, context.plan.transaction)
  update({ type: 'depositSent', depositTx, ...tracking(context) })
  return depositMined(context, depositTx)
}
