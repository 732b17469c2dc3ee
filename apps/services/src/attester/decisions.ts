import { intentDestinationSettlerAbi, poolBridgeAbi } from '@multi-bridge/contracts'
import type { FinalHead } from '@multi-bridge/core'
import type { Hex } from 'viem'
import type { ChainContext } from '../shared/context.ts'
import { createReadPool, type ReadPool, ReadTimeoutError, runRound } from '../shared/readPool.ts'
import { type AttesterContext, recordIntentEvent, recordTransferEvent } from './context.ts'
import { type IntentEvent, type IntentRecord, isIntentDecided } from './intentMachine.ts'
import { isTransferDecided, type TransferEvent, type TransferRecord } from './transferMachine.ts'

export type DecisionContext = Pick<AttesterContext, 'store' | 'chains' | 'log' | 'failures' | 'limits'>

/** An undecided item that needs a chain: decided once that chain's final head is past `after`. */
type Waiting = {
  key: string
  chainId: number
  after: number
  /** Decides it at `head`: from the item alone, or from a read of the chain's state there. */
  decide: (head: FinalHead) => Promise<void> | void
}

/** Records an intent's decision (the machine keeps the first one: a fill and a no-fill are never both signed). */
function decideIntent(context: DecisionContext, orderId: Hex, event: IntentEvent) {
  const recorded = recordIntentEvent(context, orderId, event)
  if (!recorded || recorded.before === recorded.after) return
  const { after } = recorded
  const solver = after.status === 'decided-fill' ? { solver: after.fill.solver } : {}
  context.log.info(`signed ${after.status === 'decided-fill' ? 'fill' : 'no-fill'} attestation`, { orderId, ...solver })
}

function decideTransfer(context: DecisionContext, transferId: Hex, event: TransferEvent) {
  const recorded = recordTransferEvent(context, transferId, event)
  if (!recorded || recorded.before === recorded.after) return
  const kind = recorded.after.status === 'decided-released' ? 'released' : 'not-released'
  context.log.info(`signed ${kind} attestation`, { transferId })
}

/** Decides, without any read, what the final logs already answer: a fill in time, a release. */
export function decideKnown(context: DecisionContext) {
  for (const [orderId, intent] of Object.entries(context.store.value.intents)) {
    // A later fill cannot happen on our settler (it refuses them): never signed.
    if (intent.status !== 'fill-seen' || intent.fill.fillTime > intent.fillDeadline) continue
    const { solver, fillTime } = intent.fill
    decideIntent(context, orderId as Hex, { type: 'decidedFill', solver, fillTime })
  }
  for (const [transferId, transfer] of Object.entries(context.store.value.transfers)) {
    if (transfer.status === 'release-seen') decideTransfer(context, transferId as Hex, { type: 'decidedReleased' })
  }
}

function waitingIntent(context: DecisionContext, orderId: Hex, intent: IntentRecord): Waiting | undefined {
  const key = `intent:${orderId}`
  // Nothing can fill it: refundable once its deadline is final on its own chain.
  if (intent.status === 'unfillable') {
    const decide = (head: FinalHead) =>
      decideIntent(context, orderId, { type: 'decidedNoFill', finalTime: head.timestamp })
    return { key, chainId: intent.originChainId, after: intent.fillDeadline, decide }
  }
  if (intent.status !== 'open') return undefined
  // The settler refuses fills after the deadline, so the final state past it is the answer. Read from the
  // chain, not from events: a fill whose event was missed or dropped still counts.
  const decide = async (head: FinalHead) => {
    const destination = context.chains.get(intent.destinationChainId) as ChainContext
    const [solver, fillTime] = await destination.publicClient.readContract({
      address: intent.destinationSettler,
      abi: intentDestinationSettlerAbi,
      functionName: 'fills',
      args: [orderId],
      blockNumber: head.number,
    })
    if (fillTime !== 0 && fillTime <= intent.fillDeadline) {
      decideIntent(context, orderId, { type: 'decidedFill', solver, fillTime })
    } else if (fillTime === 0) decideIntent(context, orderId, { type: 'decidedNoFill', finalTime: head.timestamp })
  }
  return { key, chainId: intent.destinationChainId, after: intent.fillDeadline, decide }
}

