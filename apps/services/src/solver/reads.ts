import { escrowFromTuple, intentDestinationSettlerAbi, intentOriginSettlerAbi } from '@multi-bridge/contracts'
import type { Address, Hex } from 'viem'
import type { ChainContext } from '../shared/context.ts'

/** The origin settler of `origin` (every chain an order came from has one). */
export const originSettlerOf = (origin: ChainContext) => origin.config.contracts.intentOriginSettler as Address
/** The destination settler of `destination` (checked at admission). */
export const destinationSettlerOf = (destination: ChainContext) =>
  destination.config.contracts.intentDestinationSettler as Address

/** The order's escrow on the origin, at the latest block, the final head, or a given block. */
export async function readEscrow(origin: ChainContext, orderId: Hex, at: 'latest' | 'final' | bigint = 'latest') {
  const blockNumber = at === 'final' ? await origin.finalBlockNumber() : at === 'latest' ? undefined : at
  const escrow = await origin.publicClient.readContract({
    address: originSettlerOf(origin),
    abi: intentOriginSettlerAbi,
    functionName: 'escrows',
    args: [orderId],
    ...(blockNumber === undefined ? {} : { blockNumber }),
  })
  return escrowFromTuple(escrow)
}

/** Who filled the order on `destination`, and when (a fill time of 0: not filled); at the latest block or `blockNumber`. */
export async function readFill(
  destination: ChainContext,
  orderId: Hex,
  blockNumber?: bigint,
): Promise<{ solver: Address; fillTime: number }> {
  const [solver, fillTime] = await destination.publicClient.readContract({
    address: destinationSettlerOf(destination),
    abi: intentDestinationSettlerAbi,
    functionName: 'fills',
    args: [orderId],
    ...(blockNumber === undefined ? {} : { blockNumber }),
  })
  return { solver, fillTime }
}

/** Whether the guardian's brake holds claims on the origin settler now. */
export function claimsPaused(origin: ChainContext): Promise<boolean> {
  return origin.publicClient.readContract({
    address: originSettlerOf(origin),
    abi: intentOriginSettlerAbi,
    functionName: 'settlementPaused',
  })
}
