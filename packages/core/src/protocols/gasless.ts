import type { Address, Hex, TypedDataDomain } from 'viem'
import { hashTypedData } from 'viem'
import {
  computeIntentOrderId,
  encodeIntentOrderData,
  encodeIntentOriginData,
  INTENT_ORDER_DATA_FIELDS,
  INTENT_ORDER_DATA_TYPEHASH,
  type IntentOrderData,
  intentSettlerDomain,
} from './intent.ts'

/**
 * Gasless intents (IntentOriginSettler.openFor): the person signs one EIP-3009 ReceiveWithAuthorization in the input
 * token's domain, whose nonce is the EIP-712 hash of the ERC-7683 GaslessCrossChainOrder in the origin settler's
 * domain. The authorization pays that order only, once, on that chain and settler, before its open deadline.
 * docs/gasless.md describes the flow; the tests, the solver and the app share these definitions.
 */

/** EIP-712 types of a gasless order: its `orderData` is hashed as the IntentOrderData it decodes to. */
export const gaslessOrderTypes = {
  GaslessCrossChainOrder: [
    { name: 'originSettler', type: 'address' },
    { name: 'user', type: 'address' },
    { name: 'nonce', type: 'uint256' },
    { name: 'originChainId', type: 'uint256' },
    { name: 'openDeadline', type: 'uint32' },
    { name: 'fillDeadline', type: 'uint32' },
    { name: 'orderDataType', type: 'bytes32' },
    { name: 'orderData', type: 'IntentOrderData' },
  ],
  IntentOrderData: INTENT_ORDER_DATA_FIELDS,
} as const

const authorizationFields = [
  { name: 'from', type: 'address' },
  { name: 'to', type: 'address' },
  { name: 'value', type: 'uint256' },
  { name: 'validAfter', type: 'uint256' },
  { name: 'validBefore', type: 'uint256' },
  { name: 'nonce', type: 'bytes32' },
] as const

/** EIP-3009 (in the token's own EIP-712 domain): what the person signs for a gasless order. */
export const receiveWithAuthorizationTypes = { ReceiveWithAuthorization: authorizationFields } as const
export const transferWithAuthorizationTypes = { TransferWithAuthorization: authorizationFields } as const
export const cancelAuthorizationTypes = {
  CancelAuthorization: [
    { name: 'authorizer', type: 'address' },
    { name: 'nonce', type: 'bytes32' },
  ],
} as const

/** A gasless order with its order data decoded; `nonce` is the order data's nonce (the settler requires both equal). */
export type GaslessOrder = {
  originSettler: Address
  user: Address
  originChainId: bigint
  openDeadline: number
  fillDeadline: number
  orderData: IntentOrderData
}

/** The `GaslessCrossChainOrder` struct `openFor` and `resolveFor` take. */
export type GaslessCrossChainOrder = Omit<GaslessOrder, 'orderData'> & {
  nonce: bigint
  orderDataType: Hex
  orderData: Hex
}

export function buildGaslessCrossChainOrder(order: GaslessOrder): GaslessCrossChainOrder {
  return {
    ...order,
    nonce: order.orderData.nonce,
    orderDataType: INTENT_ORDER_DATA_TYPEHASH,
    orderData: encodeIntentOrderData(order.orderData),
  }
}

/** The order's EIP-712 hash in its settler's domain (IntentOriginSettler.gaslessOrderHash). */
export function gaslessOrderHash(order: GaslessOrder): Hex {
  return hashTypedData({
    domain: intentSettlerDomain(order.originChainId, order.originSettler),
    types: gaslessOrderTypes,
    primaryType: 'GaslessCrossChainOrder',
    message: {
      originSettler: order.originSettler,
      user: order.user,
      nonce: order.orderData.nonce,
      originChainId: order.originChainId,
      openDeadline: order.openDeadline,
      fillDeadline: order.fillDeadline,
      orderDataType: INTENT_ORDER_DATA_TYPEHASH,
      orderData: order.orderData,
    },
  })
}

/** The origin data the settler's `Open` of a gasless order carries (what a fill sends). */
export function gaslessOriginData(order: GaslessOrder): Hex {
  return encodeIntentOriginData({
    ...order.orderData,
    originChainId: order.originChainId,
    originSettler: order.originSettler,
    user: order.user,
    fillDeadline: order.fillDeadline,
  })
}

/** The id the settler gives a gasless order once opened: the hash of its origin data, as `open` resolves it. */
export function gaslessOrderId(order: GaslessOrder): Hex {
  return computeIntentOrderId(gaslessOriginData(order))
}

/** The EIP-3009 domain of a token as it declares it on chain (ERC-5267 `eip712Domain()`: viem's getEip712Domain). */
export type TokenAuthorizationDomain = {
  name: string
  version: string
  chainId: number
  verifyingContract: Address
}

/**
 * The typed data the person signs for `order`: a ReceiveWithAuthorization of the input, to the settler, valid
 * before the open deadline, whose nonce is the order's hash. Sign it with `signTypedData`; the signature is what
 * `openFor` (and the solver's `POST /v1/orders/gasless`) takes.
 */
export function gaslessAuthorizationTypedData(order: GaslessOrder, tokenDomain: TokenAuthorizationDomain) {
  // Only the four fields: a domain read with ERC-5267 also carries `salt` and `extensions`, which the token's
  // domain separator does not hash.
  const { name, version, chainId, verifyingContract } = tokenDomain
  return {
    domain: { name, version, chainId, verifyingContract } satisfies TypedDataDomain,
    types: receiveWithAuthorizationTypes,
    primaryType: 'ReceiveWithAuthorization',
    message: {
      from: order.user,
      to: order.originSettler,
      value: order.orderData.inputAmount,
      validAfter: 0n,
      validBefore: BigInt(order.openDeadline),
      nonce: gaslessOrderHash(order),
    },
  } as const
}
