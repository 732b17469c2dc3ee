import {
  type Address,
  erc20Abi,
  getAddress,
  type Hex,
  isAddressEqual,
  parseAbi,
  parseEventLogs,
  type TransactionReceipt,
  zeroHash,
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
 * Across's SpokePool deposit events (the same interface: `FundsDeposited`, and `V3FundsDeposited` before addresses
 * became bytes32): the deposit's id, what it put in, and where to.
 */
export const spokePoolDepositAbi = parseAbi([
  'event FundsDeposited(bytes32 inputToken, bytes32 outputToken, uint256 inputAmount, uint256 outputAmount, uint256 indexed destinationChainId, uint256 indexed depositId, uint32 quoteTimestamp, uint32 fillDeadline, uint32 exclusivityDeadline, bytes32 indexed depositor, bytes32 recipient, bytes32 exclusiveRelayer, bytes message)',
  'event V3FundsDeposited(address inputToken, address outputToken, uint256 inputAmount, uint256 outputAmount, uint256 indexed destinationChainId, uint32 indexed depositId, uint32 quoteTimestamp, uint32 fillDeadline, uint32 exclusivityDeadline, address indexed depositor, address recipient, address exclusiveRelayer, bytes message)',
])

/** Relay's depository deposit events (relayprotocol/relay-depository `RelayDepository.sol`): the order id deposited for. */
const relayDepositoryEventsAbi = parseAbi([
  'event RelayNativeDeposit(address from, uint256 amount, bytes32 id)',
  'event RelayErc20Deposit(address from, address token, uint256 amount, bytes32 id)',
])

/**
 * The contract whose fill events prove a native-coin delivery on the destination chain (Across's SpokePool there),
 * and the wrapped native token it fills with.
 */
export type NativeFiller = { spokePool: Address; wrappedNative: Address }

/**
 * What ties a provider's "delivered" or "refunded" to this very deposit, read from the deposit's receipt on the
 * origin chain (SPEC: they count only for transfers bound to it):
 * - `across`: Across's SpokePool of each chain. The origin SpokePool's `FundsDeposited` in the deposit receipt gives
 *   the deposit's id and what it put in. Its delivery is the destination SpokePool's `FilledRelay` naming that id and
 *   the origin chain (indexed in the event), paying the recipient; its refund is the origin SpokePool paying the
 *   depositor back at least what was put in (Across refunds an expired deposit's whole `inputAmount`: across-protocol
 *   sdk `getRefundsFromBundle`). `optional`: a deposit whose receipt shows no deposit of the origin SpokePool did not
 *   go through Across (LI.FI through another bridge) and is checked without it; otherwise such a deposit has no
 *   delivery the chain could show.
 * - `relay`: Relay's depositories on the origin chain, whose `RelayErc20Deposit` / `RelayNativeDeposit` in the deposit
 *   receipt name the order, and the request id. Relay's solver ends the calldata of its fills and refunds with the
 *   order's id, which its oracle checks (relayprotocol/relay-protocol-oracle docs/indexing/ethereum-vm.md): only
 *   such a transaction is this order's. A refund may also be the depository's own payment.
 * Either way the deposit's block time, as the origin chain shows it, is the earliest a delivery or refund can be.
 */
export type DepositBinding =
  | {
      kind: 'across'
      spokePool: (chainId: number) => Address | undefined
      optional?: boolean
      /**
       * A contract of the provider on a chain that an Across deposit may pay instead of the recipient, which swaps
       * what is filled and pays the recipient in the fill's own transaction (LI.FI's ReceiverAcrossV4). A deposit to
       * it is delivered by a fill of that deposit to it whose transaction pays the recipient the asked token.
       */
      swapReceiver?: (chainId: number) => Address | undefined
    }
  | { kind: 'relay'; depositories: readonly Address[]; requestId?: string }

