import { type Address, type Hex, isAddressEqual } from 'viem'

/** What a pool transfer's final `Sent` says: fixed from then on. */
export type TransferTerms = {
  originChainId: number
  originPool: Address
  destinationChainId: number
  destinationPool: Address
  token: Address
  recipient: Address
  /** Base units, as decimal text. */
  amount: string
  deadline: number
  sender: Address
}

/**
 * One pool transfer as the attester knows it, by status. Only `applyTransferEvent` changes one. The decision is
 * the status, written once like an intent's: `decided-released` or `decided-not-released`, never both signed.
 */
export type TransferRecord =
  /** Its pool is the manifest's; nothing released on the destination yet. Its release is authorized. */
  | (TransferTerms & { status: 'pending' })
  /** Names a pool outside the manifest: never authorized, never released; it can only be refunded. */
  | (TransferTerms & { status: 'unreleasable' })
  /** Its final `ReleasedOnDestination` event seen, not decided yet (decided at once). */
  | (TransferTerms & { status: 'release-seen'; releasedTx: Hex })
  /** Released on the destination; `releasedTx` once its event was seen (a read may decide first). */
  | (TransferTerms & { status: 'decided-released'; releasedTx?: Hex })
  /** Not released by its deadline. `releasable`: its pool was the manifest's (its release had been authorized). */
  | (TransferTerms & { status: 'decided-not-released'; releasable: boolean })

export type TransferStatus = TransferRecord['status']

export const isTransferDecided = (
  transfer: TransferRecord,
): transfer is Extract<TransferRecord, { status: 'decided-released' | 'decided-not-released' }> =>
  transfer.status === 'decided-released' || transfer.status === 'decided-not-released'

/** Whether the transfer's pool is the manifest's: only then is its release authorized. */
export const isReleasable = (transfer: TransferRecord) =>
  transfer.status === 'decided-not-released' ? transfer.releasable : transfer.status !== 'unreleasable'

/** What happens to a transfer; each is applied by `applyTransferEvent`. */
export type TransferEvent =
  /** A final `ReleasedOnDestination` event for the transfer, on chain `chainId`'s pool `pool`. */
  | { type: 'releaseSeen'; chainId: number; pool: Address; txHash: Hex }
  /** Released: the event seen, or a read of the destination's final state past the deadline. */
  | { type: 'decidedReleased' }
  /** Not released in the destination's final state at `finalTime` (its timestamp, past the deadline). */
  | { type: 'decidedNotReleased'; finalTime: number }

/** A newly sent transfer: `releasable` when its destination pool is the manifest's. */
export function sentTransfer(terms: TransferTerms, releasable: boolean): TransferRecord {
  return { ...terms, status: releasable ? 'pending' : 'unreleasable' }
}

const termsOf = (transfer: TransferRecord): TransferTerms => {
  const { originChainId, originPool, destinationChainId, destinationPool, token, recipient, amount } = transfer
  const { deadline, sender } = transfer
  return { originChainId, originPool, destinationChainId, destinationPool, token, recipient, amount, deadline, sender }
}

/**
 * The transfer after `event`. Pure: an event that does not apply to the transfer's status (a duplicate, one that
 * arrives late or out of order, a decision against what is known) leaves it unchanged, the same object. A decided
 * transfer may only learn its release's transaction; its decision never changes.
 */
export function applyTransferEvent(transfer: TransferRecord, event: TransferEvent): TransferRecord {
  switch (event.type) {
    case 'releaseSeen': {
      const own = event.chainId === transfer.destinationChainId && isAddressEqual(event.pool, transfer.destinationPool)
      if (!own) return transfer
      if (transfer.status === 'pending')
        return { ...termsOf(transfer), status: 'release-seen', releasedTx: event.txHash }
      if (transfer.status === 'decided-released' && !transfer.releasedTx)
        return { ...transfer, releasedTx: event.txHash }
      return transfer
    }
    case 'decidedReleased':
      if (transfer.status === 'pending') return { ...termsOf(transfer), status: 'decided-released' }
      if (transfer.status === 'release-seen') {
        return { ...termsOf(transfer), status: 'decided-released', releasedTx: transfer.releasedTx }
      }
      return transfer
    case 'decidedNotReleased':
      // A release seen on the destination rules a not-released out: both would pay the transfer twice.
      if (transfer.status !== 'pending' && transfer.status !== 'unreleasable') return transfer
      if (event.finalTime <= transfer.deadline) return transfer
      return { ...termsOf(transfer), status: 'decided-not-released', releasable: transfer.status === 'pending' }
  }
}
