import { type Hex, isAddressEqual, parseEventLogs, TransactionReceiptNotFoundError } from 'viem'
import { getManifestChain } from '../../config/manifest.ts'
import type { SigningSwap, SwapEvent } from '../../records/types.ts'
import { deliveriesOf, type EscrowProviderContext, type EventLog } from './escrowContext.ts'
import { findSignedOpen, NOT_OPENED } from './escrowSignedOrder.ts'

type SentSwap = SigningSwap & { depositTx: Hex }

/**
 * What a sent deposit's receipt says: this swap's deposit mined (its id, time, deadlines, and where to search its
 * delivery from), reverted, or not there. A gasless order's id is known from what was signed, before its open is
 * mined: such an order is followed by that id while its open's receipt holds no open of it (`followSignedId`).
 */
export async function escrowDepositMined(context: EscrowProviderContext, record: SentSwap): Promise<SwapEvent> {
  const { protocol, read } = context
  const originChain = record.origin.token.chainId
  const knownId = typeof record.data?.orderId === 'string' ? (record.data.orderId as Hex) : undefined
  const receipt = await read(originChain, (origin) => origin.getTransactionReceipt({ hash: record.depositTx })).catch(
    (error: unknown) => {
      if (knownId && error instanceof TransactionReceiptNotFoundError) return undefined
      throw error
    },
  )
  if (receipt?.status !== 'success') {
    // A gasless order's open not mined yet, or reverted: the order itself is followed by its id.
    if (knownId) return followSignedId(context, record, knownId, receipt)
    if (!receipt) throw new TransactionReceiptNotFoundError({ hash: record.depositTx })
    return { type: 'depositFailed', error: 'depositReverted' }
  }
  // This swap's deposit: from its contract, by its owner, of its amount to its recipient; a gasless swap's, the
  // order signed (its open is sent by the solver, whose answer names the transaction: that transaction's other
  // opens, even of the same owner, recipient and amount, are not this swap's).
  const deposit = (
    parseEventLogs({
      abi: protocol.origin.abi,
      eventName: protocol.origin.depositEvent,
      logs: receipt.logs,
    }) as unknown as EventLog[]
  )
    .filter((log) => isAddressEqual(log.address, record.depositAddress))
    .map((log) => protocol.readDeposit(log.args))
    .find(
      (found) =>
        (knownId === undefined || found.id.toLowerCase() === knownId.toLowerCase()) &&
        isAddressEqual(found.owner, record.owner) &&
        isAddressEqual(found.recipient, record.recipient) &&
        found.inputAmount.toString() === record.origin.amount,
    )
  if (!deposit && knownId) return followSignedId(context, record, knownId, receipt)
  if (!deposit) return { type: 'depositFailed', error: 'depositReverted' }
  const destinationChain = record.destination.token.chainId
  const [block, destinationHead] = await Promise.all([
    read(originChain, (origin) => origin.getBlock({ blockNumber: receipt.blockNumber })),
    // Only where to search for the delivery from: a destination that does not answer now is searched from its start.
    read(destinationChain, (destination) => destination.getBlock({ blockTag: 'latest' }), 2_000).catch(() => undefined),
  ])
  // Delivery can only come after the deposit: search the destination from the block of the deposit's time (the
  // receipt may be read long after it was mined: a tab closed after Swap and opened again later). A search start
  // the record already has (a gasless order's, taken when it was signed) is kept when it is earlier.
  const estimated = destinationHead
    ? destinationSearchStart(
        { number: destinationHead.number, timestamp: Number(destinationHead.timestamp) },
        Number(block.timestamp),
        getManifestChain(context.manifest, destinationChain)?.blockTime,
      )
    : 0n
  const known = record.data?.destinationFromBlock
  const destinationFromBlock =
    typeof known === 'string' && /^\d+$/.test(known) && BigInt(known) < estimated ? BigInt(known) : estimated
  return {
    type: 'depositMined',
    id: deposit.id,
    depositedAt: Number(block.timestamp),
    refundableAfter: deposit.deadline,
    expiresAt: deposit.expires,
    ...(protocol.outputFixedAtQuote ? {} : { estimatedAmount: deposit.outputAmount.toString() }),
    data: {
      [protocol.deadlineKey]: deposit.deadline,
      originBlock: receipt.blockNumber.toString(),
      destinationFromBlock: destinationFromBlock.toString(),
    },
  }
}