function waitingTransfer(context: DecisionContext, transferId: Hex, transfer: TransferRecord): Waiting | undefined {
  const key = `transfer:${transferId}`
  if (transfer.status === 'unreleasable') {
    const decide = (head: FinalHead) =>
      decideTransfer(context, transferId, { type: 'decidedNotReleased', finalTime: head.timestamp })
    return { key, chainId: transfer.originChainId, after: transfer.deadline, decide }
  }
  if (transfer.status !== 'pending') return undefined
  const decide = async (head: FinalHead) => {
    const destination = context.chains.get(transfer.destinationChainId) as ChainContext
    const wasReleased = await destination.publicClient.readContract({
      address: transfer.destinationPool,
      abi: poolBridgeAbi,
      functionName: 'released',
      args: [transferId],
      blockNumber: head.number,
    })
    const event: TransferEvent = wasReleased
      ? { type: 'decidedReleased' }
      : { type: 'decidedNotReleased', finalTime: head.timestamp }
    decideTransfer(context, transferId, event)
  }
  return { key, chainId: transfer.destinationChainId, after: transfer.deadline, decide }
}

/** The undecided items whose answer is on `chainId`. */
function waitingOn(context: DecisionContext, chainId: number): Waiting[] {
  const waiting: Waiting[] = []
  for (const [orderId, intent] of Object.entries(context.store.value.intents)) {
    const item = isIntentDecided(intent) ? undefined : waitingIntent(context, orderId as Hex, intent)
    if (item?.chainId === chainId) waiting.push(item)
  }
  for (const [transferId, transfer] of Object.entries(context.store.value.transfers)) {
    const item = isTransferDecided(transfer) ? undefined : waitingTransfer(context, transferId as Hex, transfer)
    if (item?.chainId === chainId) waiting.push(item)
  }
  return waiting
}

/**
 * The attester's decisions on one chain, one round at a time: its final head, then its due items through the
 * chain's own bounded pool of reads with a deadline each. Each chain runs on its own loop, so a chain that does
 * not answer delays only its own items; what needs no read is decided at once (`decideKnown`).
 */
export function createChainDecisions(context: DecisionContext, chain: ChainContext) {
  const chainId = chain.config.id
  const pool: ReadPool = createReadPool(context.limits.readsPerChain)
  const { failures, limits } = context

  async function dueItems(): Promise<{ due: Waiting[]; head: FinalHead } | undefined> {
    const waiting = waitingOn(context, chainId)
    // Nothing to do, or every slot held by a read that has not answered: this chain waits.
    if (waiting.length === 0 || pool.free === 0) return undefined
    try {
      const head = await pool.run(() => chain.finalHead(), limits.readTimeoutMs)
      failures.succeeded(`chain:${chainId}`)
      return { due: waiting.filter((item) => head.timestamp > item.after), head }
    } catch (error) {
      failures.failed(`chain:${chainId}`, 'cannot read the final head of a chain', error, { chainId })
      return undefined
    }
  }

  return async function decideRound() {
    const found = await dueItems()
    if (!found) return
    const { due, head } = found
    const tasks = due.map((item) => async () => {
      await item.decide(head)
      failures.succeeded(item.key)
    })
    const outcome = await runRound(tasks, pool, limits.readTimeoutMs, (index, error) => {
      if (!(error instanceof ReadTimeoutError)) failures.failed(due[index]!.key, 'deciding failed', error)
    })
    if (outcome.timedOut) {
      const error = new ReadTimeoutError(limits.readTimeoutMs)
      const fields = { chainId, skipped: outcome.skipped }
      failures.failed(`reads:${chainId}`, 'reads on a chain time out; its other items wait', error, fields)
    } else if (outcome.done > 0) failures.succeeded(`reads:${chainId}`)
  }
}
