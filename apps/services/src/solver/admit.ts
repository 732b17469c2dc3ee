import { escrowFromTuple, intentOriginSettlerAbi, intentOriginSettlerStatus } from '@multi-bridge/contracts'
import {
  computeIntentOrderId,
  decodeIntentOriginData,
  findManifestToken,
  type GaslessOrder,
  gaslessOriginData,
  type IntentOriginData,
  type ManifestToken,
  NATIVE_TOKEN_ADDRESS,
} from '@multi-bridge/core'
import { type Address, type Hex, isAddressEqual } from 'viem'
import type { ChainContext } from '../shared/context.ts'
import { settlementMarginSeconds } from '../shared/margins.ts'
import { chainTime, type SolverContext } from './context.ts'
import { type PreparedFill, prepareFill } from './fillReads.ts'
import { balanceOf, fillNetworkFee, reservedInventory } from './inventory.ts'
import { acceptedOrder, declinedOrder, type OrderTerms, type SolverOrder } from './order.ts'
import { orderTermsProblem } from './orderLimits.ts'
import { isAcceptablePrice, tokenToUsd } from './pricing.ts'

export type AdmitOrderParameters = {
  origin: ChainContext
  orderId: Hex
  /** The origin data of the `Open` event, read again from the chain before anything is decided. */
  originData: Hex
  blockNumber: bigint
}

/**
 * Decides once whether to fill an order whose `Open` was seen: re-reads it from the chain instead of trusting
 * the event, and records it accepted or declined. Gives the order when it is new and accepted, to be filled.
 */
export async function admitOrder(
  context: SolverContext,
  parameters: AdmitOrderParameters,
): Promise<SolverOrder | undefined> {
  const { origin, orderId } = parameters
  if (context.store.value.orders[orderId]) {
    // Already decided (a replayed log after a restart, or a gasless order the solver opened itself).
    if (context.store.value.opens[orderId]) context.store.update((state) => void delete state.opens[orderId])
    return undefined
  }
  const seen = {
    orderId,
    originChainId: origin.config.id,
    openBlock: parameters.blockNumber.toString(),
    openSeenAt: Date.now(),
  }
  let order: SolverOrder
  let prepared: PreparedFill | undefined
  try {
    ;({ order, prepared } = await decide(context, parameters, seen))
  } catch (error) {
    context.holds.outputs.delete(orderId) // not decided: held again when it is tried again
    throw error
  }
  context.store.update((state) => {
    state.orders[orderId] = order
    delete state.opens[orderId]
  })
  if (prepared) context.caches.preparedFills.set(orderId, prepared) // accepted: its first fill's reads are on their way
  // A gasless order the solver opened: the order holds its output now (or declined it), not the submission.
  context.holds.outputs.delete(orderId)
  const reason = order.status === 'declined' ? order.reason : undefined
  context.log.info(reason ? 'order declined' : 'order accepted', { orderId, reason, originChainId: origin.config.id })
  return order.status === 'accepted' ? order : undefined
}

export type AdmitSentGaslessParameters = {
  origin: ChainContext
  order: GaslessOrder
  /** The `openFor` the solver has just sent for it. */
  openTx: Hex
  /** What the solver's checks of the signed order found (openGasless.ts): the output's USD value. */
  outputUsd: bigint
}

/**
 * Admits a gasless order the moment the solver has sent its `openFor`, on the checks `openGasless` made (its quote,
 * its terms, the inventory, a simulation of the open): it may be filled before the open is mined, like any open
 * that is not final yet, within `maxUnconfirmedUsd`. Its `Open`, once seen, finds it admitted.
 */
export function admitSentGasless(context: SolverContext, parameters: AdmitSentGaslessParameters): Hex {
  const { origin, order, openTx } = parameters
  const originData = gaslessOriginData(order)
  const orderId = computeIntentOrderId(originData)
  if (context.store.value.orders[orderId]) return orderId
  const seen = { orderId, originChainId: origin.config.id, openBlock: '0', openSeenAt: Date.now() }
  const terms = orderTerms(decodeIntentOriginData(originData), parameters.outputUsd)
  context.store.update((state) => {
    state.orders[orderId] = acceptedOrder(seen, terms, originData, { openTx, openedFor: order.user })
  })
  context.holds.outputs.delete(orderId) // the order holds its output now
  context.log.info('order accepted', { orderId, originChainId: origin.config.id, openTx })
  return orderId
}

