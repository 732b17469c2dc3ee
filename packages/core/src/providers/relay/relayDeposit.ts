import {
  type Address,
  decodeFunctionData,
  getAddress,
  type Hex,
  isAddress,
  isAddressEqual,
  parseAbi,
  zeroAddress,
} from 'viem'
import { NATIVE_TOKEN_ADDRESS } from '../../config/manifest.ts'
import { UnknownContractError } from '../../errors/walletErrors.ts'
import { InvalidQuoteError } from '../../routes/routeErrors.ts'
import type { QuoteRequest, Route, TransactionRequest } from '../../routes/types.ts'
import type { DecodedDeposit } from '../../signing/decodedDeposit.ts'
import { SignedMismatchError } from '../../signing/signingErrors.ts'
import { assertListed, describeIssues, isNativeAddress, sameToken } from '../apiSupport.ts'
import { RELAY_PROVIDER_ID } from './relayConfig.ts'
import { chainOfProtocolChain, RELAY_PROTOCOL_CHAINS, relayOrderId } from './relayOrder.ts'
import { type RelayOrder, relayOrderSchema } from './relaySchemas.ts'
import { checkOrderSettlement } from './relaySettlement.ts'

/**
 * The two deposit functions of Relay's depository (relayprotocol/relay-depository
 * packages/ethereum-vm/src/RelayDepository.sol): a `depositor` of zero credits `msg.sender`. The depository's
 * other `depositErc20(depositor, token, id)` deposits the whole allowance, and `execute` is the allocator's: neither
 * is accepted.
 */
export const relayDepositoryAbi = parseAbi([
  'function depositNative(address depositor, bytes32 id) payable',
  'function depositErc20(address depositor, address token, uint256 amount, bytes32 id)',
])

/** What a depository call says: who is credited, with what, under which order id. */
type DepositCall = { functionName: string; depositor: Address; token: Address; amount: bigint; id: Hex }

function depositCall(transaction: TransactionRequest): DepositCall {
  let call: ReturnType<typeof decodeFunctionData<typeof relayDepositoryAbi>>
  try {
    call = decodeFunctionData({ abi: relayDepositoryAbi, data: transaction.data })
  } catch {
    throw new UnknownContractError(transaction.to)
  }
  if (call.functionName === 'depositNative') {
    const [depositor, id] = call.args
    return { functionName: call.functionName, depositor, token: NATIVE_TOKEN_ADDRESS, amount: transaction.value, id }
  }
  const [depositor, token, amount, id] = call.args
  return { functionName: call.functionName, depositor, token, amount, id }
}

/** The order the route's quote named (`protocol.v2.orderData`), as the route carries it. */
function routeOrder(route: Route): { order: RelayOrder; orderId?: string } {
  const { order, orderId } = route.data as { order?: unknown; orderId?: unknown }
  if (order === undefined) {
    throw new InvalidQuoteError(RELAY_PROVIDER_ID, 'the quote names no protocol order for its depository deposit')
  }
  const parsed = relayOrderSchema.safeParse(order)
  if (!parsed.success) throw new InvalidQuoteError(RELAY_PROVIDER_ID, `order: ${describeIssues(parsed.error)}`)
  return { order: parsed.data, ...(typeof orderId === 'string' ? { orderId } : {}) }
}

/** The deposit's `id` must be the order's own id (its hash): then the calldata commits to the whole order. */
function checkOrderId(order: RelayOrder, id: Hex, orderId: string | undefined) {
  let hashed: Hex | undefined
  try {
    hashed = relayOrderId(order)
  } catch {
    hashed = undefined
  }
  const named = orderId?.toLowerCase() ?? id.toLowerCase()
  if (hashed?.toLowerCase() !== id.toLowerCase() || named !== id.toLowerCase()) {
    // The id is where the recipient and the destination live for a depository deposit: an id the order does not
    // hash to commits to a recipient nobody has shown.
    throw new SignedMismatchError('order', `the deposit's order id ${id} is not the id of the order the quote shows`)
  }
}

/** The order's one input is what the calldata deposits, on the origin chain. */
function checkOrderInput(order: RelayOrder, call: DepositCall, request: QuoteRequest) {
  const [input, ...more] = order.inputs
  if (!input || more.length > 0) throw new SignedMismatchError('amount', 'the order takes more than this deposit')
  const { payment } = input
  if (payment.chainId !== RELAY_PROTOCOL_CHAINS[request.origin.chainId] || !sameToken(payment.currency, call.token)) {
    throw new SignedMismatchError('inputToken', `the order is paid in ${payment.currency} on ${payment.chainId}`)
  }
  if (BigInt(payment.amount) !== call.amount) {
    throw new SignedMismatchError('amount', `the order is paid ${payment.amount}, the deposit is ${call.amount}`)
  }
}

const isPerson = (value: string, person: Address) =>
  isAddress(value, { strict: false }) && isAddressEqual(value, person)