/**
 * A deposit known by its id before it is mined (a gasless order, whose open the solver sends and may fill before
 * it is mined): found delivered on its destination, it is followed from what was signed, its deadlines included.
 */
async function deliveredFirst(
  context: EscrowProviderContext,
  record: SentSwap,
  id: Hex,
): Promise<SwapEvent | undefined> {
  const destinationChain = record.destination.token.chainId
  const destinationContract = context.contracts(destinationChain).destination
  if (!destinationContract) return undefined
  const [delivery] = await context.read(destinationChain, (destination) =>
    deliveriesOf(context, destination, destinationContract, id, record),
  )
  if (!delivery) return undefined
  return {
    type: 'depositMined',
    id,
    // Its open is not mined yet: the time the person confirmed it.
    depositedAt: Math.floor(record.createdAt / 1000),
    refundableAfter: Number(record.data?.[context.protocol.deadlineKey]),
    expiresAt: Number(record.data?.expires),
  }
}

/**
 * A gasless order whose named open holds no `Open` of it (not mined yet, reverted, or another order's: a solver's
 * answer is not trusted for what it opened), followed by the id that was signed. Opened by another transaction: its
 * open is that one (`depositRepriced`, read from there at the next look). Delivered first: as `deliveredFirst`. Else it
 * waits for the named open's receipt, or, that one mined without it, for the order's open until it never can be
 * (its open deadline, else its fill deadline, passed on the origin): then nothing left the wallet.
 */
async function followSignedId(
  context: EscrowProviderContext,
  record: SentSwap,
  id: Hex,
  receipt: { status: 'success' | 'reverted' } | undefined,
): Promise<SwapEvent> {
  const { openDeadline, fillDeadline } = record.data ?? {}
  const lastOpen = Number(typeof openDeadline === 'number' ? openDeadline : fillDeadline)
  const [found, delivered] = await Promise.all([
    findSignedOpen(context.protocol, context, record, id, lastOpen),
    // The solver fills a gasless order at once: its delivery can be seen before its open is mined.
    deliveredFirst(context, record, id),
  ])
  if (found.openTx && found.openTx.toLowerCase() !== record.depositTx.toLowerCase()) {
    return { type: 'depositRepriced', depositTx: found.openTx }
  }
  if (delivered) return delivered
  if (!receipt || found.openTx) throw new TransactionReceiptNotFoundError({ hash: record.depositTx })
  if (!found.closed) return { type: 'pending' }
  return receipt.status === 'success'
    ? { type: 'depositFailed', ...NOT_OPENED }
    : { type: 'depositFailed', error: 'depositReverted' }
}

/** Blocks searched before the estimated block of the deposit's time, besides the two chains' clock difference. */
const SEARCH_MARGIN_BLOCKS = 5
/** How far apart the origin's and the destination's clocks may be (as `confirmDelivery` allows). */
const CLOCK_SKEW_SECONDS = 300

/**
 * The destination block to search a deposit's delivery from: the block of the deposit's time, counted back from the
 * destination's latest block at its block time (`head.number − ⌈(head time − deposit time) / block time⌉`), less a
 * margin for the two chains' clocks and for blocks a little faster than the manifest says; never below 0. The
 * destination's start when its block time is not known.
 */
export function destinationSearchStart(
  head: { number: bigint; timestamp: number },
  depositedAt: number,
  blockTime: number | undefined,
): bigint {
  if (blockTime === undefined || !(blockTime > 0)) return 0n
  const since = Math.max(0, head.timestamp - depositedAt)
  const back = BigInt(Math.ceil((since + CLOCK_SKEW_SECONDS) / blockTime) + SEARCH_MARGIN_BLOCKS)
  return head.number > back ? head.number - back : 0n
}
