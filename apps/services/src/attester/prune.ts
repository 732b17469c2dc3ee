import {
  depositFromTuple,
  escrowFromTuple,
  intentOriginSettlerAbi,
  intentOriginSettlerStatus,
  poolBridgeAbi,
  poolBridgeStatus,
} from '@multi-bridge/contracts'
import type { Address, Hex } from 'viem'
import type { ChainContext } from '../shared/context.ts'
import type { AttesterContext } from './context.ts'
import type { IntentRecord } from './intentMachine.ts'
import { pruneOrphans } from './orphans.ts'
import type { TransferRecord } from './transferMachine.ts'

export type PruneOrphanEventsParameters = { now: number }

/** Drops the fill and release events that waited too long, or are too many, for their order or transfer. */
export function pruneOrphanEvents(
  context: Pick<AttesterContext, 'store' | 'orphanLimits' | 'log'>,
  { now }: PruneOrphanEventsParameters,
): number {
  const { store, orphanLimits } = context
  let dropped = 0
  store.update((draft) => {
    dropped = pruneOrphans(draft.orphanFills, now, orphanLimits) + pruneOrphans(draft.orphanReleases, now, orphanLimits)
  })
  if (dropped > 0) context.log.info('dropped unmatched fill or release events', { dropped })
  return dropped
}

/** How an escrow or deposit ended on its origin, at the final head: settled, or undefined while it is not. */
export type Settlement = 'claimed' | 'refunded' | 'finalized'

const INTENT_SETTLED: Record<number, Settlement> = {
  [intentOriginSettlerStatus.Claimed]: 'claimed',
  [intentOriginSettlerStatus.Refunded]: 'refunded',
}
const TRANSFER_SETTLED: Record<number, Settlement> = {
  [poolBridgeStatus.Finalized]: 'finalized',
  [poolBridgeStatus.Refunded]: 'refunded',
}

/** The intent's escrow on `origin` at its final head: how it settled, if it has. */
export async function intentSettlement(origin: ChainContext, orderId: Hex): Promise<Settlement | undefined> {
  const settler = origin.config.contracts.intentOriginSettler
  if (!settler) return undefined
  const blockNumber = await origin.finalBlockNumber()
  const escrow = await origin.publicClient.readContract({
    address: settler as Address,
    abi: intentOriginSettlerAbi,
    functionName: 'escrows',
    args: [orderId],
    blockNumber,
  })
  return INTENT_SETTLED[escrowFromTuple(escrow).status]
}

/** The transfer's deposit on `origin` at its final head: how it settled, if it has. */
export async function transferSettlement(origin: ChainContext, transferId: Hex): Promise<Settlement | undefined> {
  const pool = origin.config.contracts.poolBridge
  if (!pool) return undefined
  const blockNumber = await origin.finalBlockNumber()
  const deposit = await origin.publicClient.readContract({
    address: pool as Address,
    abi: poolBridgeAbi,
    functionName: 'deposits',
    args: [transferId],
    blockNumber,
  })
  return TRANSFER_SETTLED[depositFromTuple(deposit).status]
}

/**
 * The last check before a decided intent or transfer is pruned: its escrow or deposit is settled at the origin's final
 * head, so nobody needs its signature again (and `settledAnswer` can say how it ended from the chain alone).
 */
export function settledOnChain(context: Pick<AttesterContext, 'chains'>) {
  return async (collection: string, key: string, entry: unknown): Promise<boolean> => {
    const id = key as Hex
    if (collection === 'intents') {
      const origin = context.chains.get((entry as IntentRecord).originChainId)
      return origin !== undefined && (await intentSettlement(origin, id)) !== undefined
    }
    if (collection === 'transfers') {
      const origin = context.chains.get((entry as TransferRecord).originChainId)
      return origin !== undefined && (await transferSettlement(origin, id)) !== undefined
    }
    return true
  }
}
