import type { Address } from 'viem'
import type { Route } from '../routes/types.ts'
import type { SigningSwap, SwapRecord } from './types.ts'

/** What a swap's key and id start with until its deposit (or its signed order) gives it its own. */
const LOCAL_ID_PREFIX = 'local-'

/**
 * The swap's own id (the deposit's hash, the order's id) as a person may copy and quote it; undefined while it only
 * has the id this device made up for it (signing, a deposit sent but not mined): no one else could find it by that.
 */
export const swapPublicId = (record: Pick<SwapRecord, 'id'>): string | undefined =>
  record.id.startsWith(LOCAL_ID_PREFIX) ? undefined : record.id

/** The History record of a swap the person is about to confirm (its key is local until the deposit is mined). */
export function newSwapRecord(route: Route, owner: Address): SigningSwap {
  const now = Date.now()
  const key = `${LOCAL_ID_PREFIX}${now}-${Math.floor(Math.random() * 1e9)}`
  return {
    key,
    id: key,
    providerId: route.providerId,
    providerName: route.providerName,
    owner,
    recipient: route.request.recipient,
    origin: { token: route.request.origin, amount: route.request.amount.toString() },
    destination: {
      token: route.deliveredToken ?? route.request.destination,
      estimatedAmount: route.outputAmount.toString(),
      minAmount: route.minOutputAmount.toString(),
      ...(route.gasOnArrival?.status === 'included'
        ? { gas: { token: route.gasOnArrival.token, amount: route.gasOnArrival.amount.toString() } }
        : {}),
    },
    depositAddress: route.depositAddress,
    status: 'signing',
    phase: 'switching',
    ...(route.trackingData ? { data: { ...route.trackingData } } : {}),
    estimatedSeconds: route.estimatedSeconds,
    fees: route.fees.map((fee) => ({
      label: fee.label,
      token: fee.token,
      amount: fee.amount.toString(),
      ...(fee.paidBy ? { paidBy: fee.paidBy } : {}),
    })),
    createdAt: now,
    updatedAt: now,
  }
}

/** Whether the swap is a gasless one: the person signed once and the solver opened it (`Route.gasless`). */
export const isGaslessSwap = (record: Pick<SigningSwap, 'data'>): boolean => record.data?.openedBy === 'solver'

/**
 * When a swap happened, in seconds, as History sorts and shows it: its deposit's block time, or the time Swap was
 * pressed for a swap with no mined deposit (`createdAt` is this machine's milliseconds).
 */
export const swapTime = (swap: SwapRecord): number =>
  (swap.status === 'signing' ? undefined : swap.depositedAt) ?? swap.createdAt / 1000
