import { type Address, type Hex, isAddressEqual } from 'viem'
import { recordTransferEvent } from './context.ts'
import type { IndexContext } from './indexIntents.ts'
import { applyTransferEvent, sentTransfer } from './transferMachine.ts'

export type IndexSentParameters = {
  /** The chain whose pool emitted the final `Sent`. */
  chainId: number
  transferId: Hex
  sender: Address
  destinationChainId: bigint
  destinationPool: Address
  destinationToken: Address
  recipient: Address
  amountOut: bigint
  deadline: number
}

/**
 * Records a final `Sent` as a transfer, once: one naming a pool outside the manifest is never authorized and can
 * only be refunded. A release seen before it (an orphan) is attached now.
 */
export function indexSent(context: IndexContext, sent: IndexSentParameters): void {
  const { store, chains, log } = context
  const { transferId } = sent
  const originPool = chains.get(sent.chainId)?.config.contracts.poolBridge
  if (store.value.transfers[transferId] || !originPool) return
  const destinationChainId = Number(sent.destinationChainId)
  const knownPool = chains.get(destinationChainId)?.config.contracts.poolBridge
  const releasable = Boolean(knownPool && isAddressEqual(knownPool, sent.destinationPool))
  if (!releasable) log.warn('transfer names a pool outside the manifest: it can only be refunded', { transferId })
  const terms = {
    originChainId: sent.chainId,
    originPool,
    destinationChainId,
    destinationPool: sent.destinationPool,
    token: sent.destinationToken,
    recipient: sent.recipient,
    amount: sent.amountOut.toString(),
    deadline: sent.deadline,
    sender: sent.sender,
  }
  let transfer = sentTransfer(terms, releasable)
  const early = store.value.orphanReleases[transferId]
  const earlyPool = early && chains.get(early.chainId)?.config.contracts.poolBridge
  if (early && earlyPool) {
    transfer = applyTransferEvent(transfer, {
      type: 'releaseSeen',
      chainId: early.chainId,
      pool: earlyPool,
      txHash: early.txHash,
    })
  }
  store.update((state) => {
    state.transfers[transferId] = transfer
    delete state.orphanReleases[transferId]
  })
}

export type IndexReleasedParameters = {
  /** The chain whose pool emitted the final `ReleasedOnDestination`. */
  chainId: number
  transferId: Hex
  txHash: Hex
}

/** Records a final release on its transfer; one whose transfer is not known (yet) waits as an orphan. */
export function indexReleased(context: IndexContext, { chainId, transferId, txHash }: IndexReleasedParameters): void {
  const pool = context.chains.get(chainId)?.config.contracts.poolBridge
  if (!pool) return
  const recorded = recordTransferEvent(context, transferId, { type: 'releaseSeen', chainId, pool, txHash })
  if (recorded) {
    const { before } = recorded
    // Only a reorg deeper than the chain's finality can do this: the not-released already handed out stands.
    if (before.status === 'decided-not-released' && before.releasable && before.destinationChainId === chainId) {
      context.log.error('a final release of a transfer attested as not released', { transferId, txHash, alert: true })
    }
    return
  }
  // Released before its Sent was final here: kept until the transfer is indexed.
  if (context.store.value.orphanReleases[transferId]) return
  context.store.update((state) => {
    state.orphanReleases[transferId] = { chainId, txHash, seenAt: Date.now() }
  })
}
