import {
  type Address,
  erc20Abi,
  getAddress,
  type Hex,
  isAddressEqual,
  parseAbi,
  parseEventLogs,
  type TransactionReceipt,
} from 'viem'
import { type ChainClients, clientFor } from '../chains/chainClients.ts'
import { readChain } from '../chains/readChain.ts'
import { walkError } from '../errors/MultiBridgeError.ts'
import type { SwapEvent, TrackedSwap } from '../records/types.ts'
import { isNativeAddress, sameToken } from './apiSupport.ts'

/**
 * The words every provider's swap can carry besides its own (`SwapRecord.statusDetail` → English i18n key):
 * a provider API said "delivered" (or "refunded") and the chain does not show it (yet), or shows less than the swap's
 * minimum, or another token than the one asked; a mined deposit that the origin chain no longer holds (a
 * reorganisation took its block; it may be mined again).
 */
export const DELIVERY_STATUS_WORDING = {
  DELIVERY_NOT_ON_CHAIN: 'The provider reports it delivered; the delivery is not on the destination chain yet',
  DELIVERY_BELOW_MINIMUM:
    "The provider reports it delivered; the destination chain shows less arriving than the swap's minimum",
  DELIVERY_NOT_PROVEN:
    'The provider reports it delivered; the destination chain does not show the native coin reaching the recipient',
  DELIVERY_OTHER_TOKEN:
    'The provider reports it delivered another token than the one asked, which cannot be checked here: look in your wallet',
  REFUND_NOT_ON_CHAIN: 'The provider reports it refunded; the refund is not on the chain yet',
  DEPOSIT_NOT_ON_CHAIN: 'The origin chain no longer shows the deposit (its block was replaced): waiting for it again',
} as const

type DeliveryWording = keyof typeof DELIVERY_STATUS_WORDING

/** How far apart two chains' block times (or an API's deposit time) may be. */
const CLOCK_SKEW_SECONDS = 300

const unconfirmed = (statusDetail: DeliveryWording): SwapEvent => ({ type: 'pending', statusDetail })
/** A refund the chain does not show is not final: the provider is still said to be refunding. */
const refundUnconfirmed: SwapEvent = { type: 'providerRefunding', statusDetail: 'REFUND_NOT_ON_CHAIN' }

/**
 * Across's SpokePool fill events (across-protocol/contracts `V3SpokePoolInterface`: `FilledRelay`, and the
 * `FilledV3Relay` fills emitted before addresses became bytes32). A fill of the wrapped native coin to a wallet is
 * paid out as the native coin from inside the SpokePool, which leaves no token log: the fill event names whom and
 * how much.
 */
const spokePoolFillAbi = parseAbi([
  'event FilledRelay(bytes32 inputToken, bytes32 outputToken, uint256 inputAmount, uint256 outputAmount, uint256 repaymentChainId, uint256 indexed originChainId, uint256 indexed depositId, uint32 fillDeadline, uint32 exclusivityDeadline, bytes32 exclusiveRelayer, bytes32 indexed relayer, bytes32 depositor, bytes32 recipient, bytes32 messageHash, (bytes32 updatedRecipient, bytes32 updatedMessageHash, uint256 updatedOutputAmount, uint8 fillType) relayExecutionInfo)',
  'event FilledV3Relay(address inputToken, address outputToken, uint256 inputAmount, uint256 outputAmount, uint256 repaymentChainId, uint256 indexed originChainId, uint32 indexed depositId, uint32 fillDeadline, uint32 exclusivityDeadline, address exclusiveRelayer, address indexed relayer, address depositor, address recipient, bytes message, (address updatedRecipient, bytes updatedMessage, uint256 updatedOutputAmount, uint8 fillType) relayExecutionInfo)',
])

/**
 * The contract whose fill events prove a native-coin delivery on the destination chain (Across's SpokePool there),
 * and the wrapped native token it fills with.
 */
export type NativeFiller = { spokePool: Address; wrappedNative: Address }

export type DeliveryCheckOptions = {
  /** Where a contract fill of the native coin can be proven from its event; without it, only a plain payment. */
  nativeFiller?: NativeFiller
}

/** Whether an error (or one it wraps) is viem's "no receipt for this hash" (matched by name: see trackSwaps.ts). */
const isReceiptNotFound = (error: unknown) =>
  walkError(error, (item) => (item as { name?: unknown } | null)?.name === 'TransactionReceiptNotFoundError') !==
  undefined

/**
 * One chain's reads of one transaction. Its receipt is undefined when the chain does not have it (not mined, or
 * never sent); an RPC that does not answer (refused, 5xx, timed out) is that chain's `ChainUnreachableError`.
 */
