import type { Hex } from 'viem'

/** What every transfer has from the moment its final `Sent` was seen. */
type Seen = {
  transferId: Hex
  originChainId: number
  destinationChainId: number
  /** Release deadline and the unattested-refund time of the deposit (origin chain seconds). */
  deadline: number
  expires: number
  updatedAt: number
}

/** What the relayer sent: a release that may not have landed (a reorg can drop it), a finalize likewise. */
type Sent = { releaseTx?: Hex; finalizeTx?: Hex }

/**
 * One pool transfer as the relayer knows it, by status. Only `applyRelayerEvent` changes one; each status carries
 * what it can have: `reason` says why it is not released (and only while it is not), `lastError` the last failed
 * step of a transfer still in progress, a finalize only once released.
 */
export type RelayerTransfer =
  /** Final on the origin; waiting for the release authorization, or for the release sent to be final. */
  | (Seen & { status: 'pending'; releaseTx?: Hex; reason?: string; lastError?: string })
  /** Paid on the destination (final there); waiting to finalize on the origin. */
  | (Seen & Sent & { status: 'released'; lastError?: string })
  /** The deposit became origin liquidity, final there. */
  | (Seen & Sent & { status: 'finalized' })
  /** The deadline passed unreleased (attested); the sender can refund. Final for the relayer. */
  | (Seen & { status: 'not-released'; releaseTx?: Hex })
  /** The sender took the deposit back on the origin (final). */
  | (Seen & Sent & { status: 'refunded' })
  /** The origin no longer has the deposit: a reorg deeper than its finality (final). */
  | (Seen & Sent & { status: 'missing' })
  /** The release would revert for good, or cost more gas than the cap; the sender is refunded (final). */
  | (Seen & { status: 'declined'; reason: string; releaseTx?: Hex })

export type RelayerTransferStatus = RelayerTransfer['status']

export const FINAL_RELAYER_STATUSES: ReadonlySet<RelayerTransferStatus> = new Set([
  'finalized',
  'not-released',
  'refunded',
  'missing',
  'declined',
])

export const isFinalTransfer = (transfer: RelayerTransfer) => FINAL_RELAYER_STATUSES.has(transfer.status)

/** What happens to a transfer; each is applied by `applyRelayerEvent`, at the time `at` (epoch milliseconds). */
export type RelayerEvent = { at: number } /** The attester says it was not released by its deadline. */ & (
  | { type: 'notReleased' }
  /** The relayer sent a release (recorded once signed: it may be pending, mined, or dropped). */
  | { type: 'releaseSent'; tx: Hex }
  /** The release is final on the destination (the relayer's or anyone's). */
  | { type: 'released' }
  /** Not released, for now: too little time left before the sender could refund without attestation, say. */
  | { type: 'held'; reason: string }
  /** The release would revert for good, or cost more gas than the cap. */
  | { type: 'declined'; reason: string }
  /** The relayer sent a finalize (recorded once signed: it may be pending, mined, or dropped). */
  | { type: 'finalizeSent'; tx: Hex }
  /** The finalize is final on the origin. */
  | { type: 'finalized' }
  /** The deposit is gone from the origin's final state: refunded to its sender, or no longer there at all. */
  | { type: 'depositGone'; outcome: 'refunded' | 'missing' }
  /** A step failed; it is tried again next round. */
  | { type: 'failed'; error: string }
)

/** A transfer whose final `Sent` was just seen. */
export function seenTransfer(seen: Omit<Seen, 'updatedAt'>, at: number): RelayerTransfer {
  return { ...seen, status: 'pending', updatedAt: at }
}

/**
 * The transfer after `event`. Pure: an event that does not apply to the transfer's status (a duplicate, one that
 * arrives late or out of order) leaves it unchanged, the same object, so a final transfer never moves again.
 */
export function applyRelayerEvent(transfer: RelayerTransfer, event: RelayerEvent): RelayerTransfer {
  const next =
    transfer.status === 'pending'
      ? fromPending(transfer, event)
      : transfer.status === 'released'
        ? fromReleased(transfer, event)
        : transfer
  return next === transfer ? transfer : { ...next, updatedAt: Math.max(event.at, transfer.updatedAt) }
}

const seenOf = (transfer: RelayerTransfer): Seen => {
  const { transferId, originChainId, destinationChainId, deadline, expires, updatedAt } = transfer
  return { transferId, originChainId, destinationChainId, deadline, expires, updatedAt }
}
const optional = <K extends string, V>(key: K, value: V | undefined) =>
  (value === undefined ? {} : { [key]: value }) as { [key in K]?: V }
const sentOf = (transfer: { releaseTx?: Hex; finalizeTx?: Hex }): Sent => ({
  ...optional('releaseTx', transfer.releaseTx),
  ...optional('finalizeTx', transfer.finalizeTx),
})

function fromPending(transfer: Extract<RelayerTransfer, { status: 'pending' }>, event: RelayerEvent): RelayerTransfer {
  const releaseTx = optional('releaseTx', transfer.releaseTx)
  switch (event.type) {
    case 'notReleased':
      return { ...seenOf(transfer), status: 'not-released', ...releaseTx }
    case 'releaseSent':
      // Sent again after a reorg dropped the first one: the newest is the one to wait for.
      return transfer.releaseTx === event.tx ? transfer : { ...transfer, releaseTx: event.tx }
    case 'released':
      return { ...seenOf(transfer), status: 'released', ...releaseTx }
    case 'held':
      // The first reason stands (it is logged once).
      return transfer.reason === undefined ? { ...transfer, reason: event.reason } : transfer
    case 'declined':
      return { ...seenOf(transfer), status: 'declined', reason: event.reason, ...releaseTx }
    case 'depositGone':
      return { ...seenOf(transfer), status: event.outcome, ...releaseTx }
    case 'failed':
      return transfer.lastError === event.error ? transfer : { ...transfer, lastError: event.error }
    default:
      return transfer
  }
}

function fromReleased(
  transfer: Extract<RelayerTransfer, { status: 'released' }>,
  event: RelayerEvent,
): RelayerTransfer {
  switch (event.type) {
    case 'finalizeSent':
      return transfer.finalizeTx === event.tx ? transfer : { ...transfer, finalizeTx: event.tx }
    case 'finalized':
      return { ...seenOf(transfer), status: 'finalized', ...sentOf(transfer) }
    case 'depositGone':
      return { ...seenOf(transfer), status: event.outcome, ...sentOf(transfer) }
    case 'failed':
      return transfer.lastError === event.error ? transfer : { ...transfer, lastError: event.error }
    default:
      return transfer
  }
}
