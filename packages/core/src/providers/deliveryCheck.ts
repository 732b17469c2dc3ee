import { erc20Abi, type Hex, isAddressEqual, parseEventLogs } from 'viem'
import { type ChainClients, clientFor } from '../chains/chainClients.ts'
import type { SwapEvent, TrackedSwap } from '../records/types.ts'
import { isNativeAddress } from './apiSupport.ts'

/**
 * The words every provider's swap can carry besides its own (`SwapRecord.statusDetail` → English i18n key):
 * a provider API said "delivered" and the destination chain does not show it (yet); a mined deposit that the origin
 * chain no longer holds (a reorganisation took its block; it may be mined again).
 */
export const DELIVERY_STATUS_WORDING = {
  DELIVERY_NOT_ON_CHAIN: 'The provider reports it delivered; the delivery is not on the destination chain yet',
  DEPOSIT_NOT_ON_CHAIN: 'The origin chain no longer shows the deposit (its block was replaced): waiting for it again',
} as const

/** How far apart two chains' block times (or an API's deposit time) may be. */
const CLOCK_SKEW_SECONDS = 300

const unconfirmed: SwapEvent = { type: 'pending', statusDetail: 'DELIVERY_NOT_ON_CHAIN' }

/**
 * A provider API's "delivered" counts only once the destination chain shows it (one receipt read): the delivery
 * transaction succeeded on the destination chain, no earlier than the deposit, and, for a token, it moved that
 * token to the recipient. Otherwise the swap stays Swapping, with the words above. Any other event passes as it is.
 * What is still trusted: the amount of a native-coin delivery (a plain transfer leaves no log to read).
 */
export async function confirmDelivery(
  clients: ChainClients,
  record: TrackedSwap,
  event: SwapEvent,
): Promise<SwapEvent> {
  if (event.type !== 'delivered') return event
  if (!event.deliveryTx) return unconfirmed
  const chainId = record.destination.token.chainId
  const client = clientFor(clients, chainId)
  let receipt: Awaited<ReturnType<typeof client.getTransactionReceipt>>
  try {
    receipt = await client.getTransactionReceipt({ hash: event.deliveryTx as Hex })
  } catch {
    // Not on this chain (or not mined yet): the provider's word alone is not a delivery.
    return unconfirmed
  }
  if (receipt.status !== 'success') return unconfirmed
  const block = await client.getBlock({ blockNumber: receipt.blockNumber })
  const deliveredAt = Number(block.timestamp)
  // A delivery cannot come before its deposit; the two chains' clocks (and an API's deposit time) may differ a little.
  if (deliveredAt + CLOCK_SKEW_SECONDS < record.depositedAt) return unconfirmed
  const token = event.token ?? record.destination.token
  if (!isNativeAddress(token.address)) {
    const transfers = parseEventLogs({ abi: erc20Abi, eventName: 'Transfer', logs: receipt.logs }).filter(
      (log) => isAddressEqual(log.address, token.address) && isAddressEqual(log.args.to, record.recipient),
    )
    if (transfers.length === 0) return unconfirmed
  }
  return { ...event, deliveredAt }
}
