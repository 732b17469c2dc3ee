import type { Address, Hex } from 'viem'

/** What an opened order asks, read from its origin data (amounts in base units, as decimal text). */
export type OrderTerms = {
  destinationChainId: number
  inputToken: Address
  inputAmount: string
  outputToken: Address
  outputAmount: string
  /** Native coin delivered beside the output (gas on arrival), in base units; absent for none. */
  gasAmount?: string
  recipient: Address
  fillDeadline: number
  /** When the user can take the escrow back without attestation: the claim must be final before. */
  expires: number
  /** USD value of the output and the gas (1e18-scaled, as text): the solver's exposure while the open is not final. */
  outputUsd: string
}

/** What every order has from the moment its `Open` was seen. */
type Seen = {
  orderId: Hex
  originChainId: number
  openBlock: string
  openSeenAt: number
  updatedAt: number
}

/** An order the solver works on: its terms, and the origin data a fill sends. */
type Working = Seen & {
  terms: OrderTerms
  originData: Hex
  /** The open was seen in the origin's final state: no reorg the solver guards against can take it back. */
  openFinal?: true
  /**
   * A gasless order's `openFor`, sent by the solver itself: the order is admitted (and may be filled, within the cap
   * on unconfirmed exposure) before that open is mined; an open that fails ends it (fill.ts).
   */
  openTx?: Hex
  /** The gasless order's signer (`user`), with `openTx`: a signer whose open failed after a fill is not trusted again. */
  openedFor?: Address
}

/**
 * One order as the solver knows it, by status. Only `applyOrderEvent` changes one; each status carries what it
 * needs and nothing it cannot have (a declined order whose origin data could not be read has no terms, a
 * filling one has its fill transaction, a claimed one no longer keeps the origin data).
 */
export type SolverOrder =
  /** Never filled (final). `terms` are absent when the origin data could not be read. */
  | (Seen & { status: 'declined'; reason: string; terms?: OrderTerms })
  /**
   * Will be filled; its inventory is reserved. `reason` says what it waits for, when it waits. `fillTx`: a fill of
   * its own that a reorg dropped, which the node may still mine again.
   */
  | (Working & { status: 'accepted'; reason?: string; fillTx?: Hex })
  /** Fill sent. */
  | (Working & { status: 'filling'; fillTx: Hex })
  /** Fill mined; waiting for the attestation to claim. `claimTx` once a claim was sent. */
  | (Working & { status: 'filled'; fillTx?: Hex; filledAt: number; claimTx?: Hex })
  /** Repaid on the origin chain, final there. */
  | (Seen & { status: 'claimed'; terms: OrderTerms; fillTx?: Hex; filledAt: number; claimTx?: Hex })
  /** Accepted, but the deadline passed before a fill landed (final). */
  | (Seen & { status: 'missed'; terms: OrderTerms; reason: string })
  /** Someone else filled it first (final). */
  | (Seen & { status: 'filled-by-other'; terms: OrderTerms })
  /** Filled, but refunded to the user before the solver claimed it (final, alerted). */
  | (Seen & { status: 'lost'; terms: OrderTerms; fillTx?: Hex; filledAt: number })
  /** Filled, but a reorg took the open back past its fill deadline: the accepted, capped loss (final, alerted). */
  | (Seen & { status: 'reorged'; terms: OrderTerms; fillTx?: Hex; filledAt: number; reason: string })

export type OrderStatus = SolverOrder['status']

export const FINAL_ORDER_STATUSES: ReadonlySet<OrderStatus> = new Set([
  'claimed',
  'declined',
  'missed',
  'filled-by-other',
  'lost',
  'reorged',
])

export const isFinalOrder = (order: SolverOrder) => FINAL_ORDER_STATUSES.has(order.status)

/** What happens to an order; each is applied by `applyOrderEvent`, at the time `at` (epoch milliseconds). */
export type OrderEvent = {
  at: number
} /** Cannot (or can no longer) be filled safely: ends an accepted order, its inventory free again. */ & (
  | { type: 'declined'; reason: string }
  /** Still accepted, waiting for something (the open to be final, claims unpaused). */
  | { type: 'waiting'; reason: string }
  /** The open is in the origin's final state. */
  | { type: 'openFinal' }
  | { type: 'fillSent'; tx: Hex }
  /** The solver's fill is on the destination chain (mined, or seen after a restart). */
  | { type: 'filled' }
  /** The fill transaction reverted: read again and maybe fill again. */
  | { type: 'fillReverted' }
  | { type: 'filledByOther' }
  | { type: 'missed'; reason: string }
  /** The fill is no longer on the destination chain (a reorg): fill again while there is time. */
  | { type: 'fillDropped' }
  | { type: 'claimSent'; tx: Hex }
  /** The claim is final on the origin. */
  | { type: 'claimed' }
  /** The escrow was refunded before the solver claimed. */
  | { type: 'refundedFirst' }
  /** The open is gone for good from the origin after the fill. */
  | { type: 'reorged' }
)

/**
 * A newly admitted order that will be filled; `gasless` for a gasless order whose open the solver sent (its `openTx`)
 * for its signer (`openedFor`).
 */
