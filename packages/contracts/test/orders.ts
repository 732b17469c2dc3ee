/** Intent and pool flows shared by the contract tests, built on the core protocol helpers. */
import {
  depositFromTuple,
  intentDestinationSettlerAbi,
  intentOriginSettlerAbi,
  poolBridgeAbi,
} from '@multi-bridge/contracts'
import {
  buildOnchainOrder,
  decodeIntentOriginData,
  type IntentOrderData,
  type IntentOriginData,
  intentFillValue,
  type PoolRelease,
} from '@multi-bridge/core'
import { type Address, encodeAbiParameters, type Hex, parseEventLogs, type TransactionReceipt } from 'viem'
import { accounts, type Client, latestTimestamp, NATIVE, type TestChain, write } from './fixture.ts'

let nonceCounter = 1n
/** A nonce no other order in this test process has used. */
export function freshNonce(): bigint {
  nonceCounter += 1n
  return nonceCounter
}

export type OrderParameters = {
  user?: Address
  settler?: Address
  inputToken?: Address
  inputAmount?: bigint
  outputToken?: Address
  outputAmount?: bigint
  /** Native coin for the recipient besides the output (gas on arrival); none by default. */
  gasAmount?: bigint
  destinationChainId?: number
  destinationSettler?: Address
  recipient?: Address
  nonce?: bigint
  /** Absolute fill deadline; defaults to 10 minutes after the origin chain's latest block. */
  fillDeadline?: number
  /** Absolute `expires`; defaults to an hour after the fill deadline. */
  expires?: number
  value?: bigint
}

export type OrderRequest = {
  user: Address
  settler: Address
  value: bigint
  fillDeadline: number
  orderData: IntentOrderData
  order: ReturnType<typeof buildOnchainOrder>
}

/** Fills in defaults: USDC → USDC, 1,000 in, 999 out, from `user` to `recipient` on `destination`. */
export async function orderRequest(
  origin: TestChain,
  destination: TestChain,
  p: OrderParameters = {},
): Promise<OrderRequest> {
  const d = origin.contracts
  const fillDeadline = p.fillDeadline ?? (await latestTimestamp(origin.client)) + 600
  const inputToken = p.inputToken ?? d.usdc
  const inputAmount = p.inputAmount ?? 1_000_000_000n
  const orderData: IntentOrderData = {
    inputToken,
    inputAmount,
    outputToken: p.outputToken ?? destination.contracts.usdc,
    outputAmount: p.outputAmount ?? 999_000_000n,
    gasAmount: p.gasAmount ?? 0n,
    destinationChainId: BigInt(p.destinationChainId ?? destination.chainId),
    destinationSettler: p.destinationSettler ?? destination.contracts.destination,
    recipient: p.recipient ?? accounts.recipient,
    nonce: p.nonce ?? freshNonce(),
    expires: p.expires ?? fillDeadline + 3600,
  }
  return {
    user: p.user ?? accounts.user,
    settler: p.settler ?? d.origin,
    value: p.value ?? (inputToken === NATIVE ? inputAmount : 0n),
    fillDeadline,
    orderData,
    order: buildOnchainOrder(orderData, fillDeadline),
  }
}

export type OpenedOrder = {
  orderId: Hex
  originData: Hex
  data: IntentOriginData
  receipt: TransactionReceipt
  /** The `resolvedOrder` of the Open event. */
  resolved: ReturnType<
    typeof parseEventLogs<typeof intentOriginSettlerAbi, true, 'Open'>
  >[number]['args']['resolvedOrder']
}

/** Opens an order and returns what its Open event says. */
export async function openOrder(
  origin: TestChain,
  destination: TestChain,
  p: OrderParameters = {},
): Promise<OpenedOrder> {
  return submitOrder(origin, await orderRequest(origin, destination, p))
}

/** The `open` call of a request, for `write` or `expectRevert`. */
export function openCall(request: OrderRequest) {
  return {
    address: request.settler,
    abi: intentOriginSettlerAbi,
    functionName: 'open',
    args: [request.order],
    account: request.user,
    value: request.value,
  } as const
}

export async function submitOrder(origin: TestChain, request: OrderRequest): Promise<OpenedOrder> {
  const receipt = await write(origin.client, openCall(request))
  const [event] = parseEventLogs({ abi: intentOriginSettlerAbi, logs: receipt.logs, eventName: 'Open' })
  if (!event) throw new Error('open emitted no Open event')
  const originData = event.args.resolvedOrder.fillInstructions[0]!.originData
  return {
    orderId: event.args.orderId,
    originData,
    data: decodeIntentOriginData(originData),
    receipt,
    resolved: event.args.resolvedOrder,
  }
}

