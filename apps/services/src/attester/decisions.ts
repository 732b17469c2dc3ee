import { intentDestinationSettlerAbi, poolBridgeAbi } from '@multi-bridge/contracts'
import type { FinalHead } from '@multi-bridge/core'
import type { Hex } from 'viem'
import type { ChainContext } from '../shared/context.ts'
import type { FailureTracker } from '../shared/failures.ts'
import type { Logger } from '../shared/logger.ts'
import { createReadPool, type ReadPool, ReadTimeoutError, runRound } from '../shared/readPool.ts'
import type { JsonStateStore } from '../shared/stateStore.ts'
import type { AttesterState, IntentRecord, TransferRecord } from './state.ts'

export type DecisionLimits = {
  /** Reads in flight per chain, answered or abandoned: what a chain whose reads hang can hold. */
  readsPerChain: number
  /** Each read's deadline; after a chain's first time-out its other items wait for the next round. */
  readTimeoutMs: number
}

export const DEFAULT_DECISION_LIMITS: DecisionLimits = { readsPerChain: 4, readTimeoutMs: 5_000 }

export type DecisionContext = {
  store: JsonStateStore<AttesterState>
  chains: ReadonlyMap<number, ChainContext>
  log: Logger
  failures: FailureTracker
  limits: DecisionLimits
}

/** An undecided item that needs a chain: decided once that chain's final head is past `after`. */
type Waiting = {
  key: string
  chainId: number
  after: number
  /** Decides it at `head`: from the item alone, or from a read of the chain's state there. */
  decide: (head: FinalHead) => Promise<void> | void
}

/**
 * The attester's decisions, per chain. What is known without a read (a final fill, a final release) is decided at
 * once; the rest is decided by the chain whose final state answers it, each chain on its own loop, through a
 * bounded pool of reads with a deadline each: a chain that does not answer delays only its own items.
 */
