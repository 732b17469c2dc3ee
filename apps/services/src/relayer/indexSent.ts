import { poolBridgeAbi } from '@multi-bridge/contracts'
import { getAbiItem, type Hex } from 'viem'
import type { ChainContext } from '../shared/context.ts'
import { pollLogs } from '../shared/logPoller.ts'
import { persistedCursor } from '../shared/serviceLoop.ts'
import type { RelayerContext } from './context.ts'
import { seenTransfer } from './transferMachine.ts'

const sentEvent = getAbiItem({ abi: poolBridgeAbi, name: 'Sent' })

export type IndexSentParameters = {
  /** The chain whose pool emitted the final `Sent`. */
  chainId: number
  transferId: Hex
  destinationChainId: bigint
  deadline: number
  expires: number
}

/** Records a transfer whose `Sent` is final on its origin, once: pending, until released or otherwise settled. */
export function indexSent(context: Pick<RelayerContext, 'store' | 'log'>, sent: IndexSentParameters): void {
  const { chainId, transferId, destinationChainId, deadline, expires } = sent
  if (context.store.value.transfers[transferId]) return
  const transfer = seenTransfer(
    { transferId, originChainId: chainId, destinationChainId: Number(destinationChainId), deadline, expires },
    Date.now(),
  )
  context.store.update((state) => {
    state.transfers[transferId] = transfer
  })
  context.log.info('transfer seen', { transferId, originChainId: chainId })
}

export type WatchSentParameters = { chain: ChainContext; intervalMs: number; signal: AbortSignal }

/**
 * Polls one chain's pool for final `Sent` logs from a persisted cursor: only final deposits, so a reorg within
 * the chain's finality cannot take back one the relayer paid for. Ends when `signal` aborts.
 */
export function watchSent(context: Pick<RelayerContext, 'store' | 'log'>, parameters: WatchSentParameters) {
  const { chain, intervalMs, signal } = parameters
  const pool = chain.config.contracts.poolBridge
  if (!pool) return undefined
  const chainId = chain.config.id
  return pollLogs({
    chain,
    address: pool,
    event: sentEvent,
    head: () => chain.finalBlockNumber(),
    ...persistedCursor(context.store, String(chainId)),
    onLogs: async (logs) => {
      for (const { args } of logs) indexSent(context, { chainId, ...args })
    },
    intervalMs,
    log: context.log,
    signal,
  })
}
