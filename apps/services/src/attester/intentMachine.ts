import { type Address, type Hex, isAddressEqual } from 'viem'

/** What an order's final `Open` binds (its id is the hash of its origin data): fixed from then on. */
export type IntentTerms = {
  originChainId: number
  originSettler: Address
  destinationChainId: number
  destinationSettler: Address
  fillDeadline: number
}

/** A fill of the order on its own destination settler; `txHash` once its final `Filled` event was seen. */
export type IntentFill = { solver: Address; fillTime: number; txHash?: Hex }

/**
 * One intent as the attester knows it, by status. Only `applyIntentEvent` changes one. The decision is the status:
 * `decided-fill` or `decided-no-fill`, written once before any signature leaves the service, so a fill and a
 * no-fill are never both signed. Signatures are made from it when asked, with the service's current key, so a
 * rotated signer set (ThresholdAttestationVerifier) attests what was decided before the rotation too.
 */
export type IntentRecord =
  /** Nothing seen on its destination yet. */
  | (IntentTerms & { status: 'open' })
  /** Names a destination chain or settler outside the manifest: nothing there counts; it can only be refunded. */
  | (IntentTerms & { status: 'unfillable' })
  /** Its first final `Filled` event seen, not decided yet (decided at once when the fill was in time). */
  | (IntentTerms & { status: 'fill-seen'; fill: IntentFill & { txHash: Hex } })
  /** Filled by its deadline: only a fill attestation is ever signed for it. */
  | (IntentTerms & { status: 'decided-fill'; fill: IntentFill })
  /** Not filled by its deadline (or nothing could fill it): only a no-fill attestation is ever signed for it. */
  | (IntentTerms & { status: 'decided-no-fill' })

export type IntentStatus = IntentRecord['status']

export const isIntentDecided = (
  intent: IntentRecord,
): intent is Extract<IntentRecord, { status: 'decided-fill' | 'decided-no-fill' }> =>
  intent.status === 'decided-fill' || intent.status === 'decided-no-fill'

/** What happens to an intent; each is applied by `applyIntentEvent`. */
export type IntentEvent =
  /** A final `Filled` event for the order on chain `chainId`, emitted by `settler`. */
  | { type: 'filled'; chainId: number; settler: Address; solver: Address; fillTime: number; txHash: Hex }
  /** Filled by `solver` at `fillTime`: the fill seen, or the one a read of the destination's final state found. */
  | { type: 'decidedFill'; solver: Address; fillTime: number }
  /** No fill in the destination's final state at `finalTime` (its timestamp, past the deadline). */
  | { type: 'decidedNoFill'; finalTime: number }

/** A newly opened intent: `fillable` when its destination chain and settler are the manifest's. */
export function openedIntent(terms: IntentTerms, fillable: boolean): IntentRecord {
  return { ...terms, status: fillable ? 'open' : 'unfillable' }
}

const termsOf = (intent: IntentRecord): IntentTerms => {
  const { originChainId, originSettler, destinationChainId, destinationSettler, fillDeadline } = intent
  return { originChainId, originSettler, destinationChainId, destinationSettler, fillDeadline }
}

/** Only a fill on the order's own destination chain and settler counts. */
const isOwnFill = (intent: IntentRecord, event: Extract<IntentEvent, { type: 'filled' }>) =>
  event.chainId === intent.destinationChainId && isAddressEqual(event.settler, intent.destinationSettler)

/** Our settler refuses fills after the deadline, and a fill time is never 0: anything else is no fill of ours. */
const inTime = (intent: IntentRecord, fillTime: number) => fillTime > 0 && fillTime <= intent.fillDeadline

const sameFill = (fill: IntentFill, solver: Address, fillTime: number) =>
  fill.fillTime === fillTime && isAddressEqual(fill.solver, solver)

/**
 * The intent after `event`. Pure: an event that does not apply to the intent's status (a duplicate, one that
 * arrives late or out of order, a decision against what is known) leaves it unchanged, the same object. A decided
 * intent may only learn its fill's transaction; its decision never changes.
 */
export function applyIntentEvent(intent: IntentRecord, event: IntentEvent): IntentRecord {
  switch (event.type) {
    case 'filled':
      return filled(intent, event)
    case 'decidedFill':
      return decidedFill(intent, event)
    case 'decidedNoFill':
      // A fill seen on the destination rules a no-fill out: both would pay the order twice.
      if (intent.status !== 'open' && intent.status !== 'unfillable') return intent
      return event.finalTime > intent.fillDeadline ? { ...termsOf(intent), status: 'decided-no-fill' } : intent
  }
}

function filled(intent: IntentRecord, event: Extract<IntentEvent, { type: 'filled' }>): IntentRecord {
  if (!isOwnFill(intent, event)) return intent
  const { solver, fillTime, txHash } = event
  if (intent.status === 'open') return { ...termsOf(intent), status: 'fill-seen', fill: { solver, fillTime, txHash } }
  // Decided from a read: its event names the transaction (the first one wins, as for every fill).
  if (intent.status === 'decided-fill' && !intent.fill.txHash && sameFill(intent.fill, solver, fillTime)) {
    return { ...intent, fill: { ...intent.fill, txHash } }
  }
  return intent
}

function decidedFill(intent: IntentRecord, event: Extract<IntentEvent, { type: 'decidedFill' }>): IntentRecord {
  const { solver, fillTime } = event
  if (!inTime(intent, fillTime)) return intent
  if (intent.status === 'open') return { ...termsOf(intent), status: 'decided-fill', fill: { solver, fillTime } }
  if (intent.status === 'fill-seen' && sameFill(intent.fill, solver, fillTime)) {
    return { ...termsOf(intent), status: 'decided-fill', fill: intent.fill }
  }
  return intent
}