export type DeliveryCheckOptions = {
  /** Where a contract fill of the native coin can be proven from its event; without it, only a plain payment. */
  nativeFiller?: NativeFiller
  /** What binds the delivery to this deposit; without it, any payment of the asked token to the recipient. */
  binding?: DepositBinding
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
  let transaction: Promise<{ value: bigint; input: Hex }> | undefined
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
    transaction: () => {
      transaction ??= readChain(chain, () => client.getTransaction({ hash }))
      return transaction
    },
  }
}

/** What the receipt's ERC-20 `Transfer` logs of `token` paid `to` (from one of `from`, when given), added up. */
function tokenPaid(receipt: TransactionReceipt, token: Address, to: Address, from?: readonly Address[]): bigint {
  return parseEventLogs({ abi: erc20Abi, eventName: 'Transfer', logs: receipt.logs })
    .filter((log) => isAddressEqual(log.address, token) && isAddressEqual(log.args.to, to))
    .filter((log) => from === undefined || from.some((payer) => isAddressEqual(payer, log.args.from)))
    .reduce((sum, log) => sum + log.args.value, 0n)
}

/** A bytes32 that holds an EVM address (12 zero bytes, then the address), as that address. */
export function addressInWord(word: Hex): Address | undefined {
  return /^0x0{24}[0-9a-fA-F]{40}$/.test(word) ? getAddress(`0x${word.slice(26)}`) : undefined
}

/**
 * What the SpokePool's fills in this receipt paid `recipient` of `outputToken` (of any token when undefined) for a
 * deposit from `originChainId` (one of `depositIds`, when given): fills emitted by that SpokePool, to that (updated) recipient. A fill of the
 * wrapped native token to a wallet pays the native coin.
 */
