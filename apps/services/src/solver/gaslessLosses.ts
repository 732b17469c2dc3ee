import { type Address, isAddressEqual } from 'viem'
import type { SolverContext } from './context.ts'
import type { SolverOrder } from './order.ts'

type LossContext = Pick<SolverContext, 'store' | 'pricing'>

/**
 * USD lost on `originChainId` to gasless orders filled whose open failed, booked within the loss window
 * (`gaslessLossWindowSeconds`) before `now`: it counts against `maxUnopenedUsd` as if still unopened, so that the cap
 * bounds what such people take per window, not at a time (a loss booked frees nothing until its window has passed).
 */
export function gaslessLossInWindow(context: LossContext, originChainId: number, now: number): bigint {
  let total = 0n
  for (const loss of Object.values(context.store.value.gaslessLosses)) {
    if (loss.originChainId === originChainId && loss.until > now) total += BigInt(loss.outputUsd)
  }
  return total
}

/** Whether `user` signed a gasless order whose open failed after the fill: theirs wait for their open to be final. */
export const hasLostGasless = (context: LossContext, user: Address | undefined): boolean =>
  user !== undefined && Object.values(context.store.value.gaslessLosses).some((loss) => isAddressEqual(loss.user, user))

/**
 * Books a filled gasless order whose open never landed as a loss (with its `reorged` event, claim.ts), and returns
 * the USD lost on its origin chain within the window, this one included: the operator's alert names both.
 */
export function bookGaslessLoss(
  context: LossContext,
  order: Extract<SolverOrder, { status: 'filled' }>,
  now = Date.now(),
): bigint {
  if (!order.openTx) return 0n
  context.store.update((state) => {
    state.gaslessLosses[order.orderId] = {
      originChainId: order.originChainId,
      // An order admitted before signers were kept: the recipient, the only person it names.
      user: order.openedFor ?? order.terms.recipient,
      inputToken: order.terms.inputToken,
      outputUsd: order.terms.outputUsd,
      at: now,
      until: now + context.pricing.gaslessLossWindowSeconds * 1000,
    }
  })
  return gaslessLossInWindow(context, order.originChainId, now)
}