export function createDecisions(context: DecisionContext) {
  const { store, log } = context
  const pools = new Map<number, ReadPool>()
  const poolOf = (chainId: number) => {
    const pool = pools.get(chainId) ?? createReadPool(context.limits.readsPerChain)
    pools.set(chainId, pool)
    return pool
  }

  function decideIntent(orderId: Hex, intent: IntentRecord, decision: NonNullable<IntentRecord['decision']>) {
    store.update(() => {
      intent.decision ??= decision
    })
    log.info(`signed ${decision.kind} attestation`, {
      orderId,
      ...(decision.kind === 'fill' ? { solver: decision.solver } : {}),
    })
  }

  function decideTransfer(transferId: Hex, transfer: TransferRecord, kind: 'released' | 'not-released') {
    store.update(() => {
      transfer.decision ??= { kind }
    })
    log.info(`signed ${kind} attestation`, { transferId })
  }

  /** Decides, without any read, what the final logs already answer: a fill in time, a release. */
  function decideKnown() {
    for (const [orderId, intent] of Object.entries(store.value.intents)) {
      // A later fill cannot happen on our settler (it refuses them): never signed.
      if (intent.decision || intent.unfillable || !intent.fill || intent.fill.fillTime > intent.fillDeadline) continue
      decideIntent(orderId as Hex, intent, { kind: 'fill', solver: intent.fill.solver, fillTime: intent.fill.fillTime })
    }
    for (const [transferId, transfer] of Object.entries(store.value.transfers)) {
      if (!transfer.decision && transfer.releasable && transfer.releasedTx) {
        decideTransfer(transferId as Hex, transfer, 'released')
      }
    }
  }

  function waitingIntent(orderId: Hex, intent: IntentRecord): Waiting | undefined {
    const key = `intent:${orderId}`
    // Nothing can fill it: refundable once its deadline is final on its own chain.
    if (intent.unfillable) {
      return {
        key,
        chainId: intent.originChainId,
        after: intent.fillDeadline,
        decide: () => decideIntent(orderId, intent, { kind: 'no-fill' }),
      }
    }
    if (intent.fill) return undefined
    return {
      key,
      chainId: intent.destinationChainId,
      after: intent.fillDeadline,
      // The settler refuses fills after the deadline, so the final state past it is the answer. Read from the
      // chain, not from events: a fill whose event was missed or dropped still counts.
      decide: async (head) => {
        const destination = context.chains.get(intent.destinationChainId) as ChainContext
        const [solver, fillTime] = await destination.publicClient.readContract({
          address: intent.destinationSettler,
          abi: intentDestinationSettlerAbi,
          functionName: 'fills',
          args: [orderId],
          blockNumber: head.number,
        })
        if (fillTime !== 0 && fillTime <= intent.fillDeadline)
          decideIntent(orderId, intent, { kind: 'fill', solver, fillTime })
        else if (fillTime === 0) decideIntent(orderId, intent, { kind: 'no-fill' })
      },
    }
  }

  function waitingTransfer(transferId: Hex, transfer: TransferRecord): Waiting | undefined {
    const key = `transfer:${transferId}`
    if (!transfer.releasable) {
      return {
        key,
        chainId: transfer.originChainId,
        after: transfer.deadline,
        decide: () => decideTransfer(transferId, transfer, 'not-released'),
      }
    }
    if (transfer.releasedTx) return undefined
    return {
      key,
      chainId: transfer.destinationChainId,
      after: transfer.deadline,
      decide: async (head) => {
        const destination = context.chains.get(transfer.destinationChainId) as ChainContext
        const wasReleased = await destination.publicClient.readContract({
          address: transfer.destinationPool,
          abi: poolBridgeAbi,
          functionName: 'released',
          args: [transferId],
          blockNumber: head.number,
        })
        decideTransfer(transferId, transfer, wasReleased ? 'released' : 'not-released')
      },
    }
  }

  function waitingOn(chainId: number): Waiting[] {
    const waiting: Waiting[] = []
    for (const [orderId, intent] of Object.entries(store.value.intents)) {
      const item = intent.decision ? undefined : waitingIntent(orderId as Hex, intent)
      if (item?.chainId === chainId) waiting.push(item)
    }
    for (const [transferId, transfer] of Object.entries(store.value.transfers)) {
      const item = transfer.decision ? undefined : waitingTransfer(transferId as Hex, transfer)
      if (item?.chainId === chainId) waiting.push(item)
    }
    return waiting
  }

  /** One round for one chain: its final head, then its due items through its pool. */
  async function decideOn(chain: ChainContext) {
    const chainId = chain.config.id
    const waiting = waitingOn(chainId)
    if (waiting.length === 0) return
    const pool = poolOf(chainId)
    if (pool.free === 0) return // every slot held by a read that has not answered: this chain waits
    let head: FinalHead
    try {
      head = await pool.run(() => chain.finalHead(), context.limits.readTimeoutMs)
      context.failures.succeeded(`chain:${chainId}`)
    } catch (error) {
      return context.failures.failed(`chain:${chainId}`, 'cannot read the final head of a chain', error, { chainId })
    }
    const due = waiting.filter((item) => head.timestamp > item.after)
    const outcome = await runRound(
      due.map((item) => async () => {
        await item.decide(head)
        context.failures.succeeded(item.key)
      }),
      pool,
      context.limits.readTimeoutMs,
      (index, error) => {
        if (!(error instanceof ReadTimeoutError)) context.failures.failed(due[index]!.key, 'deciding failed', error)
      },
    )
    if (outcome.timedOut) {
      context.failures.failed(
        `reads:${chainId}`,
        'reads on a chain time out; its other items wait',
        new ReadTimeoutError(context.limits.readTimeoutMs),
        {
          chainId,
          skipped: outcome.skipped,
        },
      )
    } else if (outcome.done > 0) {
      context.failures.succeeded(`reads:${chainId}`)
    }
  }

  return { decideKnown, decideOn }
}
