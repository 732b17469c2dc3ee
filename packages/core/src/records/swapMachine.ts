import {
  type CompletedSwap,
  type FailedSwap,
  isFinalSwapStatus,
  isSwapSent,
  type RefundedSwap,
  SIGNING_PHASES,
  type SwapBase,
  type SwapDeposit,
  type SwapEvent,
  type SwapRecord,
  type SwapStatus,
} from './types.ts'

/**
 * How far along a state is. A record only ever moves to a state of a higher rank: an event that would take it
 * back (a look at the chains that started before the refund was mined, a duplicate, a stale answer) is ignored.
 */
const RANK: Record<SwapStatus, number> = {
  signing: 0,
  deposited: 1,
  refundable: 2,
  providerRefunding: 2,
  providerFailed: 2,
  completed: 3,
  refunded: 3,
  failed: 3,
}
export const swapStatusRank = (status: SwapStatus) => RANK[status]

const base = (record: SwapRecord): SwapBase => {
  const { key, providerId, providerName, owner, recipient, origin, depositAddress, createdAt, updatedAt } = record
  const { token, estimatedAmount, minAmount, gas } = record.destination
  return {
    key,
    providerId,
    providerName,
    owner,
    recipient,
    origin,
    destination: { token, estimatedAmount, minAmount, ...(gas ? { gas } : {}) },
    depositAddress,
    createdAt,
    updatedAt,
    ...(record.approveTxs ? { approveTxs: record.approveTxs } : {}),
    ...(record.data ? { data: record.data } : {}),
    ...(record.statusDetail ? { statusDetail: record.statusDetail } : {}),
    ...(record.estimatedSeconds === undefined ? {} : { estimatedSeconds: record.estimatedSeconds }),
    ...(record.fees ? { fees: record.fees } : {}),
  }
}

const deposit = (record: SwapRecord & SwapDeposit): SwapDeposit => ({
  id: record.id,
  depositTx: record.depositTx,
  depositedAt: record.depositedAt,
  ...(record.refundableAfter === undefined ? {} : { refundableAfter: record.refundableAfter }),
  ...(record.expiresAt === undefined ? {} : { expiresAt: record.expiresAt }),
})

const detail = (statusDetail: string | undefined) => (statusDetail ? { statusDetail } : {})

/** The provider's word replaces the last one; no word clears it. */
const withDetail = <T extends SwapBase>(record: T, statusDetail: string | undefined): T => {
  const { statusDetail: _old, ...rest } = record
  return { ...rest, ...detail(statusDetail) } as T
}

function completed(record: SwapRecord & SwapDeposit, event: Extract<SwapEvent, { type: 'delivered' }>): CompletedSwap {
  const previous = record.status === 'completed' ? record : undefined
  const received = previous?.destination.receivedAmount ?? event.receivedAmount
  const gasReceived = previous?.destination.gasReceived ?? event.gasReceived
  const deliveryTx = previous?.deliveryTx ?? event.deliveryTx
  const deliveredAt = previous?.deliveredAt ?? event.deliveredAt
  const next = withDetail(base(record), previous ? record.statusDetail : event.statusDetail)
  return {
    ...next,
    ...deposit(record),
    status: 'completed',
    destination: {
      ...next.destination,
      // The token that really arrived (LI.FI PARTIAL), once.
      token: previous ? record.destination.token : (event.token ?? record.destination.token),
      ...(received === undefined ? {} : { receivedAmount: received }),
      ...(gasReceived === undefined ? {} : { gasReceived }),
    },
    ...(deliveryTx ? { deliveryTx } : {}),
    ...(deliveredAt === undefined ? {} : { deliveredAt }),
  }
}

function refunded(record: SwapRecord & SwapDeposit, event: Extract<SwapEvent, { type: 'refunded' }>): RefundedSwap {
  const previous = record.status === 'refunded' ? record : undefined
  const refundTx = previous?.refundTx ?? event.refundTx
  return {
    ...withDetail(base(record), previous ? record.statusDetail : event.statusDetail),
    ...deposit(record),
    status: 'refunded',
    ...(refundTx ? { refundTx } : {}),
  }
}

function failed(record: SwapRecord, error: string, statusDetail?: string): FailedSwap {
  return {
    ...(statusDetail ? withDetail(base(record), statusDetail) : base(record)),
    status: 'failed',
    id: record.id,
    error,
    ...(record.depositTx ? { depositTx: record.depositTx } : {}),
    ...('depositedAt' in record && record.depositedAt !== undefined ? { depositedAt: record.depositedAt } : {}),
  }
}

