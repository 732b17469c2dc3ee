import { computeIntentOrderId, decodeIntentOriginData } from '@multi-bridge/core'
import { type Address, type Hex, isAddressEqual } from 'viem'
import { type AttesterContext, recordIntentEvent } from './context.ts'
import { applyIntentEvent, type IntentEvent, openedIntent } from './intentMachine.ts'

export type IndexContext = Pick<AttesterContext, 'store' | 'chains' | 'log'>

export type IndexOpenParameters = {
  /** The chain whose origin settler emitted the final `Open`. */
  chainId: number
  orderId: Hex
  originData: Hex
}

/**
 * Records a final `Open` as an intent, once: an order whose id does not bind its data is ignored, one naming a
 * destination outside the manifest can only be refunded. A fill seen before it (an orphan) is attached now.
 */
export function indexOpen(context: IndexContext, { chainId, orderId, originData }: IndexOpenParameters) {
  const { store, log } = context
  if (store.value.intents[orderId]) return
  let data: ReturnType<typeof decodeIntentOriginData>
  try {
    data = decodeIntentOriginData(originData)
  } catch {
    return log.warn('ignoring order with malformed origin data', { orderId })
  }
  if (computeIntentOrderId(originData) !== orderId || Number(data.originChainId) !== chainId) {
    return log.warn('ignoring order whose id does not bind its data', { orderId })
  }
  const destinationChainId = Number(data.destinationChainId)
  const knownSettler = context.chains.get(destinationChainId)?.config.contracts.intentDestinationSettler
  const fillable = Boolean(knownSettler && isAddressEqual(knownSettler, data.destinationSettler))
  if (!fillable) log.warn('order names a destination outside the manifest: it can only be refunded', { orderId })
  const terms = {
    originChainId: chainId,
    originSettler: data.originSettler,
    destinationChainId,
    destinationSettler: data.destinationSettler,
    fillDeadline: data.fillDeadline,
  }
  let intent = openedIntent(terms, fillable)
  const orphan = store.value.orphanFills[orderId]
  if (orphan) {
    const { chainId: fillChainId, settler, solver, fillTime, txHash } = orphan
    intent = applyIntentEvent(intent, { type: 'filled', chainId: fillChainId, settler, solver, fillTime, txHash })
  }
  store.update((state) => {
    state.intents[orderId] = intent
    delete state.orphanFills[orderId]
  })
}

export type IndexFillParameters = {
  /** The chain whose destination settler emitted the final `Filled`. */
  chainId: number
  orderId: Hex
  solver: Address
  fillTime: number
  txHash: Hex
}

/** Records a final `Filled` on its intent; one whose order is not known (yet) waits as an orphan (orphans.ts). */
export function indexFill(context: IndexContext, parameters: IndexFillParameters): void {
  const { chainId, orderId, solver, fillTime, txHash } = parameters
  const settler = context.chains.get(chainId)?.config.contracts.intentDestinationSettler
  if (!settler) return
  const event: IntentEvent = { type: 'filled', chainId, settler, solver, fillTime, txHash }
  const recorded = recordIntentEvent(context, orderId, event)
  if (recorded) {
    const { before } = recorded
    const own = before.destinationChainId === chainId && isAddressEqual(before.destinationSettler, settler)
    // Only a reorg deeper than the chain's finality can do this: the no-fill already handed out stands.
    if (own && before.status === 'decided-no-fill') {
      context.log.error('a final fill for an order attested as not filled', { orderId, txHash, alert: true })
    }
    return
  }
  if (context.store.value.orphanFills[orderId]) return
  context.store.update((state) => {
    state.orphanFills[orderId] = { chainId, settler, solver, fillTime, txHash, seenAt: Date.now() }
  })
}
