import { intentOriginSettlerStatus } from '@multi-bridge/contracts'
import { type Hex, isAddressEqual } from 'viem'
import type { ChainContext } from '../shared/context.ts'
import { ServiceError } from '../shared/errors.ts'
import { ownTransactionState } from '../shared/ownTransaction.ts'
import { fillConditions } from './admit.ts'
import { chainOf, recordEvent, type SolverContext } from './context.ts'
import { type Estimated, type FillPlan, isOpenFinal, PREPARED_FOR_MS, planFill } from './fillReads.ts'
import { gaslessLossInWindow, hasLostGasless } from './gaslessLosses.ts'
import type { SolverOrder } from './order.ts'
import { fillTimingProblem } from './orderLimits.ts'
import { readEscrow, readFill } from './reads.ts'

/** An order the solver is filling: accepted, or with a fill sent. */
export type FillableOrder = Extract<SolverOrder, { status: 'accepted' | 'filling' }>

const PAUSED = 'claims are paused on the origin chain'
const NOT_FINAL = 'waiting for the open to be final'
const NOT_OPEN_YET = 'waiting for the open to be read'
const FILL_PENDING = 'its fill is sent and not mined yet'
const NOT_SET_UP = 'waiting for the solver to be set up on the destination chain'
const FILL_MAY_LAND = 'its fill may still land: waiting for the destination to be final past the deadline'

/**
 * Fills an accepted order on its destination, once every check still holds just before paying: not filled yet,
 * the deadline ahead with room to be repaid, the escrow still open, claims not paused, and the exposure to
 * opens that are not final within the cap. Safe to run again after a restart or a failed step.
 */
export async function fill(context: SolverContext, order: FillableOrder): Promise<void> {
  const destination = chainOf(context, order.terms.destinationChainId)
  const origin = chainOf(context, order.originChainId)
  // The reads admission started for this order when they are fresh (fillReads.ts), else every read at once.
  const plan =
    takePreparedFill(context, order.orderId) ??
    planFill(context, {
      call: order,
      origin,
      destination,
      conditions: fillConditions(destination, origin),
      escrow: escrowProblem(origin, order),
      knownFinal: order.openFinal === true,
    })
  const { onChain, conditions, escrow, paused, openFinal } = await plan.reads
  if (onChain.fillTime !== 0) {
    const ours = isAddressEqual(onChain.solver, context.solver)
    recordEvent(context, order.orderId, { type: ours ? 'filled' : 'filledByOther', at: Date.now() })
    return
  }
  // A fill of its own sent before (its receipt wait gave up, the solver restarted, or a reorg dropped it) may still
  // be mined: until it is known to be gone, the order is neither missed nor declined, or its user would be repaid
  // by an unattested refund after the fill paid the recipient, and the solver never claim.
  if (order.fillTx) {
    const sent = await ownTransactionState(destination, order.fillTx)
    if (sent === 'mined') {
      recordEvent(context, order.orderId, { type: 'filled', at: Date.now() })
      return
    }
    if (sent === 'reverted') recordEvent(context, order.orderId, { type: 'fillReverted', at: Date.now() })
    else if (conditions.now > order.terms.fillDeadline) {
      // Past the deadline on this machine's clock or the destination's latest block, but the settler checks the
      // deadline against the stamp of the block that mines the fill: a chain whose blocks trail (stalled, or stamped
      // by a sequencer) still takes it in time. Only the destination's own final state ends the order.
      if (!(await missedOnDestination(destination, order))) {
        return order.status === 'accepted' ? wait(context, order, FILL_MAY_LAND) : undefined
      }
    } else if (sent === 'pending') {
      return order.status === 'accepted' ? wait(context, order, FILL_PENDING) : undefined
    }
  }
  if (conditions.now > order.terms.fillDeadline) {
    recordEvent(context, order.orderId, {
      type: 'missed',
      reason: 'fill deadline passed before the fill landed',
      at: Date.now(),
    })
    context.log.error('missed an accepted order', { orderId: order.orderId })
    return
  }
  const problem = fillTimingProblem(order.terms, conditions) ?? escrow
  if (problem === NOT_OPEN_YET) return wait(context, order, problem)
  if (problem) return decline(context, order, problem)
  // Claims paused by the guardian: a fill now might not be repaid before the pause ends. Wait.
  if (paused) return wait(context, order, PAUSED)
  // The solver's approvals on the destination are not in place yet (it was unreachable since the start): the fill
  // would revert. Wait for its setup (chainSetup.ts).
  if (!context.setUp.approved.has(destination.config.id)) return wait(context, order, NOT_SET_UP)
  if (!holdExposure(context, order, openFinal)) return wait(context, order, NOT_FINAL)
  try {
    await sendFill(context, order, destination, plan.estimated)
  } finally {
    context.locks.exposure.delete(order.orderId)
  }
}

