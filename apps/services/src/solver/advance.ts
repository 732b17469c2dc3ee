import { claim } from './claim.ts'
import type { SolverContext } from './context.ts'
import { fill } from './fill.ts'
import { isFinalOrder } from './order.ts'

/**
 * Moves one order forward by the step its status needs (fill an accepted one, claim a filled one), and on again
 * while a step changed its status. Safe to call repeatedly and after a restart: one step per order at a time, and a
 * failed step is reported and tried again by the next round.
 */
export async function advance(context: SolverContext, orderId: string): Promise<void> {
  if (context.locks.steps.has(orderId)) return
  const before = context.store.value.orders[orderId]
  if (!before || isFinalOrder(before)) return
  context.locks.steps.add(orderId)
  try {
    if (before.status === 'accepted' || before.status === 'filling') await fill(context, before)
    else if (before.status === 'filled') await claim(context, before)
    context.failures.succeeded(orderId)
  } catch (error) {
    context.failures.failed(orderId, 'order step failed', error, { orderId })
    return
  } finally {
    context.locks.steps.delete(orderId)
  }
  const after = context.store.value.orders[orderId]
  if (after && after.status !== before.status) void advance(context, orderId)
}

/** One round over every order that is not final, the least time left first (resumes them after a restart too). */
export function advanceAll(context: SolverContext): void {
  const open = Object.values(context.store.value.orders).filter((order) => !isFinalOrder(order))
  const expires = (order: (typeof open)[number]) => order.terms?.expires ?? 0
  open.sort((x, y) => expires(x) - expires(y))
  for (const order of open) void advance(context, order.orderId)
}