function spokePoolFilled(
  receipt: TransactionReceipt,
  fill: { spokePool: Address; originChainId: number; outputToken: Address | undefined; depositIds?: readonly bigint[] },
  recipient: Address,
): bigint {
  let paid = 0n
  for (const log of parseEventLogs({ abi: spokePoolFillAbi, logs: receipt.logs })) {
    if (!isAddressEqual(log.address, fill.spokePool) || log.args.originChainId !== BigInt(fill.originChainId)) continue
    if (fill.depositIds && !fill.depositIds.includes(BigInt(log.args.depositId))) continue
    const info = log.args.relayExecutionInfo
    const outputToken = log.eventName === 'FilledRelay' ? addressInWord(log.args.outputToken) : log.args.outputToken
    const paidTo =
      log.eventName === 'FilledRelay'
        ? addressInWord((info as { updatedRecipient: Hex }).updatedRecipient)
        : (info as { updatedRecipient: Address }).updatedRecipient
    if (!outputToken || !paidTo) continue
    if (fill.outputToken && !isAddressEqual(outputToken, fill.outputToken)) continue
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
  const direct = receipt.to && isAddressEqual(receipt.to, to) ? (await reader.transaction()).value : 0n
  return direct + filled
}

const asAmount = (text: string) => (/^[0-9]{1,78}$/.test(text) ? BigInt(text) : undefined)
const isBytes32 = (text: unknown): text is Hex => typeof text === 'string' && /^0x[0-9a-fA-F]{64}$/.test(text)

/** What the origin chain shows of the deposit, for a `DepositBinding`. */
type DepositShown = {
  /** The deposit block's time, when the origin chain shows the deposit succeeded. */
  time?: number
  /** The origin SpokePool's deposits in its receipt towards the swap's destination chain, and whom each pays. */
  across: { depositId: bigint; inputAmount: bigint; recipient: Address | undefined }[]
  /** The Relay orders its receipt's depository events name, and the request id. */
  orderIds: Hex[]
}

async function depositShown(
  clients: ChainClients,
  record: TrackedSwap,
  binding: DepositBinding,
): Promise<DepositShown> {
  const origin = record.origin.token.chainId
  const reader = transactionReader(clients, origin, record.depositTx)
  const found = await reader.receipt()
  const receipt = found?.status === 'success' ? found : undefined
  const time = receipt ? await reader.blockTime(receipt.blockNumber) : undefined
  const logs = receipt?.logs ?? []
  if (binding.kind === 'across') {
    const pool = binding.spokePool(origin)
    const across = parseEventLogs({ abi: spokePoolDepositAbi, logs })
      .filter(
        (log) =>
          pool !== undefined &&
          isAddressEqual(log.address, pool) &&
          log.args.destinationChainId === BigInt(record.destination.token.chainId),
      )
      .map((log) => ({
        depositId: BigInt(log.args.depositId),
        inputAmount: log.args.inputAmount,
        recipient: log.eventName === 'FundsDeposited' ? addressInWord(log.args.recipient) : log.args.recipient,
      }))
    return { ...(time === undefined ? {} : { time }), across, orderIds: [] }
  }
  const orderIds = parseEventLogs({ abi: relayDepositoryEventsAbi, logs })
    .filter((log) => binding.depositories.some((depository) => isAddressEqual(depository, log.address)))
    .map((log) => log.args.id)
    .filter((id) => id !== zeroHash)
  if (isBytes32(binding.requestId)) orderIds.push(binding.requestId)
  return { ...(time === undefined ? {} : { time }), across: [], orderIds }
}

/** Whether calldata ends with one of the order ids (Relay's solver appends the order's id to its fills and refunds). */
const namesOrder = (input: Hex, orderIds: readonly Hex[]) =>
  orderIds.some((id) => input.length >= id.length && input.toLowerCase().endsWith(id.slice(2).toLowerCase()))

/**
 * The Across fill a delivery must be, when the binding is Across's: the destination SpokePool and the deposit ids the
 * origin SpokePool logged. `unbindable`: an Across deposit (or one that must be) whose fill cannot be looked for;
 * undefined: no Across binding (LI.FI's deposit through another bridge, or no binding at all).
 */
function acrossFillOf(
  binding: DepositBinding | undefined,
  record: TrackedSwap,
  shown: DepositShown | undefined,
): { spokePool: Address; depositIds: bigint[]; swapReceiver?: Address } | 'unbindable' | undefined {
  if (binding?.kind !== 'across' || !shown) return undefined
  if (shown.across.length === 0) return binding.optional ? undefined : 'unbindable'
  const destination = record.destination.token.chainId
  const spokePool = binding.spokePool(destination)
  if (!spokePool) return 'unbindable'
  const depositIds = shown.across.map((deposit) => deposit.depositId)
  // Deposits to the provider's swapping receiver there: delivered by that receiver, after the fill.
  const swapReceiver = binding.swapReceiver?.(destination)
  const viaReceiver = shown.across.every(
    (deposit) => swapReceiver && deposit.recipient && isAddressEqual(deposit.recipient, swapReceiver),
  )
  return swapReceiver && viaReceiver ? { spokePool, depositIds, swapReceiver } : { spokePool, depositIds }
}

/**
 * A provider API's "delivered" counts only once the destination chain shows it: the delivery transaction succeeded
 * on the destination chain, no earlier than the deposit (its block's time, as the origin chain shows it when there is
 * a binding), bound to this deposit (`options.binding`), and paid the recipient at least the swap's minimum of the
 * token the swap asked for (`record.destination.token`, never one the API names instead). Bound to an Across
 * deposit, what counts is what the destination SpokePool's fill events of that deposit paid; bound to a Relay order,
 * the transaction's calldata must name it. Otherwise a token is counted from the transaction's `Transfer` logs; the
 * native coin from the transaction's own value when it is sent to the recipient, or from a fill event of the
 * contract given in `options.nativeFiller`. The received amount is what the chain shows. Otherwise the swap stays
 * Swapping, with the words above. A chain that does not answer is its `ChainUnreachableError` (it could not be looked
 * at). Any other event passes as it is.
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
  const { binding } = options
  const shown = binding ? await depositShown(clients, record, binding) : undefined
  const across = acrossFillOf(binding, record, shown)
  if (across === 'unbindable') return unconfirmed('DELIVERY_NOT_ON_CHAIN')
  // The earliest a delivery can be: the deposit's block (a restored swap's time may be unknown, or an API's).
  const since = shown?.time ?? record.depositedAt
  if (!(since > 0)) return unconfirmed('DELIVERY_NOT_ON_CHAIN')
  const reader = transactionReader(clients, token.chainId, event.deliveryTx)
  const receipt = await reader.receipt()
  if (receipt?.status !== 'success') return unconfirmed('DELIVERY_NOT_ON_CHAIN')
  const deliveredAt = await reader.blockTime(receipt.blockNumber)
  // A delivery cannot come before its deposit; the two chains' clocks (and an API's deposit time) may differ a little.
  if (deliveredAt + CLOCK_SKEW_SECONDS < since) return unconfirmed('DELIVERY_NOT_ON_CHAIN')
  if (binding?.kind === 'relay' && !namesOrder((await reader.transaction()).input, shown?.orderIds ?? [])) {
    return unconfirmed('DELIVERY_NOT_ON_CHAIN')
  }
  const native = isNativeAddress(token.address) && !wrappedInstead
  const origin = record.origin.token.chainId
  const filled = (spokePool: Address, outputToken: Address | undefined, depositIds?: readonly bigint[], to?: Address) =>
    spokePoolFilled(
      receipt,
      { spokePool, originChainId: origin, outputToken, ...(depositIds ? { depositIds } : {}) },
      to ?? record.recipient,
    )
  /** What the fills of the Across deposit paid (through the swapping receiver: what it paid the recipient). */
  const acrossPaid = (fill: Exclude<typeof across, 'unbindable' | undefined>) => {
    if (fill.swapReceiver) {
      const reached = filled(fill.spokePool, undefined, fill.depositIds, fill.swapReceiver) > 0n
      return reached && !native ? tokenPaid(receipt, token.address, record.recipient) : 0n
    }
    // Across pays the native coin (or the wrapped one instead) by filling with the wrapped token.
    if (native || wrappedInstead) return wrapped ? filled(fill.spokePool, wrapped, fill.depositIds) : 0n
    return filled(fill.spokePool, token.address, fill.depositIds)
  }
  const paid = across
    ? acrossPaid(across)
    : wrappedInstead
      ? tokenPaid(receipt, wrapped, record.recipient)
      : native
        ? await nativePaid(
            reader,
            receipt,
            record.recipient,
            options.nativeFiller ? filled(options.nativeFiller.spokePool, options.nativeFiller.wrappedNative) : 0n,
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
  /** What binds the refund to this deposit (see `DepositBinding`). */
  binding?: DepositBinding
  /** The provider's contracts a refund is paid from on a chain, where the binding does not say (LI.FI's diamond). */
  payers?: (chainId: number) => readonly Address[]
}

/**
 * What the provider keeps of the origin amount when it refunds: the fees of the route taken in the origin token from
 * what was sent (LI.FI's fee, collected at the deposit; Relay's fee, which covers the gas Relay deducts from a refund:
 * relay-docs refunds.mdx), never below zero. A swap restored from chain has no fees: the whole amount is due.
 */
function keptOfOrigin(record: TrackedSwap): bigint {
  const kept = (record.fees ?? [])
    .filter(
      (fee) =>
        fee.paidBy !== 'sender' &&
        fee.token.chainId === record.origin.token.chainId &&
        sameToken(fee.token.address, record.origin.token.address),
    )
    .reduce((sum, fee) => sum + (/^-?[0-9]{1,78}$/.test(fee.amount) ? BigInt(fee.amount) : 0n), 0n)
  return kept > 0n ? kept : 0n
}

/** How a refund on one chain is bound to the deposit: who may pay it, the orders it may name, and the least due. */
type RefundRule = { payers: readonly Address[]; orderIds: readonly Hex[]; minimum: bigint }

function refundRule(
  record: TrackedSwap,
  chainId: number,
  options: RefundCheckOptions,
  shown: DepositShown | undefined,
): RefundRule | undefined {
  const onOrigin = chainId === record.origin.token.chainId
  const { binding } = options
  // Across refunds on the origin only, from its SpokePool there: what the deposit put in, or else the whole amount.
  if (binding?.kind === 'across' && (!binding.optional || (shown?.across.length ?? 0) > 0)) {
    const pool = binding.spokePool(chainId)
    if (!onOrigin || !pool) return undefined
    // The least of the deposits the receipt shows towards the destination (one, unless a batch made several).
    const [least] = (shown?.across.map((deposit) => deposit.inputAmount) ?? []).sort((a, b) => (a < b ? -1 : 1))
    const minimum = least ?? asAmount(record.origin.amount)
    return minimum === undefined ? undefined : { payers: [pool], orderIds: [], minimum }
  }
  // Otherwise: the deposit less what the provider keeps of it, back on the origin; the swap's minimum on the destination.
  const due = onOrigin
    ? (asAmount(record.origin.amount) ?? 0n) - keptOfOrigin(record)
    : asAmount(record.destination.minAmount)
  if (due === undefined || due <= 0n) return undefined
  if (binding?.kind === 'relay') {
    return { payers: binding.depositories, orderIds: shown?.orderIds ?? [], minimum: due }
  }
  return { payers: options.payers?.(chainId) ?? [], orderIds: [], minimum: due }
}

/**
 * A provider API's "refunded" is final only once a chain shows it, bound to this deposit: the refund transaction
 * succeeded, no earlier than the deposit (its block's time, as the origin chain shows it when there is a binding), on
 * a chain the refund may be paid on, and paid the sender (the swap's owner, whom every provider here refunds) at least
 * the amount due of the swap's token there (the native coin: the transaction's own value to them, or the wrapped
 * token) from the provider: Across's origin SpokePool (at least what the deposit put in), a transaction naming the
 * Relay order or Relay's depository, or else one of `options.payers`; at least the deposit less the fees the route
 * took in its token (`keptOfOrigin`) on the origin, the swap's minimum on the destination. Never just "some" of it.
 * Otherwise the swap is not final: still being refunded by the provider, with the words above. A chain that does
 * not answer is its `ChainUnreachableError`. Any other event passes as it is.
 */
export async function confirmRefund(
  clients: ChainClients,
  record: TrackedSwap,
  event: SwapEvent,
  options: RefundCheckOptions = {},
): Promise<SwapEvent> {
  if (event.type !== 'refunded') return event
  if (!event.refundTx) return refundUnconfirmed
  const shown = options.binding ? await depositShown(clients, record, options.binding) : undefined
  const since = shown?.time ?? record.depositedAt
  if (!(since > 0)) return refundUnconfirmed
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
    if ((await reader.blockTime(receipt.blockNumber)) + CLOCK_SKEW_SECONDS < since) return refundUnconfirmed
    const rule = refundRule(record, chainId, options, shown)
    if (!rule) return refundUnconfirmed
    // Naming the order binds every payment in it; otherwise only what the provider's contracts paid counts.
    const named = rule.orderIds.length > 0 && namesOrder((await reader.transaction()).input, rule.orderIds)
    const from = named ? undefined : rule.payers
    const native = isNativeAddress(token.address)
    const wrapped = native ? options.wrappedNative?.(chainId) : undefined
    const sentByPayer = from === undefined || from.some((payer) => isAddressEqual(payer, receipt.from))
    const paid = native
      ? (sentByPayer && receipt.to && isAddressEqual(receipt.to, record.owner)
          ? (await reader.transaction()).value
          : 0n) + (wrapped ? tokenPaid(receipt, wrapped, record.owner, from) : 0n)
      : tokenPaid(receipt, token.address, record.owner, from)
    return paid >= rule.minimum ? event : refundUnconfirmed
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