/**
 * Whether the order can no longer be filled, by the destination's own final state: a final block stamped after the
 * fill deadline, and no fill there. Every later block is stamped later still, so no fill can land any more, the
 * solver's own pending one included (mined now, it reverts).
 */
async function missedOnDestination(destination: ChainContext, order: FillableOrder): Promise<boolean> {
  const head = await destination.finalHead()
  if (head.timestamp <= order.terms.fillDeadline) return false
  return (await readFill(destination, order.orderId, head.number)).fillTime === 0
}

/** The reads admission started for the order, once, while they are fresh. */
function takePreparedFill(context: SolverContext, orderId: Hex): FillPlan | undefined {
  const prepared = context.caches.preparedFills.get(orderId)
  context.caches.preparedFills.delete(orderId)
  return prepared && Date.now() - prepared.at <= PREPARED_FOR_MS ? prepared.plan : undefined
}

/**
 * Just before paying: the escrow must still be there (not refunded, not taken back by a reorg), or, for a gasless
 * order whose `openFor` the solver sent, that open must still be on its way (pending, not failed or dropped).
 */
async function escrowProblem(origin: ChainContext, order: FillableOrder): Promise<string | undefined> {
  const escrow = await readEscrow(origin, order.orderId)
  const open =
    escrow.status === intentOriginSettlerStatus.Open && escrow.inputAmount === BigInt(order.terms.inputAmount)
  if (open) return undefined
  if (escrow.status === intentOriginSettlerStatus.None && order.openTx) return ownOpenProblem(origin, order.openTx)
  return 'the escrow is no longer open on the origin chain'
}

/** Why the solver's own `openFor` will not open the escrow: mined and failed, or gone from the node's pool. */
async function ownOpenProblem(origin: ChainContext, openTx: Hex): Promise<string | undefined> {
  const state = await ownTransactionState(origin, openTx)
  // Mined: it failed, or it opened the escrow after the read above (read again next round).
  if (state === 'mined') return NOT_OPEN_YET
  if (state === 'reverted') return 'the open of the gasless order failed'
  return state === 'pending' ? undefined : 'the open of the gasless order was dropped'
}

function wait(context: SolverContext, order: FillableOrder, reason: string) {
  if (order.status === 'accepted' && order.reason === reason) return
  recordEvent(context, order.orderId, { type: 'waiting', reason, at: Date.now() })
  context.log.info('fill waits', { orderId: order.orderId, reason })
}

/**
 * A fill against an open that is not final yet is a bet on no reorg; the bet is capped. True when the order's
 * open is final, or its value fits under the cap and is now held against it (released once the fill is recorded).
 */
function holdExposure(context: SolverContext, order: FillableOrder, openFinal: boolean): boolean {
  if (openFinal) {
    if (!order.openFinal) recordEvent(context, order.orderId, { type: 'openFinal', at: Date.now() })
    return true
  }
  // Checked and held with no await in between: concurrent fills cannot all pass the same cap.
  const value = BigInt(order.terms.outputUsd)
  const { pricing } = context
  if (unconfirmedExposure(context, order.originChainId, order.orderId) + value > pricing.maxUnconfirmedUsd) return false
  // A gasless order the solver opened itself: its person can still make the open fail (tighter cap), and what such
  // people took within the loss window counts as if still unopened. A signer who did it once waits for the open.
  if (order.openTx) {
    if (hasLostGasless(context, order.openedFor)) return false
    const unopened = unconfirmedExposure(context, order.originChainId, order.orderId, { unopened: true })
    const lost = gaslessLossInWindow(context, order.originChainId, Date.now())
    if (unopened + lost + value > pricing.maxUnopenedUsd) return false
  }
  context.locks.exposure.add(order.orderId)
  return true
}