function transactionReader(clients: ChainClients, chainId: number, hash: Hex) {
  const client = clientFor(clients, chainId)
  const chain = { id: chainId, name: client.chain?.name ?? String(chainId) }
  return {
    async receipt(): Promise<TransactionReceipt | undefined> {
      try {
        return await readChain(chain, () => client.getTransactionReceipt({ hash }))
      } catch (error) {
        if (isReceiptNotFound(error)) return undefined
        throw error
      }
    },
    blockTime: async (blockNumber: bigint) =>
      Number((await readChain(chain, () => client.getBlock({ blockNumber }))).timestamp),
    value: async () => (await readChain(chain, () => client.getTransaction({ hash }))).value,
  }
}

/** What the receipt's ERC-20 `Transfer` logs of `token` paid `to`, added up. */
function tokenPaid(receipt: TransactionReceipt, token: Address, to: Address): bigint {
  return parseEventLogs({ abi: erc20Abi, eventName: 'Transfer', logs: receipt.logs })
    .filter((log) => isAddressEqual(log.address, token) && isAddressEqual(log.args.to, to))
    .reduce((sum, log) => sum + log.args.value, 0n)
}

/** A bytes32 that holds an EVM address (12 zero bytes, then the address), as that address. */
function wordAddress(word: Hex): Address | undefined {
  return /^0x0{24}[0-9a-fA-F]{40}$/.test(word) ? getAddress(`0x${word.slice(26)}`) : undefined
}

/**
 * The native coin the SpokePool's fills in this receipt paid `recipient` for a deposit from `originChainId`: fills of
 * the wrapped native token emitted by that SpokePool, to that (updated) recipient.
 */
function nativeFilled(
  receipt: TransactionReceipt,
  filler: NativeFiller,
  originChainId: number,
  recipient: Address,
): bigint {
  let paid = 0n
  for (const log of parseEventLogs({ abi: spokePoolFillAbi, logs: receipt.logs })) {
    if (!isAddressEqual(log.address, filler.spokePool) || log.args.originChainId !== BigInt(originChainId)) continue
    const info = log.args.relayExecutionInfo
    const outputToken = log.eventName === 'FilledRelay' ? wordAddress(log.args.outputToken) : log.args.outputToken
    const paidTo =
      log.eventName === 'FilledRelay'
        ? wordAddress((info as { updatedRecipient: Hex }).updatedRecipient)
        : (info as { updatedRecipient: Address }).updatedRecipient
    if (!outputToken || !paidTo || !isAddressEqual(outputToken, filler.wrappedNative)) continue
    if (isAddressEqual(paidTo, recipient)) paid += info.updatedOutputAmount
  }
  return paid
}

/** The native coin a transaction paid `to`: its own value when sent to them, and any fill it can prove. */
async function nativePaid(
  reader: ReturnType<typeof transactionReader>,
  receipt: TransactionReceipt,
  to: Address,
  filled: bigint,
): Promise<bigint> {
  const direct = receipt.to && isAddressEqual(receipt.to, to) ? await reader.value() : 0n
  return direct + filled
}

const asAmount = (text: string) => (/^[0-9]{1,78}$/.test(text) ? BigInt(text) : undefined)

/**
 * A provider API's "delivered" counts only once the destination chain shows it: the delivery transaction succeeded
 * on the destination chain, no earlier than the deposit, and paid the recipient at least the swap's minimum of the
 * token the swap asked for (`record.destination.token`, never one the API names instead). A token is counted from
 * the transaction's `Transfer` logs; the native coin from the transaction's own value when it is sent to the
 * recipient, or from a fill event of the contract given in `options.nativeFiller`. The received amount is what the
 * chain shows. Otherwise the swap stays Swapping, with the words above. A chain that does not answer is its
 * `ChainUnreachableError` (it could not be looked at). Any other event passes as it is.
 * What is still trusted: the gas on arrival the provider says came with it.
 */
