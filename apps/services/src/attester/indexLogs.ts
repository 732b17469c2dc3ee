import { intentDestinationSettlerAbi, intentOriginSettlerAbi, poolBridgeAbi } from '@multi-bridge/contracts'
import { getAbiItem } from 'viem'
import type { ChainContext } from '../shared/context.ts'
import { pollLogs } from '../shared/logPoller.ts'
import { persistedCursor } from '../shared/serviceLoop.ts'
import { type IndexContext, indexFill, indexOpen } from './indexIntents.ts'
import { indexReleased, indexSent } from './indexTransfers.ts'

const openEvent = getAbiItem({ abi: intentOriginSettlerAbi, name: 'Open' })
const filledEvent = getAbiItem({ abi: intentDestinationSettlerAbi, name: 'Filled' })
const sentEvent = getAbiItem({ abi: poolBridgeAbi, name: 'Sent' })
const releasedEvent = getAbiItem({ abi: poolBridgeAbi, name: 'ReleasedOnDestination' })

export type IndexLogsParameters = {
  chain: ChainContext
  intervalMs: number
  signal: AbortSignal
}

/**
 * Polls one chain's bridge contracts for their final logs (the manifest's finality) and indexes them into records,
 * each from its own persisted cursor. Returns the polling loops, which end when `signal` aborts.
 */
export function indexLogs(context: IndexContext, { chain, intervalMs, signal }: IndexLogsParameters): Promise<void>[] {
  const { intentOriginSettler, intentDestinationSettler, poolBridge } = chain.config.contracts
  const chainId = chain.config.id
  const common = { chain, head: () => chain.finalBlockNumber(), intervalMs, log: context.log, signal }
  const cursor = (name: string) => persistedCursor(context.store, `${name}:${chainId}`)
  const loops: Promise<void>[] = []
  if (intentOriginSettler) {
    loops.push(
      pollLogs({
        ...common,
        ...cursor('open'),
        address: intentOriginSettler,
        event: openEvent,
        onLogs: async (logs) => {
          for (const { args } of logs) {
            const originData = args.resolvedOrder.fillInstructions[0]?.originData ?? '0x'
            indexOpen(context, { chainId, orderId: args.orderId, originData })
          }
        },
      }),
    )
  }
  if (intentDestinationSettler) {
    loops.push(
      pollLogs({
        ...common,
        ...cursor('filled'),
        address: intentDestinationSettler,
        event: filledEvent,
        onLogs: async (logs) => {
          for (const { args, transactionHash } of logs) {
            const { orderId, solver, fillTime } = args
            indexFill(context, { chainId, orderId, solver, fillTime, txHash: transactionHash })
          }
        },
      }),
    )
  }
  if (poolBridge) {
    loops.push(
      pollLogs({
        ...common,
        ...cursor('sent'),
        address: poolBridge,
        event: sentEvent,
        onLogs: async (logs) => {
          for (const { args } of logs) indexSent(context, { chainId, ...args })
        },
      }),
      pollLogs({
        ...common,
        ...cursor('released'),
        address: poolBridge,
        event: releasedEvent,
        onLogs: async (logs) => {
          for (const { args, transactionHash } of logs) {
            indexReleased(context, { chainId, transferId: args.transferId, txHash: transactionHash })
          }
        },
      }),
    )
  }
  return loops
}