export function acceptedOrder(
  seen: Omit<Seen, 'updatedAt'>,
  terms: OrderTerms,
  originData: Hex,
  gasless?: { openTx: Hex; openedFor?: Address },
): SolverOrder {
  return { ...seen, updatedAt: seen.openSeenAt, status: 'accepted', terms, originData, ...gasless }
}

/** A newly seen order that will not be filled; `terms` when its origin data could be read. */
export function declinedOrder(seen: Omit<Seen, 'updatedAt'>, reason: string, terms?: OrderTerms): SolverOrder {
  return { ...seen, updatedAt: seen.openSeenAt, status: 'declined', reason, ...(terms ? { terms } : {}) }
}

/**
 * The order after `event`. Pure: an event that does not apply to the order's status (a duplicate, one that
 * arrives late or out of order) leaves it unchanged, the same object, so a final order never moves again.
 */
export function applyOrderEvent(order: SolverOrder, event: OrderEvent): SolverOrder {
  const next = transition(order, event)
  return next === order ? order : { ...next, updatedAt: Math.max(event.at, order.updatedAt) }
}

function transition(order: SolverOrder, event: OrderEvent): SolverOrder {
  switch (order.status) {
    case 'accepted':
    case 'filling':
      return fromWorking(order, event)
    case 'filled':
      return fromFilled(order, event)
    default:
      return order
  }
}

/** The fields of a working order that survive into a final status. */
const seenOf = ({ orderId, originChainId, openBlock, openSeenAt, updatedAt }: SolverOrder) => ({
  orderId,
  originChainId,
  openBlock,
  openSeenAt,
  updatedAt,
})

function fromWorking(order: Extract<SolverOrder, { status: 'accepted' | 'filling' }>, event: OrderEvent): SolverOrder {
  const { terms } = order
  const working = { ...seenOf(order), terms, originData: order.originData, ...openOf(order) }
  switch (event.type) {
    case 'declined':
      return { ...seenOf(order), status: 'declined', reason: event.reason, terms }
    case 'missed':
      return { ...seenOf(order), status: 'missed', reason: event.reason, terms }
    case 'filledByOther':
      return { ...seenOf(order), status: 'filled-by-other', terms }
    case 'waiting':
      if (order.status !== 'accepted' || order.reason === event.reason) return order
      return { ...order, reason: event.reason }
    case 'openFinal':
      return order.openFinal ? order : { ...order, openFinal: true }
    case 'fillSent':
      if (order.status === 'filling' && order.fillTx === event.tx) return order
      return { ...working, status: 'filling', fillTx: event.tx }
    case 'filled':
      return {
        ...working,
        status: 'filled',
        ...(order.status === 'filling' ? { fillTx: order.fillTx } : {}),
        filledAt: event.at,
      }
    case 'fillReverted':
      // Reverted: no longer in flight (nor is a dropped fill that reverted once mined again).
      if (order.status === 'filling') return { ...working, status: 'accepted' }
      return order.fillTx
        ? { ...working, status: 'accepted', ...(order.reason ? { reason: order.reason } : {}) }
        : order
    default:
      return order
  }
}

function fromFilled(order: Extract<SolverOrder, { status: 'filled' }>, event: OrderEvent): SolverOrder {
  const { terms, filledAt } = order
  const fillTx = order.fillTx ? { fillTx: order.fillTx } : {}
  switch (event.type) {
    case 'openFinal':
      return order.openFinal ? order : { ...order, openFinal: true }
    case 'claimSent':
      return order.claimTx === event.tx ? order : { ...order, claimTx: event.tx }
    case 'claimed':
      return {
        ...seenOf(order),
        status: 'claimed',
        terms,
        ...fillTx,
        filledAt,
        ...(order.claimTx ? { claimTx: order.claimTx } : {}),
      }
    case 'refundedFirst':
      return { ...seenOf(order), status: 'lost', terms, ...fillTx, filledAt }
    case 'reorged':
      return {
        ...seenOf(order),
        status: 'reorged',
        terms,
        ...fillTx,
        filledAt,
        reason: order.openTx
          ? 'the open the solver sent for this gasless order failed after the fill'
          : 'a reorg took back the open after the fill',
      }
    case 'fillDropped':
      return {
        ...seenOf(order),
        status: 'accepted',
        terms,
        originData: order.originData,
        ...openOf(order),
        reason: 'the fill was dropped by a reorg',
        ...(order.fillTx ? { fillTx: order.fillTx } : {}),
      }
    default:
      return order
  }
}

/** What a working order knows of its open: final, and the solver's own `openFor` of a gasless order, for whom. */
const openOf = (order: { openFinal?: true; openTx?: Hex; openedFor?: Address }) => ({
  ...(order.openFinal ? { openFinal: true as const } : {}),
  ...(order.openTx ? { openTx: order.openTx } : {}),
  ...(order.openedFor ? { openedFor: order.openedFor } : {}),
})

/** An order that holds inventory on its destination: accepted or being filled. */
export const reservesInventory = (
  order: SolverOrder,
): order is Extract<SolverOrder, { status: 'accepted' | 'filling' }> =>
  order.status === 'accepted' || order.status === 'filling'

/** Whether the solver has delivered (or is delivering) this order's output. */
export const hasDelivered = (order: SolverOrder) =>
  order.status === 'filling' || order.status === 'filled' || order.status === 'claimed'
