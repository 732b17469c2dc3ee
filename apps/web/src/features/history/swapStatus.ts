import {
  ChainUnreachableError,
  formatDisplayAmount,
  HttpNetworkError,
  HttpStatusError,
  HttpTimeoutError,
  isUnreachable,
  MultiBridgeError,
  providerModule,
  ServiceUnreachableError,
  type SwapRecord,
  swapProgress,
  type TrackProblem,
} from '@multi-bridge/core'
import { catalogueMessage, type UserMessage } from '../../lib/errorMessages.ts'

/**
 * A swap found on chain by "Restore" (it has no quote of its own to judge it by) whose looks fail because a chain
 * does not answer: it may have completed long ago, or be waiting for a refund. Its state is not known, so it is
 * not said to be swapping, nor counted among the swaps under way, until the chain answers.
 */
export const isStatusUnknown = (
  record: Pick<SwapRecord, 'status' | 'estimatedSeconds'>,
  problem: TrackProblem | undefined,
): boolean =>
  record.status === 'deposited' &&
  record.estimatedSeconds === undefined &&
  problem?.error instanceof ChainUnreachableError

/**
 * Where a refundable swap's refund stands: `open` (it can be made now), `soon` (the destination has not made the
 * deadline final yet: the countdown runs), `delayed` (past that time, and what it waits for does not answer).
 */
export type RefundOpening = 'open' | 'soon' | 'delayed'

const REFUND_WORDS: Record<RefundOpening, string> = {
  open: 'Refund available',
  soon: 'Refund opens soon',
  delayed: 'Refund delayed',
}

/**
 * The word for a swap's state, and its class (`status-<tone>`). SPEC §5's three words, except a swap whose refund
 * waits for the person: that is "Refund available" (amber), the loudest state, never a bare "Failed", said once the
 * refund can be made (`refund`), "Refund opens soon" or "Refund delayed" before; and a swap restored from chain
 * that cannot be read now (`isStatusUnknown`): "Status unknown".
 */
export function statusWord(
  record: Pick<SwapRecord, 'status' | 'estimatedSeconds'>,
  problem?: TrackProblem,
  refund: RefundOpening = 'open',
): { label: string; tone: string } {
  if (record.status === 'refundable') return { label: REFUND_WORDS[refund], tone: 'refundable' }
  if (isStatusUnknown(record, problem)) return { label: 'Status unknown', tone: 'unknown' }
  const progress = swapProgress(record.status)
  if (progress === 'completed') return { label: 'Completed', tone: 'completed' }
  if (progress === 'swapping') return { label: 'Swapping...', tone: record.status }
  return { label: 'Failed', tone: record.status }
}

/** A swap that waits for the person: its refund is theirs to make (the "Needs action" filter, the banner). */
export const needsAction = (record: Pick<SwapRecord, 'status' | 'providerId'>) =>
  record.status === 'refundable' && providerModule(record.providerId)?.refunds !== 'provider'

const amountOf = (record: SwapRecord) =>
  `${formatDisplayAmount(BigInt(record.origin.amount), record.origin.token.decimals)} ${record.origin.token.symbol}`

/** Why a refundable swap waits for the person, in words, with what is safe and where. */
export function refundReason(record: SwapRecord): UserMessage | undefined {
  if (record.status !== 'refundable') return undefined
  const values = { amount: amountOf(record) }
  if (record.statusDetail === 'SOLVER_DECLINED' || record.providerId === 'intent') {
    return { message: 'No solver filled it before the deadline; your {{amount}} is safe in escrow', values }
  }
  if (record.providerId === 'pool') {
    return { message: 'The pool did not release it before the deadline; your {{amount}} is safe in escrow', values }
  }
  return { message: 'It was not delivered before the deadline; your {{amount}} is safe in escrow', values }
}

/** The amount waiting in a refundable swap, as the banner says it ("100 USDC"). */
export const waitingAmount = amountOf

/** The grace past a route's estimate before a swap is "taking longer than usual" (a block late is not). */
const graceSeconds = (estimate: number) => Math.max(10, estimate / 2)

/**
 * How long a swap under way has been with the bridge, against the route's estimate: `late` once it is well past
 * it. Undefined for a swap that is not under way, or has no estimate (one restored from chain).
 */
export function elapsedAgainstEstimate(
  record: SwapRecord,
  nowSeconds: number,
): { elapsed: number; expected: number; late: boolean } | undefined {
  if (record.status !== 'deposited' || record.estimatedSeconds === undefined) return undefined
  const elapsed = Math.max(0, nowSeconds - record.depositedAt)
  const expected = record.estimatedSeconds
  return { elapsed, expected, late: elapsed > expected + graceSeconds(expected) }
}

/** A provider's own API (LI.FI, Across, Relay) that does not answer: no connection, a time-out, a 5xx. */
export const isApiDown = (error: unknown) =>
  error instanceof HttpNetworkError ||
  error instanceof HttpTimeoutError ||
  (error instanceof HttpStatusError && error.status >= 500)

/** The tracker's findings that are said from the first look, whatever the count (see `trackerFinding`). */
const TRACKER_FINDINGS = new Set(['providerNotAvailable', 'depositNotMined', 'chainStalled'])

/**
 * What the tracker found rather than failed to look at, in the catalogue's words: a bridge this app does not run now
 * (`ProviderNotAvailableError`, set once: the tracker stops following the swap), a sent deposit still not mined long
 * after (`DepositNotMinedError`: it was looked at, and is not there), a destination that answers but makes no new
 * block (`ChainStalledError`). Said at once and kept as it is, never turned into "couldn't be checked just now".
 */
export function trackerFinding(error: unknown): UserMessage | undefined {
  if (!(error instanceof MultiBridgeError) || !TRACKER_FINDINGS.has(error.code)) return undefined
  return catalogueMessage(error)
}

/**
 * What to say about a swap whose looks fail: the chain, service or provider API that does not answer, and what the
 * tracker found (`trackerFinding`), at once; any other failure only once it repeats (a single slow answer is not news). Short, for a History row.
 */
export function problemText(problem: TrackProblem | undefined, providerName?: string): UserMessage | undefined {
  if (!problem) return undefined
  const { error } = problem
  if (error instanceof ChainUnreachableError) {
    return { message: '{{network}} is not answering', values: { network: error.chainName } }
  }
  if (error instanceof ServiceUnreachableError) return { message: SERVICE_DOWN[error.service] }
  const said = trackerFinding(error)
  if (said) return said
  if (isUnreachable(error) || problem.failures < 2) return undefined
  if (providerName && isApiDown(error)) {
    return { message: '{{provider}} is not answering', values: { provider: providerName } }
  }
  return { message: "This swap couldn't be checked just now; trying again" }
}

const SERVICE_DOWN: Record<ServiceUnreachableError['service'], string> = {
  solver: "The bridge's solver is not answering",
  attester: "The bridge's attester is not answering",
  relayer: "The bridge's relayer is not answering",
}