/** What the solver keeps of an order's origin data (amounts as decimal text), with its USD value. */
function orderTerms(data: IntentOriginData, outputUsd: bigint): OrderTerms {
  return {
    destinationChainId: Number(data.destinationChainId),
    inputToken: data.inputToken,
    inputAmount: data.inputAmount.toString(),
    outputToken: data.outputToken,
    outputAmount: data.outputAmount.toString(),
    ...(data.gasAmount > 0n ? { gasAmount: data.gasAmount.toString() } : {}),
    recipient: data.recipient,
    fillDeadline: data.fillDeadline,
    expires: data.expires,
    outputUsd: outputUsd.toString(),
  }
}

async function decide(
  context: SolverContext,
  parameters: AdmitOrderParameters,
  seen: Parameters<typeof acceptedOrder>[0],
): Promise<{ order: SolverOrder; prepared?: PreparedFill }> {
  let data: IntentOriginData
  try {
    data = decodeIntentOriginData(parameters.originData)
  } catch {
    return { order: declinedOrder(seen, 'malformed origin data') }
  }
  if (!Number.isSafeInteger(Number(data.destinationChainId))) {
    return { order: declinedOrder(seen, 'unknown destination chain') }
  }
  const checked = await checkOrder(context, parameters, data)
  const terms = orderTerms(data, typeof checked === 'string' ? 0n : checked.outputUsd)
  // Only a fill needs the origin data: a declined order does not keep it.
  return typeof checked === 'string'
    ? { order: declinedOrder(seen, checked, terms) }
    : { order: acceptedOrder(seen, terms, parameters.originData), prepared: checked.prepared }
}

/** Why the order cannot be filled, or what the solver needs to know to fill it. */
export async function checkOrder(
  context: SolverContext,
  parameters: Pick<AdmitOrderParameters, 'origin' | 'orderId' | 'originData'>,
  data: IntentOriginData,
): Promise<string | { outputUsd: bigint; prepared: PreparedFill }> {
  const { origin } = parameters
  const known = knownOrder(context, origin, data)
  // The escrow, the fill's network fee and the destination's time are read at once (one round trip's wait, not
  // three in a row), the inventory last, just before it is held; the reasons keep their order.
  const escrowChecked = escrowProblem(parameters, data)
  const reads =
    typeof known === 'string'
      ? undefined
      : Promise.all([
          fillNetworkFee(context, known.destination, known.output, known.gas !== undefined),
          fillConditions(known.destination, origin),
        ])
  reads?.catch(() => undefined) // unread when the escrow is the reason
  const problem = await escrowChecked
  if (problem) return problem
  if (typeof known === 'string') return known
  const { destination, input, output, gas } = known
  const { pricing } = context
  const [gasFee, conditions] = await (reads as NonNullable<typeof reads>)
  if (!isAcceptablePrice(pricing, data.inputAmount, data.outputAmount, input, output, gas, gasFee)) {
    return 'price not acceptable'
  }
  // The quote's limits hold for orders opened without a quote too: size, fill window, time to be repaid.
  const terms = { input, inputAmount: data.inputAmount, fillDeadline: data.fillDeadline, expires: data.expires }
  const late = orderTermsProblem(pricing, terms, conditions)
  if (late) return late
  // The fill's own reads and its estimate go beside the inventory's: an order accepted is filled without another wait.
  const call = { orderId: parameters.orderId, originData: parameters.originData, terms: orderTerms(data, 0n) }
  const prepared = prepareFill(context, { call, origin, destination, conditions })
  const chainId = destination.config.id
  const [balance, nativeBalance] = await Promise.all([
    balanceOf(context, destination, data.outputToken),
    gas ? balanceOf(context, destination, NATIVE_TOKEN_ADDRESS) : 0n,
  ])
  // From here to the hold, nothing is awaited: admissions running at once count each other's holds. A gasless order
  // the solver opened holds its output since its submission: that hold is this order's own (`except`).
  const available = (token: Address, held: bigint) => {
    const reserved = reservedInventory(context, chainId, token, parameters.orderId)
    return held > reserved ? held - reserved : 0n
  }
  if (available(data.outputToken, balance) < data.outputAmount) return 'insufficient inventory'
  if (gas && available(NATIVE_TOKEN_ADDRESS, nativeBalance) < gas.amount) {
    return 'insufficient inventory for the gas on arrival'
  }
  const holds = [{ chainId, token: data.outputToken, amount: data.outputAmount }]
  if (gas) holds.push({ chainId, token: NATIVE_TOKEN_ADDRESS, amount: gas.amount })
  context.holds.outputs.set(parameters.orderId, holds) // until admitOrder stores the order
  const gasUsd = gas ? tokenToUsd(pricing, gas.amount, gas.native) : 0n
  return { outputUsd: tokenToUsd(pricing, data.outputAmount, output) + gasUsd, prepared }
}

