import { DepositWouldRevertError } from '../../signing/depositRevertError.ts'
import { simulateDeposit } from '../../signing/simulateDeposit.ts'
import type { ExecutionContext } from './executionContext.ts'

/**
 * The execution's plan run on the origin's latest state, its approval assumed (`simulateDeposit`), before the wallet
 * is asked for anything: a deposit that would revert, or take more than the plan, is refused with its reason
 * (`DepositWouldRevertError`). A node that cannot simulate, or does not answer, refuses nothing here: the review said
 * so, and the wallet's own steps meet a chain that is down.
 */
export async function refuseFailingDeposit(context: ExecutionContext): Promise<void> {
  const simulation = await simulateDeposit({
    clients: context.clients,
    account: context.wallet.account,
    plan: context.plan,
  }).catch(() => undefined)
  if (simulation?.status === 'reverts') throw new DepositWouldRevertError(simulation.revert)
}
