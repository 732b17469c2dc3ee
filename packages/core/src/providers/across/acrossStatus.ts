import { HttpStatusError } from '../../http/httpErrors.ts'
import { httpRequestWithRetry } from '../../http/httpRequestWithRetry.ts'
import type { SwapEvent, TrackedSwap } from '../../records/types.ts'
import { InvalidResponseError } from '../../routes/routeErrors.ts'
import { describeIssues } from '../apiSupport.ts'
import { confirmDelivery, confirmRefund } from '../deliveryCheck.ts'
import { ACROSS_PROVIDER_ID } from './acrossConfig.ts'
import type { AcrossContext } from './acrossContext.ts'
import { acrossStatusSchema } from './acrossSchemas.ts'
import { acrossStatusUpdate } from './acrossStatusUpdate.ts'

/**
 * One look at a deposit: `/deposit/status` by its transaction, refused when the answer is about another deposit or
 * other chains, and its "filled" or "refunded" taken only once the chain shows it (`confirmAcrossOnChain`).
 */
export async function trackAcross(context: AcrossContext, record: TrackedSwap): Promise<SwapEvent> {
  let raw: unknown
  try {
    raw = await httpRequestWithRetry(`${context.apiUrl}/deposit/status`, {
      query: { depositTxnRef: record.depositTx },
      timeoutMs: context.statusTimeoutMs,
    })
  } catch (error) {
    // Across indexes deposits every ~10 s; until then the deposit is unknown to it.
    if (error instanceof HttpStatusError && error.status === 404) return { type: 'pending' }
    throw error
  }
  const parsed = acrossStatusSchema.safeParse(raw)
  if (!parsed.success) throw new InvalidResponseError(ACROSS_PROVIDER_ID, 'status', describeIssues(parsed.error))
  const status = parsed.data
  // An answer that does not name this deposit (or names other chains) says nothing about this one.
  const named = [status.depositTxnRef, status.depositTxHash].filter((hash) => typeof hash === 'string')
  const foreign =
    named.length === 0 ||
    named.some((hash) => hash.toLowerCase() !== record.depositTx.toLowerCase()) ||
    (status.originChainId !== undefined && status.originChainId !== record.origin.token.chainId) ||
    (status.destinationChainId !== undefined && status.destinationChainId !== record.destination.token.chainId)
  if (foreign) {
    throw new InvalidResponseError(ACROSS_PROVIDER_ID, 'status', 'the answer is about another deposit or chain')
  }
  return confirmAcrossOnChain(context, record, acrossStatusUpdate(status, record))
}

/**
 * Across's "filled" and "refunded" taken only once the chain shows them, bound to this deposit (`DepositBinding`
 * across: the id the origin SpokePool's `FundsDeposited` gives it): the destination SpokePool's fill of that deposit
 * paying the recipient at least the deposit's output (a native coin: its fill of the wrapped token), the refund on
 * the origin chain the SpokePool paying the depositor back what was deposited (in the wrapped token for a native
 * deposit, as the SpokePool refunds).
 */
export async function confirmAcrossOnChain(
  context: AcrossContext,
  record: TrackedSwap,
  event: SwapEvent,
): Promise<SwapEvent> {
  const { clients, spokePool, wrappedNative } = context
  const destination = record.destination.token.chainId
  const pool = spokePool(destination)
  const wrapped = wrappedNative(destination)
  const binding = { kind: 'across', spokePool } as const
  const checked = await confirmDelivery(clients, record, event, {
    binding,
    ...(pool && wrapped ? { nativeFiller: { spokePool: pool, wrappedNative: wrapped } } : {}),
  })
  return confirmRefund(clients, record, checked, { binding, wrappedNative })
}
