import type { Address } from 'viem'
import { HttpStatusError } from '../../http/httpErrors.ts'
import { httpRequestWithRetry } from '../../http/httpRequestWithRetry.ts'
import type { SwapEvent, TrackedSwap } from '../../records/types.ts'
import { InvalidResponseError } from '../../routes/routeErrors.ts'
import { describeIssues } from '../apiSupport.ts'
import { confirmDelivery, confirmRefund } from '../deliveryCheck.ts'
import { providerSection } from '../types.ts'
import { LIFI_PROVIDER_ID } from './lifiConfig.ts'
import type { LifiContext } from './lifiContext.ts'
import { LIFI_ACROSS_RECEIVERS } from './lifiDestinationSwap.ts'
import { type LifiStatus, lifiStatusSchema } from './lifiSchemas.ts'
import { lifiStatusUpdate, notAboutDeposit } from './lifiStatusUpdate.ts'

/** A deposit LI.FI has not recognised (NOT_FOUND, INVALID) for this long is shown as failed (and still followed). */
const UNKNOWN_AFTER_SECONDS = 24 * 60 * 60

/** One look at a LI.FI swap: its status, about this deposit, and its delivery or refund only as the chains show it. */
export async function trackLifi(context: LifiContext, record: TrackedSwap): Promise<SwapEvent> {
  const bridge = typeof record.data?.tool === 'string' ? record.data.tool : undefined
  let status = await readStatus(context, record, bridge)
  // INVALID: "the hash is not tied to the requested tool". Ask once more without naming the bridge.
  if (status.status === 'INVALID' && bridge) status = await readStatus(context, record, undefined)
  // An answer about another deposit or other chains says nothing about this one: it is not taken.
  const other = notAboutDeposit(status, record)
  if (other) throw new InvalidResponseError(LIFI_PROVIDER_ID, 'status', other)
  const unknownFor = Math.floor(Date.now() / 1000) - record.depositedAt
  if ((status.status === 'INVALID' || status.status === 'NOT_FOUND') && unknownFor > UNKNOWN_AFTER_SECONDS) {
    // A mined deposit LI.FI still does not know after a day: say so (it is still looked at, less often).
    return { type: 'providerFailed', statusDetail: `${status.status}_AFTER_A_DAY` }
  }
  // LI.FI's DONE is Completed (or Refunded) only once the chain shows the delivery (or the refund).
  return confirmLifiOnChain(context, record, status)
}

/** `/status` for a deposit, asked by its bridge when known (a 404 is LI.FI not having seen it yet). */
async function readStatus(context: LifiContext, record: TrackedSwap, bridge: string | undefined): Promise<LifiStatus> {
  let raw: unknown
  try {
    raw = await httpRequestWithRetry(`${context.apiUrl}/status`, {
      query: {
        txHash: record.depositTx,
        fromChain: record.origin.token.chainId,
        toChain: record.destination.token.chainId,
        bridge,
        ...context.common,
      },
      timeoutMs: context.statusTimeoutMs,
    })
  } catch (error) {
    // Not indexed yet: LI.FI answers NOT_FOUND, as a 404 or in a 200.
    if (error instanceof HttpStatusError && error.status === 404) return { status: 'NOT_FOUND' }
    throw error
  }
  const parsed = lifiStatusSchema.safeParse(raw)
  if (!parsed.success) throw new InvalidResponseError(LIFI_PROVIDER_ID, 'status', describeIssues(parsed.error))
  return parsed.data
}

/**
 * LI.FI's status as an event, its "delivered" and "refunded" taken only once the chain shows them
 * (`confirmDelivery`, `confirmRefund`). Where the deposit receipt shows the origin SpokePool's deposit (LI.FI through
 * Across; the config's Across SpokePools), its delivery is Across's fill of that deposit id and its refund the
 * SpokePool paying back what was bridged. A deposit through another bridge (Stargate's USDC pools, CCTP's mint, older
 * swaps) is checked without it: a payment of the token to the recipient, a refund from LI.FI's contracts of the
 * deposit less LI.FI's fee. A refund is looked for on the chain LI.FI names for it (the origin unless it says
 * otherwise).
 */
export async function confirmLifiOnChain(
  context: LifiContext,
  record: TrackedSwap,
  status: LifiStatus,
): Promise<SwapEvent> {
  const { manifest, clients } = context
  const destination = record.destination.token.chainId
  const spokePools = providerSection<{ spokePools?: Record<string, Address> }>(manifest, 'across')?.spokePools
  const acrossPool = (chainId: number) => spokePools?.[String(chainId)]
  const spokePool = acrossPool(destination)
  const wrapped = context.wrappedNative(destination)
  // A bridge-then-swap deposit pays LI.FI's receiver, which pays the recipient the asked token in the fill's transaction.
  const binding = {
    kind: 'across',
    spokePool: acrossPool,
    optional: true,
    swapReceiver: (chainId: number) => LIFI_ACROSS_RECEIVERS[chainId],
  } as const
  const event = await confirmDelivery(clients, record, lifiStatusUpdate(status, record, manifest), {
    binding,
    ...(spokePool && wrapped ? { nativeFiller: { spokePool, wrappedNative: wrapped } } : {}),
  })
  return confirmRefund(clients, record, event, {
    chainIds: [status.receiving?.chainId ?? record.origin.token.chainId],
    wrappedNative: context.wrappedNative,
    binding,
    payers: (chainId) => context.allowlist(chainId),
  })
}
