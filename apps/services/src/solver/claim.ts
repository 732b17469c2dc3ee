import { intentOriginSettlerAbi, intentOriginSettlerStatus } from '@multi-bridge/contracts'
import { type Hex, isAddressEqual } from 'viem'
import type { ChainContext } from '../shared/context.ts'
import { ownTransactionState } from '../shared/ownTransaction.ts'
import { chainOf, recordEvent, type SolverContext } from './context.ts'
import { markOpenFinal } from './fill.ts'
import { bookGaslessLoss } from './gaslessLosses.ts'
import type { SolverOrder } from './order.ts'
import { originSettlerOf, readEscrow, readFill } from './reads.ts'

export type FilledOrder = Extract<SolverOrder, { status: 'filled' }>

/**
 * Repays the solver on the origin. 'claimed' is recorded only once the claim is final there: a claim
 * a reorg drops is sent again, before `expires` lets the user take the escrow back.
 */
export async function claim(context: SolverContext, order: FilledOrder): Promise<void> {
  const origin = chainOf(context, order.originChainId)
  const { status } = await readEscrow(origin, order.orderId)
  if (status === intentOriginSettlerStatus.Claimed) {
    if ((await readEscrow(origin, order.orderId, 'final')).status === intentOriginSettlerStatus.Claimed) {
      recordEvent(context, order.orderId, { type: 'claimed', at: Date.now() })
      context.log.info('order claimed', { orderId: order.orderId, tx: order.claimTx })
    }
    return
  }
  if (status === intentOriginSettlerStatus.Refunded) {
    context.log.error('order was refunded before the solver claimed it', { orderId: order.orderId, alert: true })
    recordEvent(context, order.orderId, { type: 'refundedFirst', at: Date.now() })
    return
  }
  if (status === intentOriginSettlerStatus.None) return settleVanishedOpen(context, order, origin)
  // Once the open is final, this fill no longer counts against the cap on unconfirmed exposure: the orders
  // waiting behind the cap are filled at once, not after this one's claim (npm run load: fill p95 13-16 blocks).
  await markOpenFinal(context, order, origin)
  await claimWithAttestation(context, order, origin)
}

/** Sends the claim once the attester has signed the solver's fill; fills again if a reorg dropped the fill. */
async function claimWithAttestation(context: SolverContext, order: FilledOrder, origin: ChainContext) {
  const answer = await context.attester.intent(order.orderId)
  const attestation = answer?.status === 'filled' ? answer.attestation : undefined
  if (attestation?.kind !== 'fill' || !isAddressEqual(attestation.solver, context.solver)) {
    // Not attested (yet): if a reorg on the destination dropped our fill, fill again while there is time.
    const destination = chainOf(context, order.terms.destinationChainId)
    if (
      (answer === undefined || answer.status === 'open') &&
      (await readFill(destination, order.orderId)).fillTime === 0
    ) {
      recordEvent(context, order.orderId, { type: 'fillDropped', at: Date.now() })
      context.log.warn('fill no longer on the destination chain; filling again', { orderId: order.orderId })
    }
    return
  }
  // Attested: the attester saw the open final.
  recordEvent(context, order.orderId, { type: 'openFinal', at: Date.now() })
  // A claim sent before and still in the node's pool (a slow chain: its receipt wait gave up) is waited for, not sent
  // again: the settler pays one claim, and each copy mined after it reverts, its gas paid. Sent again once it is gone
  // or reverted.
  if (order.claimTx && (await ownTransactionState(origin, order.claimTx)) === 'pending') {
    await origin.waitForReceipt(order.claimTx)
    return
  }
  const request = {
    address: originSettlerOf(origin),
    abi: intentOriginSettlerAbi,
    functionName: 'claim',
    args: [order.orderId, attestation.solver, attestation.fillTime, attestation.signatures],
    account: context.account,
  } as const
  await context.store.flush()
  await origin.publicClient.simulateContract(request)
  // Recorded once signed, before the node is asked, and so before its receipt is waited for.
  const recordSent = (tx: Hex) => recordEvent(context, order.orderId, { type: 'claimSent', tx, at: Date.now() })
  const hash = await origin.send(request, undefined, { onSigned: recordSent })
  recordSent(hash)
  await origin.waitForReceipt(hash)
}

/**
 * A filled order whose open is gone from the origin: a reorg took it back after the fill (the risk
 * `maxUnconfirmedUsd` caps), or the solver's own open of a gasless order failed (`maxUnopenedUsd`). Once the origin's
 * final head is past the fill deadline the open can never come back (`open` refuses a passed deadline): the loss is
 * final and alerted. A reorged open no longer counts against its cap; a gasless loss is booked instead
 * (`bookGaslessLoss`): it counts against `maxUnopenedUsd` for the loss window, and its signer is not filled early again.
 */
async function settleVanishedOpen(context: SolverContext, order: FilledOrder, origin: ChainContext) {
  const head = await origin.finalHead()
  if (head.timestamp <= order.terms.fillDeadline) return
  if ((await readEscrow(origin, order.orderId, head.number)).status !== intentOriginSettlerStatus.None) return
  const lostInWindowUsd = bookGaslessLoss(context, order)
  recordEvent(context, order.orderId, { type: 'reorged', at: Date.now() })
  const how = order.openTx ? 'whose gasless open failed' : 'whose open a reorg took back'
  context.log.error(`filled an order ${how}`, {
    orderId: order.orderId,
    originChainId: order.originChainId,
    outputUsd: order.terms.outputUsd,
    fillTx: order.fillTx,
    ...(order.openTx
      ? {
          signer: order.openedFor,
          lostInWindowUsd: lostInWindowUsd.toString(),
          windowSeconds: context.pricing.gaslessLossWindowSeconds,
        }
      : {}),
    alert: true,
  })
}
