import type { Address, Hex } from 'viem'
import { isOverdue, type SwapEvent, type TrackedSwap } from '../../records/types.ts'
import { settlementStatus } from '../settlement.ts'
import { deliveriesOf, type EscrowProviderContext, type EventLog, logsAbout } from './escrowContext.ts'

/**
 * One look at a swap under way: what the origin's escrow holds, its deliveries on the destination and that chain's
 * time, each chain read on its own and bounded (a chain that does not answer is named: `ChainUnreachableError`).
 */
export async function trackEscrow(context: EscrowProviderContext, record: TrackedSwap): Promise<SwapEvent> {
  const { protocol, read, clock } = context
  const id = record.id as Hex
  const originChain = record.origin.token.chainId
  const destinationChain = record.destination.token.chainId
  const originContract = record.depositAddress
  const destinationContract = context.contracts(destinationChain).destination as Address
  const [escrow, deliveries, head] = await Promise.all([
    read(originChain, (origin) =>
      origin.readContract({
        address: originContract,
        abi: protocol.origin.abi,
        functionName: protocol.origin.escrowView,
        args: [id],
      }),
    ),
    read(destinationChain, (destination) => deliveriesOf(context, destination, destinationContract, id, record)),
    read(destinationChain, (destination) => destination.getBlock({ blockTag: 'latest' })),
  ])
  clock?.observe(destinationChain, head.timestamp)
  let [delivery] = deliveries as unknown as EventLog[]
  const held = protocol.readEscrow(escrow).status
  // Paid out of the escrow to the bridge (the solver's claim, the pool's finalization): the attesters saw it
  // delivered. Neither refundable nor open any more, whatever the destination's search finds.
  const settled = held !== protocol.status.none && held !== protocol.status.open && held !== protocol.status.refunded
  const deadline = Number(record.data?.[protocol.deadlineKey] ?? record.refundableAfter ?? 0)
  // No delivery from where the record says to search: that start may be too late (a receipt read long after its
  // deposit, by a version of this app that took the destination's head then). Before a swap is called
  // refundable, and while it is settled, its destination is searched again from its start.
  const searchedFrom = BigInt(record.data?.destinationFromBlock ?? 0)
  const pastDeadline =
    record.status === 'deposited' && held === protocol.status.open && Number(head.timestamp) > deadline
  if (!delivery && searchedFrom > 0n && (settled || pastDeadline)) {
    ;[delivery] = (await read(destinationChain, (destination) =>
      deliveriesOf(context, destination, destinationContract, id, { data: { destinationFromBlock: 0 } }),
    )) as unknown as EventLog[]
  }
  // No deposit under this id on the origin, though this app read it mined in a known block: neither refundable
  // nor lost yet. Its block was reorganised away once the origin is past that block; before, only a node behind
  // the one that gave the receipt. (A record without its block, e.g. written by hand, is judged as before.)
  const minedIn = record.data?.originBlock
  if (!delivery && held === protocol.status.none && minedIn !== undefined) {
    const originHead = await read(originChain, (origin) => origin.getBlockNumber())
    return originHead >= BigInt(minedIn)
      ? { type: 'pending', statusDetail: 'DEPOSIT_NOT_ON_CHAIN' }
      : { type: 'pending' }
  }
  // Settled without a delivery this app can find (a node that lost old logs, a moved destination contract):
  // never refundable; it waits, and says why.
  if (!delivery && settled) return { type: 'pending', statusDetail: 'SETTLED_DELIVERY_NOT_FOUND' }
  const status = await settlementStatus({
    destination: { getBlock: (block) => read(destinationChain, (destination) => destination.getBlock(block)) },
    delivery: delivery && { ...delivery, ...protocol.readDelivery(delivery.args) },
    refunded: held === protocol.status.refunded,
    findRefundTx: async () => {
      const [refunded] = await read(originChain, (origin) =>
        logsAbout(
          context,
          origin,
          originContract,
          protocol.origin.abi,
          protocol.origin.refundedEvent,
          id,
          BigInt(record.data?.originBlock ?? 0),
        ),
      )
      return refunded?.transactionHash
    },
    destinationTime: Number(head.timestamp),
    deadline,
  })
  // Not delivered well past its estimate: the bridge's services say why, or that they do not answer.
  return status.type === 'pending' && record.status === 'deposited' && isOverdue(record)
    ? protocol.overdueWord(record, context)
    : status
}
