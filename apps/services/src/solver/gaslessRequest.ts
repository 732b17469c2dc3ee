import {
  decodeIntentOrderData,
  type GaslessOrder,
  INTENT_ORDER_DATA_TYPEHASH,
  type IntentOrderData,
} from '@multi-bridge/core'
import { getAddress, type Hex, isAddress } from 'viem'
import { z } from 'zod'
import { HttpError } from '../shared/http.ts'

/** The body of `POST /v1/orders/gasless`: an ERC-7683 GaslessCrossChainOrder (amounts as decimal text) and the
 * person's EIP-3009 signature (docs/gasless.md). */
export type GaslessOrderRequest = { order: GaslessOrder; signature: Hex }

const MAX_UINT256 = 2n ** 256n - 1n
const uint256 = z
  .string()
  .regex(/^[0-9]{1,78}$/, 'a whole number as decimal text')
  .transform((value) => BigInt(value))
  .refine((value) => value <= MAX_UINT256, 'above uint256')
const uint32 = z
  .number()
  .int()
  .min(0)
  .max(2 ** 32 - 1)
const address = z
  .string()
  .refine((value) => isAddress(value, { strict: false }), 'an address')
  .transform((value) => getAddress(value))
const hex = (maxBytes: number) =>
  z
    .string()
    .regex(/^0x([0-9a-fA-F]{2})*$/, 'hex bytes')
    .refine((value) => value.length <= 2 + maxBytes * 2, `at most ${maxBytes} bytes`)
    .transform((value) => value.toLowerCase() as Hex)

const bodySchema = z.object({
  order: z.object({
    originSettler: address,
    user: address,
    nonce: uint256,
    originChainId: uint256,
    openDeadline: uint32,
    fillDeadline: uint32,
    orderDataType: hex(32),
    orderData: hex(320),
  }),
  // 65 bytes from an account without code; a contract wallet's ERC-1271 signature may be longer.
  signature: hex(2048).refine((value) => value.length > 2, 'not empty'),
})

/** Reads an untrusted body: decodes the order data the way the settler will, or answers 400 INVALID_ORDER. */
export function parseGaslessOrderRequest(body: unknown): GaslessOrderRequest {
  const parsed = bodySchema.safeParse(body)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const where = issue ? `${issue.path.join('.') || 'body'}: ${issue.message}` : 'malformed body'
    throw new HttpError(400, 'INVALID_ORDER', `The gasless order is not valid (${where})`)
  }
  const { order, signature } = parsed.data
  if (order.orderDataType !== INTENT_ORDER_DATA_TYPEHASH.toLowerCase()) {
    throw new HttpError(400, 'INVALID_ORDER', 'orderDataType is not the intent bridge order data type')
  }
  let orderData: IntentOrderData
  try {
    orderData = decodeIntentOrderData(order.orderData)
  } catch {
    throw new HttpError(400, 'INVALID_ORDER', 'orderData does not decode as the intent bridge order data')
  }
  if (orderData.nonce !== order.nonce) {
    throw new HttpError(400, 'INVALID_ORDER', 'the order nonce and the order data nonce differ')
  }
  const { originSettler, user, originChainId, openDeadline, fillDeadline } = order
  return { order: { originSettler, user, originChainId, openDeadline, fillDeadline, orderData }, signature }
}
