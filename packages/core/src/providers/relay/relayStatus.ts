import type { Hex } from 'viem'
import { HttpStatusError } from '../../http/httpErrors.ts'
import { httpRequestWithRetry } from '../../http/httpRequestWithRetry.ts'
import type { SwapEvent, TrackedSwap } from '../../records/types.ts'
import { InvalidResponseError } from '../../routes/routeErrors.ts'
import { describeIssues } from '../apiSupport.ts'
import { confirmDelivery, confirmRefund } from '../deliveryCheck.ts'
import { RELAY_PROVIDER_ID } from './relayConfig.ts'
import type { RelayContext } from './relayContext.ts'
import { type RelayStatus, relayStatusSchema } from './relaySchemas.ts'

/**
 * Relay's status as an event. `failure` is not final for Relay (a failed fill is refunded next): it is shown as
 * failed by the provider and still followed, like LI.FI's FAILED. A `success` is only Relay's word: see
 * `trackRelay` for what makes it a delivery.
 */
export function relayStatusEvent(
  status: Pick<RelayStatus, 'status' | 'txHashes'>,
  actual?: { destination: { outputCurrency: { amount: string } } },
): SwapEvent {
  const [hash] = status.txHashes ?? []
  const txHash = hash && /^0x[0-9a-fA-F]{64}$/.test(hash) ? (hash as Hex) : undefined
  switch (status.status) {
    case 'success':
      return {
        type: 'delivered',
        ...(txHash ? { deliveryTx: txHash } : {}),
        ...(actual ? { receivedAmount: actual.destination.outputCurrency.amount } : {}),
      }
    case 'refund':
      return { type: 'refunded', statusDetail: 'refund', ...(txHash ? { refundTx: txHash } : {}) }
    case 'failure':
      return { type: 'providerFailed', statusDetail: 'failure' }
    default:
      return { type: 'pending', statusDetail: status.status }
  }
}

/** The statuses that say what became of a deposit: they count only when they name it. */
const OUTCOMES: readonly RelayStatus['status'][] = ['success', 'refund', 'failure']

/**
 * Throws unless the answer is about this swap: its `inTxHashes` name the swap's deposit (an outcome must; a
 * status before Relay saw any deposit may name none), and its chains, when given, are the swap's.
 */
export function assertAboutDeposit(status: RelayStatus, record: TrackedSwap) {
  const named = (status.inTxHashes ?? []).map((hash) => hash.toLowerCase())
  const ours = named.includes(record.depositTx.toLowerCase())
  const foreign =
    (!ours && (named.length > 0 || OUTCOMES.includes(status.status))) ||
    (status.originChainId !== undefined && status.originChainId !== record.origin.token.chainId) ||
    (status.destinationChainId !== undefined && status.destinationChainId !== record.destination.token.chainId)
  if (foreign) {
    throw new InvalidResponseError(RELAY_PROVIDER_ID, 'status', 'the answer is about another deposit or chain')
  }
}

/**
 * One look at `/intents/status/v3` by the quote's request id. The answer counts only when it is about this
 * deposit (`assertAboutDeposit`), and a `success` is Completed only once the destination chain shows the fill
 * (`confirmDelivery`: the receipt of its first `txHashes` entry); until then the swap stays Swapping.
 */
export async function trackRelay(context: RelayContext, record: TrackedSwap): Promise<SwapEvent> {
  const requestId = typeof record.data?.requestId === 'string' ? record.data.requestId : record.id
  let raw: unknown
  try {
    raw = await httpRequestWithRetry(`${context.apiUrl}/intents/status/v3`, {
      headers: context.headers,
      query: { requestId },
      timeoutMs: context.statusTimeoutMs,
    })
  } catch (error) {
    // Not indexed yet.
    if (error instanceof HttpStatusError && error.status === 404) return { type: 'pending', statusDetail: 'waiting' }
    throw error
  }
  const parsed = relayStatusSchema.safeParse(raw)
  if (!parsed.success) throw new InvalidResponseError(RELAY_PROVIDER_ID, 'status', describeIssues(parsed.error))
  assertAboutDeposit(parsed.data, record)
  return confirmRelayOnChain(context, record, relayStatusEvent(parsed.data))
}

/**
 * Relay's `success` and `refund` taken only once the chain shows them (`confirmDelivery`, `confirmRefund`), bound to
 * this deposit's order (`DepositBinding` relay: the id the depository's deposit event gives it, or the request id,
 * ending the calldata of Relay's fills and refunds): the fill on the destination chain (a native coin: the solver's
 * payment to the recipient), no earlier than the deposit's block; the refund on the chain given, or else on the
 * origin chain and then the destination (Relay's status does not say where it refunded).
 */
export async function confirmRelayOnChain(
  context: RelayContext,
  record: TrackedSwap,
  event: SwapEvent,
  refundChainId?: number,
): Promise<SwapEvent> {
  const requestId = record.data?.requestId
  const binding = {
    kind: 'relay',
    depositories: context.allowlist(record.origin.token.chainId),
    ...(typeof requestId === 'string' ? { requestId } : {}),
  } as const
  const checked = await confirmDelivery(context.clients, record, event, { binding })
  return confirmRefund(context.clients, record, checked, {
    binding,
    chainIds:
      refundChainId === undefined ? [record.origin.token.chainId, record.destination.token.chainId] : [refundChainId],
  })
}