export async function confirmDelivery(
  clients: ChainClients,
  record: TrackedSwap,
  event: SwapEvent,
  options: DeliveryCheckOptions = {},
): Promise<SwapEvent> {
  if (event.type !== 'delivered') return event
  const token = record.destination.token
  // The native coin asked, its wrapped token delivered (Across pays it so when it cannot unwrap, LI.FI's PARTIAL):
  // the same asset and decimals, held to the same minimum.
  const wrapped = options.nativeFiller?.wrappedNative
  const wrappedInstead =
    event.token !== undefined &&
    wrapped !== undefined &&
    isNativeAddress(token.address) &&
    isAddressEqual(event.token.address, wrapped)
  // Another token than the one asked (LI.FI's PARTIAL): no minimum of the swap says what enough of it is.
  if (event.token && !wrappedInstead && !sameToken(event.token.address, token.address)) {
    return unconfirmed('DELIVERY_OTHER_TOKEN')
  }
  if (!event.deliveryTx) return unconfirmed('DELIVERY_NOT_ON_CHAIN')
  const reader = transactionReader(clients, token.chainId, event.deliveryTx)
  const receipt = await reader.receipt()
  if (receipt?.status !== 'success') return unconfirmed('DELIVERY_NOT_ON_CHAIN')
  const deliveredAt = await reader.blockTime(receipt.blockNumber)
  // A delivery cannot come before its deposit; the two chains' clocks (and an API's deposit time) may differ a little.
  if (deliveredAt + CLOCK_SKEW_SECONDS < record.depositedAt) return unconfirmed('DELIVERY_NOT_ON_CHAIN')
  const native = isNativeAddress(token.address) && !wrappedInstead
  const paid = wrappedInstead
    ? tokenPaid(receipt, wrapped, record.recipient)
    : native
      ? await nativePaid(
          reader,
          receipt,
          record.recipient,
          options.nativeFiller
            ? nativeFilled(receipt, options.nativeFiller, record.origin.token.chainId, record.recipient)
            : 0n,
        )
      : tokenPaid(receipt, token.address, record.recipient)
  if (paid === 0n) return unconfirmed(native ? 'DELIVERY_NOT_PROVEN' : 'DELIVERY_NOT_ON_CHAIN')
  const minimum = asAmount(record.destination.minAmount)
  if (minimum === undefined || paid < minimum) return unconfirmed('DELIVERY_BELOW_MINIMUM')
  // The token delivered is named only when it is the wrapped coin instead of the coin: History says which arrived.
  const { token: named, ...delivered } = event
  return { ...delivered, ...(wrappedInstead ? { token: named } : {}), deliveredAt, receivedAmount: paid.toString() }
}

export type RefundCheckOptions = {
  /**
   * The chains the refund may be paid on, looked at in order (default: the origin). On the origin chain it pays back
   * the swap's origin token, on the destination chain the swap's destination token.
   */
  chainIds?: readonly number[]
  /** The wrapped native token of those chains a refund of the native coin may come back as (Across refunds WETH). */
  wrappedNative?: (chainId: number) => Address | undefined
}

/**
 * A provider API's "refunded" is final only once a chain shows it: the refund transaction succeeded, no earlier than
 * the deposit, on a chain the refund may be paid on, and paid the sender (the swap's owner, whom every provider here
 * refunds) some of the swap's token there (the native coin: the transaction's own value to them, or the wrapped
 * token). Otherwise the swap is not final: still being refunded by the provider, with the words above. A chain that
 * does not answer is its `ChainUnreachableError`. Any other event passes as it is.
 */
export async function confirmRefund(
  clients: ChainClients,
  record: TrackedSwap,
  event: SwapEvent,
  options: RefundCheckOptions = {},
): Promise<SwapEvent> {
  if (event.type !== 'refunded') return event
  if (!event.refundTx) return refundUnconfirmed
  for (const chainId of options.chainIds ?? [record.origin.token.chainId]) {
    const token =
      chainId === record.origin.token.chainId
        ? record.origin.token
        : chainId === record.destination.token.chainId
          ? record.destination.token
          : undefined
    if (!token) continue
    const reader = transactionReader(clients, chainId, event.refundTx)
    const receipt = await reader.receipt()
    if (!receipt) continue
    if (receipt.status !== 'success') return refundUnconfirmed
    if ((await reader.blockTime(receipt.blockNumber)) + CLOCK_SKEW_SECONDS < record.depositedAt) {
      return refundUnconfirmed
    }
    const wrapped = options.wrappedNative?.(chainId)
    const paid = isNativeAddress(token.address)
      ? await nativePaid(reader, receipt, record.owner, wrapped ? tokenPaid(receipt, wrapped, record.owner) : 0n)
      : tokenPaid(receipt, token.address, record.owner)
    return paid > 0n ? event : refundUnconfirmed
  }
  return refundUnconfirmed
}

/**
 * Whether the chain shows a deposit a provider's list names (History's restore takes no API's word for a swap): the
 * transaction succeeded, was sent by `owner`, to one of the provider's contracts there. A chain that does not answer
 * is its `ChainUnreachableError`.
 */
export async function depositOnChain(
  clients: ChainClients,
  deposit: { chainId: number; hash: Hex; owner: Address; contracts: readonly Address[] },
): Promise<boolean> {
  const receipt = await transactionReader(clients, deposit.chainId, deposit.hash).receipt()
  return (
    receipt !== undefined &&
    receipt.status === 'success' &&
    isAddressEqual(receipt.from, deposit.owner) &&
    receipt.to !== null &&
    deposit.contracts.some((contract) => isAddressEqual(contract, receipt.to as Address))
  )
}