/**
 * Whether the order's open is in the origin's final state, recorded once it is: from then on the order no longer
 * counts against the cap on unconfirmed exposure. One read at the final head while it is not.
 */
export async function markOpenFinal(
  context: SolverContext,
  order: Extract<SolverOrder, { openFinal?: true }>,
  origin: ChainContext,
): Promise<boolean> {
  if (order.openFinal) return true
  if (!(await isOpenFinal(origin, order.orderId))) return false
  recordEvent(context, order.orderId, { type: 'openFinal', at: Date.now() })
  return true
}

/**
 * USD delivered (or being delivered) against opens on `originChainId` that are not final there; `unopened`: only
 * the gasless orders whose `openFor` the solver sent itself.
 */
export function unconfirmedExposure(
  context: Pick<SolverContext, 'store' | 'locks'>,
  originChainId: number,
  except: string,
  { unopened = false } = {},
): bigint {
  let total = 0n
  for (const other of Object.values(context.store.value.orders)) {
    if (other.orderId === except || other.originChainId !== originChainId) continue
    const working = other.status === 'accepted' || other.status === 'filling' || other.status === 'filled'
    if (!working || other.openFinal || (unopened && !other.openTx)) continue
    // Committed: a fill sent (filling, filled), one held by a fill under way, or an accepted order that keeps a fill
    // of its own a reorg dropped: the node may mine that one again (it waits for it, fill() FILL_PENDING).
    const committed =
      other.status !== 'accepted' || context.locks.exposure.has(other.orderId) || other.fillTx !== undefined
    if (committed) total += BigInt(other.terms.outputUsd)
  }
  return total
}

/** Ends an accepted order that cannot be filled safely; its inventory is free again. */
export function decline(context: SolverContext, order: SolverOrder, reason: string) {
  recordEvent(context, order.orderId, { type: 'declined', reason, at: Date.now() })
  context.log.warn('accepted order declined', { orderId: order.orderId, reason })
}

/** Sends the fill as estimated and capped, in its turn on the chain, and records what its receipt says. */
async function sendFill(
  context: SolverContext,
  order: FillableOrder,
  destination: ChainContext,
  estimating: Promise<Estimated>,
) {
  // The admitted order is in the database before money moves for it; only the send itself waits its turn in the
  // chain's queue (the estimates of fills to one chain do not wait in a row).
  const [, estimated] = await Promise.all([context.store.flush(), estimating])
  if (!('gas' in estimated)) {
    if ('tooCostly' in estimated) {
      return decline(context, order, `the fill would cost too much gas: ${estimated.tooCostly}`)
    }
    // Filled meanwhile (by us, seen late by a lagging node, or by another solver): the next round reads who.
    if (estimated.reverted === 'AlreadyFilled') {
      throw new ServiceError('the order is already filled; reading the fill again', { code: 'ALREADY_FILLED' })
    }
    // Estimated before every attempt: a fill that would revert is never sent, nor retried until the deadline.
    return decline(context, order, `the fill would revert (${estimated.reverted})`)
  }
  // Recorded once signed, before the node is asked: a send that throws after the node took it (no answer, a retry
  // refused as known) leaves the order `filling` with its hash, counted against the cap and looked for before
  // another fill is sent. The node's answer names the same hash (recorded again, a no-op).
  const recordSent = (tx: Hex) => recordEvent(context, order.orderId, { type: 'fillSent', tx, at: Date.now() })
  const sent = await destination.send(estimated.request, estimated.gas, { onSigned: recordSent })
  recordSent(sent)
  context.log.info('fill sent', { orderId: order.orderId, chainId: destination.config.id, tx: sent })
  const receipt = await destination.waitForReceipt(sent)
  if (receipt.status === 'success') {
    recordEvent(context, order.orderId, { type: 'filled', at: Date.now() })
    context.log.info('order filled', { orderId: order.orderId, block: receipt.blockNumber })
  } else {
    recordEvent(context, order.orderId, { type: 'fillReverted', at: Date.now() })
    context.log.warn('fill reverted; will re-check', { orderId: order.orderId, tx: sent })
  }
}
