import type { Hex } from 'viem'
import { admitOrder } from './admit.ts'
import { advance } from './advance.ts'
import type { SolverContext } from './context.ts'
import type { SeenOpen } from './state.ts'

/**
 * Writes down each `Open` not decided yet, then admits each on its own, without waiting: the log cursor may move past
 * them at once. So an order whose destination does not answer (its reads wait for their time-out, about 30 s) holds up
 * neither the other orders nor the next poll of its origin, and one seen just before a restart is admitted after it.
 * Their inventory checks count each other (`holds.outputs`).
 */
export function admitOpens(context: SolverContext, opens: readonly SeenOpen[]): void {
  const fresh = opens.filter(
    ({ orderId }) => !context.store.value.orders[orderId] && !context.store.value.opens[orderId],
  )
  if (fresh.length > 0) {
    context.store.update((state) => {
      for (const open of fresh) state.opens[open.orderId] = open
    })
  }
  for (const { orderId } of opens) void admitSeenOpen(context, orderId)
}

/** Admits every `Open` written down and not being admitted now: those whose admission failed, and after a restart. */
export function admitWaitingOpens(context: SolverContext): void {
  for (const orderId of Object.keys(context.store.value.opens)) void admitSeenOpen(context, orderId as Hex)
}

/** Admits one `Open` written down (once at a time); a failure is reported, and the next round tries it again. */
async function admitSeenOpen(context: SolverContext, orderId: Hex): Promise<void> {
  const open = context.store.value.opens[orderId]
  if (!open || context.locks.admissions.has(orderId)) return
  const origin = context.chains.get(open.originChainId)
  if (!origin) return
  context.locks.admissions.add(orderId)
  const key = `admit:${orderId}`
  try {
    const accepted = await admitOrder(context, {
      origin,
      orderId,
      originData: open.originData,
      blockNumber: BigInt(open.openBlock),
    })
    context.failures.succeeded(key)
    if (accepted) void advance(context, orderId)
  } catch (error) {
    context.failures.failed(key, 'order admission failed', error, { orderId, originChainId: open.originChainId })
  } finally {
    context.locks.admissions.delete(orderId)
  }
}
