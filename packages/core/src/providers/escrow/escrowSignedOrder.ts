import { type AbiEvent, getAbiItem, type Hex } from 'viem'
import { handedOver, type SigningSwap, type SwapBase, type SwapEvent } from '../../records/types.ts'
import type { EscrowContext, EscrowProtocol } from './escrowProtocol.ts'

/**
 * A gasless order handed to the solver that was never opened by its open deadline: the swap's error, and its status
 * detail (worded by the intent bridge's module: nothing left the wallet).
 */
export const NOT_OPENED = { error: 'gaslessNotOpened', statusDetail: 'NOT_OPENED' } as const

/**
 * One look at a gasless order signed and given to the solver whose answer was lost (`HandedOver`): it is followed by
 * its id on the origin until its open deadline. Its open found: `depositSent` with the open's hash (followed from then
 * on as any gasless open, its delivery included); the origin at or past the open deadline without it (`openFor` refuses
 * such a block): `depositFailed` (`NOT_OPENED`), since it never can be opened; else nothing new.
 */
export async function followSignedOrder(
  protocol: EscrowProtocol,
  { read }: Pick<EscrowContext, 'read'>,
  record: SigningSwap,
): Promise<SwapEvent> {
  const order = handedOver(record)
  if (order?.kind !== 'gaslessOrder') return { type: 'pending' }
  const found = await findSignedOpen(protocol, { read }, record, order.orderId, order.openDeadline)
  if (found.openTx) return { type: 'depositSent', depositTx: found.openTx }
  return found.closed ? { type: 'depositFailed', ...NOT_OPENED } : { type: 'pending' }
}

/**
 * Where signed order `orderId` stands on its origin, by its id alone (whatever transaction anyone names as its open):
 * `openTx`, the transaction whose `Open` of that id is mined on the swap's contract; else `closed` once the origin is at
 * or past `openDeadline`, when it never can be opened (`openFor` refuses such a block).
 */
export async function findSignedOpen(
  protocol: EscrowProtocol,
  { read }: Pick<EscrowContext, 'read'>,
  record: Pick<SwapBase, 'origin' | 'depositAddress'>,
  orderId: Hex,
  openDeadline: number,
): Promise<{ openTx?: Hex; closed: boolean }> {
  const chainId = record.origin.token.chainId
  // The origin's time first: an open mined after this read is still found by the search after it.
  const head = await read(chainId, (origin) => origin.getBlock({ blockTag: 'latest' }))
  const [open] = await read(chainId, (origin) =>
    origin.getLogs({
      address: record.depositAddress,
      event: getAbiItem({ abi: protocol.origin.abi, name: protocol.origin.depositEvent }) as AbiEvent,
      args: { [protocol.idArg]: orderId },
      fromBlock: 0n,
      strict: true,
    }),
  )
  if (open) return { openTx: open.transactionHash as Hex, closed: false }
  return { closed: Number(head.timestamp) >= openDeadline }
}