/**
 * Every refund the order allows goes back to the sender (or, on the destination, to the recipient), in the token
 * the person paid (on the origin) or asked for (on the destination), and one of them is the paid token back to the
 * sender on the origin. A refund in another token, with no floor in the real orders (`minimumAmount` "0"), would let
 * the deposit be settled by a worthless transfer; an order without the origin refund has no way back at all.
 */
function checkOrderRefunds(order: RelayOrder, request: QuoteRequest, delivered: Address) {
  for (const { payment, refunds } of order.inputs) {
    let backToSender = false
    for (const refund of refunds) {
      const chainId = chainOfProtocolChain(refund.chainId)
      const onOrigin = chainId === request.origin.chainId
      const onDestination = chainId === request.destination.chainId
      const ok =
        ((onOrigin || onDestination) && isPerson(refund.recipient, request.sender)) ||
        (onDestination && isPerson(refund.recipient, request.recipient))
      if (!ok) throw new SignedMismatchError('refundTo', `the order refunds ${refund.recipient} on ${refund.chainId}`)
      const inPaid = onOrigin && sameToken(refund.currency, payment.currency)
      const inDelivered = onDestination && sameToken(refund.currency, delivered)
      if (!inPaid && !inDelivered) {
        throw new SignedMismatchError('refund', `the order refunds in ${refund.currency} on ${refund.chainId}`)
      }
      if (inPaid && isPerson(refund.recipient, request.sender)) backToSender = true
    }
    if (!backToSender) {
      throw new SignedMismatchError('refund', 'the order has no refund of the paid token to the sender')
    }
  }
}

/**
 * Where the order delivers: its chain, its one recipient, and the payment in the asked token (its minimum). Any
 * other payment must be the destination's native coin to the same recipient (a gas top-up), never another token.
 */
function orderDelivery(order: RelayOrder, request: QuoteRequest) {
  const { payments } = order.output
  const main = payments.find((payment) => sameToken(payment.currency, request.destination.address)) ?? payments[0]
  if (!main) throw new SignedMismatchError('output', 'the order pays no one')
  if (!isAddress(main.recipient, { strict: false })) {
    throw new SignedMismatchError('recipient', `the order pays ${main.recipient}`)
  }
  const recipient = getAddress(main.recipient)
  for (const payment of payments) {
    if (!isPerson(payment.recipient, recipient)) {
      throw new SignedMismatchError('recipient', `the order also pays ${payment.recipient}`)
    }
    if (payment !== main && !isNativeAddress(payment.currency)) {
      throw new SignedMismatchError('output', `the order also pays ${payment.currency}`)
    }
  }
  const destinationChainId = chainOfProtocolChain(order.output.chainId)
  if (destinationChainId === undefined) {
    throw new SignedMismatchError('destinationChain', `the order delivers on "${order.output.chainId}"`)
  }
  const token = isNativeAddress(main.currency) ? NATIVE_TOKEN_ADDRESS : getAddress(main.currency)
  return { recipient, destinationChainId, output: { token, amount: BigInt(main.minimumAmount) } }
}

/**
 * A Relay deposit, decoded: `depositErc20` / `depositNative` into the depository (`depositories`, the config's
 * allowlist), nothing else (`UnknownContractError` for any other contract or function). The calldata names only the depositor, the token, the amount
 * and an order id; the recipient, destination and output are the order's, read only after the order the quote
 * showed is proven to hash to that id. The order must be paid by exactly this deposit and refund only to the person.
 * A zero depositor is the sender (the depository credits `msg.sender`). The shared `checkDeposit` then compares it
 * all with the request.
 *
 * Who settles it is pinned to Relay's own solver and fill contract, with deadlines within hours of the quote
 * (`checkOrderSettlement`). Trusted: that Relay's solver fills the order it committed to, as the protocol settles it
 * (a fill that pays less than the order's minimum is not settled, and the deposit is refunded per the order), the
 * refund's amount (Relay's orders carry no refund floor), and the gas top-up amount the quote shows when the order
 * does not name it.
 */
export function decodeRelayDeposit(
  transaction: TransactionRequest,
  route: Route,
  depositories: readonly Address[],
): DecodedDeposit {
  const to = assertListed(depositories, transaction.to)
  const call = depositCall(transaction)
  const { request } = route
  const { order, orderId } = routeOrder(route)
  checkOrderId(order, call.id, orderId)
  checkOrderInput(order, call, request)
  const delivery = orderDelivery(order, request)
  checkOrderRefunds(order, request, delivery.output.token)
  checkOrderSettlement(order, route)
  return {
    contract: to,
    contractName: 'Relay Depository',
    functionName: call.functionName,
    inputToken: call.token,
    inputAmount: call.amount,
    value: transaction.value,
    ...delivery,
    refundTo: isAddressEqual(call.depositor, zeroAddress) ? request.sender : call.depositor,
    destinationCall: order.output.calls.length > 0,
    // Relay refunds an order it did not fill by its output's deadline: the paid token on the origin (checked above), of
    // an amount its orders do not fix.
    fillBy: order.output.deadline,
    comesBack: { chainId: request.origin.chainId, token: call.token },
  }
}