export type FillParameters = {
  solver?: Address
  settler?: Address
  /** Repayment address on the origin chain; omitted means the filler itself. */
  repayTo?: Address
  value?: bigint
  orderId?: Hex
}

export function fillRequest(
  destination: TestChain,
  order: Pick<OpenedOrder, 'orderId' | 'originData'>,
  p: FillParameters = {},
) {
  const data = decodeIntentOriginData(order.originData)
  return {
    address: p.settler ?? destination.contracts.destination,
    abi: intentDestinationSettlerAbi,
    functionName: 'fill',
    args: [
      p.orderId ?? order.orderId,
      order.originData,
      p.repayTo === undefined ? '0x' : encodeAbiParameters([{ type: 'address' }], [p.repayTo]),
    ],
    account: p.solver ?? accounts.solver,
    value: p.value ?? intentFillValue(data),
  } as const
}

/** Fills on the destination and returns the fill time the settler recorded. */
export async function fillOrder(
  destination: TestChain,
  order: Pick<OpenedOrder, 'orderId' | 'originData'>,
  p: FillParameters = {},
): Promise<{ fillTime: number; receipt: TransactionReceipt }> {
  const request = fillRequest(destination, order, p)
  const receipt = await write(destination.client, request)
  const [, fillTime] = await destination.client.readContract({
    address: request.address,
    abi: intentDestinationSettlerAbi,
    functionName: 'fills',
    args: [order.orderId],
  })
  return { fillTime, receipt }
}

export function claimRequest(
  origin: TestChain,
  orderId: Hex,
  solver: Address,
  fillTime: number,
  signatures: Hex,
  p: { account?: Address; settler?: Address } = {},
) {
  return {
    address: p.settler ?? origin.contracts.origin,
    abi: intentOriginSettlerAbi,
    functionName: 'claim',
    args: [orderId, solver, fillTime, signatures],
    account: p.account ?? accounts.stranger,
  } as const
}

export function refundRequest(
  origin: TestChain,
  orderId: Hex,
  signatures: Hex,
  p: { account?: Address; settler?: Address } = {},
) {
  return {
    address: p.settler ?? origin.contracts.origin,
    abi: intentOriginSettlerAbi,
    functionName: 'refund',
    args: [orderId, signatures],
    account: p.account ?? accounts.stranger,
  } as const
}

// ---- pool ----

export type SentTransfer = {
  transferId: Hex
  amountOut: bigint
  deadline: number
  expires: number
  receipt: TransactionReceipt
  /** What the destination pool releases for this transfer. */
  release: PoolRelease
}

export type SendParameters = {
  token?: Address
  amount?: bigint
  sender?: Address
  recipient?: Address
  /** The token the sender expects on the destination; defaults to the same address (the fixture's routes). */
  destinationToken?: Address
  /** Defaults to 0 (any amount out). */
  minAmountOut?: bigint
}

/** The `send` call of a pool transfer, for `write` or `expectRevert`. */
export function sendCall(origin: TestChain, destination: TestChain, p: SendParameters = {}) {
  const token = p.token ?? origin.contracts.usdc
  const amount = p.amount ?? 1_000_000_000n
  return {
    address: origin.contracts.pool,
    abi: poolBridgeAbi,
    functionName: 'send',
    args: [
      token,
      amount,
      BigInt(destination.chainId),
      p.recipient ?? accounts.recipient,
      p.destinationToken ?? token,
      p.minAmountOut ?? 0n,
    ],
    account: p.sender ?? accounts.user,
    value: token === NATIVE ? amount : 0n,
  } as const
}

export async function sendTransfer(
  origin: TestChain,
  destination: TestChain,
  p: SendParameters = {},
): Promise<SentTransfer> {
  const receipt = await write(origin.client, sendCall(origin, destination, p))
  const [event] = parseEventLogs({ abi: poolBridgeAbi, logs: receipt.logs, eventName: 'Sent' })
  if (!event) throw new Error('send emitted no Sent event')
  const { transferId, amountOut, deadline, expires, destinationToken, recipient } = event.args
  return {
    transferId,
    amountOut,
    deadline,
    expires,
    receipt,
    release: {
      transferId,
      originChainId: BigInt(origin.chainId),
      originPool: origin.contracts.pool,
      token: destinationToken,
      recipient,
      amount: amountOut,
      deadline,
    },
  }
}

/** The deposit's status: one of `poolBridgeStatus`. */
export async function depositStatus(client: Client, pool: Address, transferId: Hex): Promise<number> {
  const deposit = await client.readContract({
    address: pool,
    abi: poolBridgeAbi,
    functionName: 'deposits',
    args: [transferId],
  })
  return depositFromTuple(deposit).status
}