/** The next record, or the same object when the event changes nothing. */
function next(record: SwapRecord, event: SwapEvent): SwapRecord {
  switch (record.status) {
    case 'signing':
      switch (event.type) {
        case 'phase':
          // Phases only go forward, and not once the deposit is sent.
          if (record.depositTx || SIGNING_PHASES.indexOf(event.phase) <= SIGNING_PHASES.indexOf(record.phase)) {
            return record
          }
          return { ...record, phase: event.phase }
        case 'approved': {
          // The same approval told twice (the executor and a look at the batch after it) is kept once.
          const added = event.approveTxs.filter((hash) => !record.approveTxs?.includes(hash))
          return added.length === 0 ? record : { ...record, approveTxs: [...(record.approveTxs ?? []), ...added] }
        }
        case 'depositSent':
          if (record.depositTx) return record
          return {
            ...record,
            ...(event.data ? { data: { ...record.data, ...event.data } } : {}),
            phase: 'depositing',
            depositTx: event.depositTx,
          }
        case 'callsAccepted':
          // Once: a swap already sent or handed over is not handed over again.
          if (isSwapSent(record)) return record
          return { ...record, data: { ...record.data, ...event.data, callsId: event.callsId } }
        case 'orderSigned':
          if (isSwapSent(record)) return record
          return { ...record, data: { ...record.data, ...event.data }, phase: 'depositing' }
        case 'depositRepriced':
          return record.depositTx && record.depositTx !== event.depositTx
            ? { ...record, depositTx: event.depositTx }
            : record
        case 'depositMined': {
          if (!record.depositTx) return record
          const { type: _type, estimatedAmount, data, ...mined } = event
          const from = base(record)
          return {
            ...from,
            // What the deposit adds to what the quote kept (e.g. that the solver opened it): never instead of it.
            ...(data ? { data: { ...from.data, ...data } } : {}),
            ...(estimatedAmount ? { destination: { ...from.destination, estimatedAmount } } : {}),
            ...mined,
            depositTx: record.depositTx,
            status: 'deposited',
          }
        }
        case 'depositFailed':
          // Nothing sent is not a failure: the person may still sign it.
          return isSwapSent(record) ? failed(record, event.error, event.statusDetail) : record
        default:
          // Nothing else can happen before the deposit is known.
          return record
      }
    case 'deposited':
    case 'refundable':
    case 'providerRefunding':
    case 'providerFailed':
      switch (event.type) {
        case 'pending':
          return record.status === 'deposited' && record.statusDetail !== event.statusDetail
            ? withDetail(record, event.statusDetail)
            : record
        case 'delivered':
          // A fill seen late is still the truth: its refund would be refused on chain.
          return completed(record, event)
        case 'refunded':
          return refunded(record, event)
        case 'deadlinePassed':
          return record.status === 'deposited' ? { ...withDetail(record, undefined), status: 'refundable' } : record
        case 'providerRefunding':
          // A refund on its way after the provider said it failed is news; the other way round is not.
          if (record.status === 'refundable') return record
          if (record.status === 'providerRefunding' && record.statusDetail === event.statusDetail) return record
          return { ...withDetail(record, event.statusDetail), status: 'providerRefunding' }
        case 'providerFailed':
          // The person's own refund is still possible: only the chain's refund ends a refundable swap.
          if (record.status === 'refundable') return record
          if (record.status === 'providerFailed' && record.statusDetail === event.statusDetail) return record
          return { ...withDetail(record, event.statusDetail), status: 'providerFailed' }
        default:
          return record
      }
    case 'completed':
      // Final; a later look may only fill in what was not known (the delivery's hash or time).
      if (event.type !== 'delivered') return record
      if (
        (record.deliveryTx || !event.deliveryTx) &&
        (record.deliveredAt !== undefined || event.deliveredAt === undefined) &&
        (record.destination.receivedAmount !== undefined || event.receivedAmount === undefined) &&
        (record.destination.gasReceived !== undefined || event.gasReceived === undefined)
      ) {
        return record
      }
      return completed(record, event)
    case 'refunded':
      if (event.type !== 'refunded' || record.refundTx || !event.refundTx) return record
      return refunded(record, event)
    case 'failed':
      return record
  }
}

/**
 * The one way a swap changes: the record and what happened in, the next record out. A final state is never
 * left, nothing moves back, `updatedAt` never goes back, and each state keeps exactly the fields it has.
 * Returns the same object when the event changes nothing (a duplicate, a stale look).
 */
export function applySwapEvent(record: SwapRecord, event: SwapEvent, now: number = Date.now()): SwapRecord {
  const result = next(record, event)
  if (result === record) return record
  return { ...result, updatedAt: Math.max(record.updatedAt, now) }
}

/** A swap Restore found, brought to what its first look saw (`FoundSwap` of the providers). */
export const restoredRecord = (found: { record: SwapRecord; event?: SwapEvent | undefined }): SwapRecord =>
  found.event ? applySwapEvent(found.record, found.event) : found.record

/** Whether `candidate` may replace `current` as the stored copy of a swap (never a step back). */
export function supersedes(candidate: SwapRecord, current: SwapRecord | undefined): boolean {
  if (!current) return true
  if (isFinalSwapStatus(current.status)) return false
  return swapStatusRank(candidate.status) >= swapStatusRank(current.status)
}