/** The destination, tokens and prices the order names, checked against the manifest and the pricing (no reads). */
function knownOrder(context: SolverContext, origin: ChainContext, data: IntentOriginData) {
  const destination = context.chains.get(Number(data.destinationChainId))
  const destinationSettler = destination?.config.contracts.intentDestinationSettler
  if (!destination || !destinationSettler || !isAddressEqual(destinationSettler, data.destinationSettler)) {
    return 'unknown destination chain or settler'
  }
  const input = findManifestToken(origin.config, data.inputToken)
  const output: ManifestToken | undefined = findManifestToken(destination.config, data.outputToken)
  if (!input || !output) return 'unsupported token'
  const { pricing } = context
  if (!(input.symbol in pricing.pricesUsd) || !(output.symbol in pricing.pricesUsd)) return 'unpriced token'
  const native = findManifestToken(destination.config, NATIVE_TOKEN_ADDRESS)
  if (data.gasAmount > 0n && (!native || !(native.symbol in pricing.pricesUsd))) return 'no gas on arrival here'
  const gas = data.gasAmount > 0n && native ? { amount: data.gasAmount, native } : undefined
  return { destination, input, output, gas }
}

/** Why the order's id, origin or escrow do not match what it says, or undefined when they do. */
async function escrowProblem(
  parameters: Pick<AdmitOrderParameters, 'origin' | 'orderId' | 'originData'>,
  data: IntentOriginData,
): Promise<string | undefined> {
  const { origin, orderId } = parameters
  if (computeIntentOrderId(parameters.originData) !== orderId) return 'order id does not match origin data'
  const originSettler = origin.config.contracts.intentOriginSettler
  if (
    !originSettler ||
    Number(data.originChainId) !== origin.config.id ||
    !isAddressEqual(data.originSettler, originSettler)
  ) {
    return 'origin chain or settler mismatch'
  }
  const escrow = escrowFromTuple(
    await origin.publicClient.readContract({
      address: originSettler,
      abi: intentOriginSettlerAbi,
      functionName: 'escrows',
      args: [orderId],
    }),
  )
  const matches =
    escrow.status === intentOriginSettlerStatus.Open &&
    isAddressEqual(escrow.user, data.user) &&
    isAddressEqual(escrow.inputToken, data.inputToken) &&
    escrow.inputAmount === data.inputAmount &&
    escrow.fillDeadline === data.fillDeadline &&
    escrow.expires === data.expires
  return matches ? undefined : 'escrow on the origin chain does not match the order'
}

/** The destination's time, block time and the margin a claim needs after a fill. */
export async function fillConditions(destination: ChainContext, origin: ChainContext) {
  return {
    now: await chainTime(destination),
    destinationBlockTime: destination.config.blockTime,
    marginSeconds: settlementMarginSeconds(destination, origin),
  }
}
