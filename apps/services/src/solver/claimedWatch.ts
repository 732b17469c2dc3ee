import { intentOriginSettlerStatus } from '@multi-bridge/contracts'
import { repeat } from '../shared/serviceLoop.ts'
import {
  checkSettled,
  createSettledWatch,
  type GoneFound,
  SETTLED_WATCH_INTERVAL_MS,
  type SettledItem,
  type SettledWatch,
} from '../shared/settledWatch.ts'
import type { SolverContext } from './context.ts'
import type { SolverOrder } from './order.ts'
import { readEscrow } from './reads.ts'

type ClaimedOrder = Extract<SolverOrder, { status: 'claimed' }>
type Watched = SettledItem & { order: ClaimedOrder }

const STATUS_NAMES: Record<number, string> = Object.fromEntries(
  Object.entries(intentOriginSettlerStatus).map(([name, value]) => [value, name.toLowerCase()]),
)

/**
 * A claimed order is `claimed` once its claim is final on the origin, and the solver is done with it. A reorg deeper
 * than the origin's finality can still take back the claim, or the open itself: the solver was repaid for nothing, or
 * the escrow waits again (claimable until `expires`, refundable after it). For a while (settledWatch.ts) each claimed
 * order's escrow is read again at the origin's final head; one no longer claimed there is alerted once, with its ids
 * and amounts, and recorded in `settlementsGone`. Nothing is paid or undone: the order stays `claimed`.
 */
export async function checkClaimedOrders(context: SolverContext, watch: SettledWatch, now = Date.now()): Promise<void> {
  const { orders, settlementsGone } = context.store.value
  const items: Watched[] = []
  for (const order of Object.values(orders)) {
    if (order.status !== 'claimed' || settlementsGone[order.orderId]) continue
    items.push({ id: order.orderId, chainId: order.originChainId, settledAt: order.updatedAt, order })
  }
  if (items.length === 0) return
  await checkSettled({
    chains: context.chains,
    items,
    watch,
    failures: context.failures,
    now,
    read: async (origin, item, blockNumber) => {
      const { status } = await readEscrow(origin, item.id, blockNumber)
      return { settled: status === intentOriginSettlerStatus.Claimed, status }
    },
    gone: (item, found) => alertClaimGone(context, item.order, found),
  })
}

function alertClaimGone(context: SolverContext, order: ClaimedOrder, found: GoneFound) {
  context.store.update((state) => {
    state.settlementsGone[order.orderId] = {
      chainId: order.originChainId,
      status: found.status,
      finalBlock: found.finalBlock.toString(),
      alertedAt: Date.now(),
    }
  })
  const escrow = STATUS_NAMES[found.status] ?? String(found.status)
  const what =
    found.status === intentOriginSettlerStatus.None
      ? 'the open is gone: the solver filled an order that no longer exists'
      : found.status === intentOriginSettlerStatus.Open
        ? 'the claim is gone and the escrow is open again: it can be claimed again before expires'
        : 'the claim is gone and the escrow was refunded to its user'
  const { terms } = order
  context.log.error('a reorg deeper than finality took back a claimed order on its origin', {
    orderId: order.orderId,
    originChainId: order.originChainId,
    escrow,
    what,
    finalBlock: found.finalBlock,
    inputToken: terms.inputToken,
    inputAmount: terms.inputAmount,
    destinationChainId: terms.destinationChainId,
    outputToken: terms.outputToken,
    outputAmount: terms.outputAmount,
    ...(terms.gasAmount ? { gasAmount: terms.gasAmount } : {}),
    outputUsd: terms.outputUsd,
    expires: terms.expires,
    fillTx: order.fillTx,
    claimTx: order.claimTx,
    alert: true,
  })
}

/** The solver's loop over its claimed orders (see `checkClaimedOrders`), a round every SETTLED_WATCH_INTERVAL_MS. */
export function watchClaimedOrders(context: SolverContext, signal: AbortSignal): Promise<void> {
  const watch = createSettledWatch()
  return repeat(signal, SETTLED_WATCH_INTERVAL_MS, () => checkClaimedOrders(context, watch))
}
