import { buildGaslessCrossChainOrder, type GaslessOrder, INTENT_ORDER_DATA_TYPEHASH } from '@multi-bridge/core'
import { getAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { HttpError } from '../shared/http.ts'
import { parseGaslessOrderRequest } from './gaslessRequest.ts'

const address = (n: number) => getAddress(`0x${n.toString(16).padStart(40, '0')}`)
const order: GaslessOrder = {
  originSettler: address(1),
  user: address(2),
  originChainId: 1337003n,
  openDeadline: 1_000_030,
  fillDeadline: 1_000_180,
  orderData: {
    inputToken: address(3),
    inputAmount: 100_000_000n,
    outputToken: address(4),
    outputAmount: 99_000_000n,
    gasAmount: 0n,
    destinationChainId: 1337002n,
    destinationSettler: address(5),
    recipient: address(6),
    nonce: 42n,
    expires: 1_003_780,
  },
}
const signature = `0x${'ab'.repeat(65)}`
/** The order as JSON carries it: uint256 as decimal text. */
const wire = (o: ReturnType<typeof buildGaslessCrossChainOrder>) =>
  JSON.parse(JSON.stringify(o, (_key, value) => (typeof value === 'bigint' ? value.toString() : value)))

const codeOf = (body: unknown) => {
  try {
    parseGaslessOrderRequest(body)
    return undefined
  } catch (error) {
    return error instanceof HttpError ? error.code : 'not an HttpError'
  }
}

describe('a gasless order posted to the solver', () => {
  it('is decoded back into the order that was signed', () => {
    const parsed = parseGaslessOrderRequest({ order: wire(buildGaslessCrossChainOrder(order)), signature })
    expect(parsed).toEqual({ order, signature })
  })

  it.each([
    ['no body', undefined],
    ['no signature', { order: wire(buildGaslessCrossChainOrder(order)) }],
    ['an empty signature', { order: wire(buildGaslessCrossChainOrder(order)), signature: '0x' }],
    ['odd hex', { order: wire(buildGaslessCrossChainOrder(order)), signature: '0xabc' }],
    ['a number for a uint256', { order: { ...wire(buildGaslessCrossChainOrder(order)), nonce: 42 }, signature }],
    ['a negative amount', { order: { ...wire(buildGaslessCrossChainOrder(order)), nonce: '-1' }, signature }],
    [
      'a uint32 out of range',
      { order: { ...wire(buildGaslessCrossChainOrder(order)), openDeadline: 2 ** 32 }, signature },
    ],
    ['a bad address', { order: { ...wire(buildGaslessCrossChainOrder(order)), user: '0x1234' }, signature }],
    [
      'another order data type',
      { order: { ...wire(buildGaslessCrossChainOrder(order)), orderDataType: `0x${'00'.repeat(32)}` }, signature },
    ],
    [
      'order data that does not decode',
      { order: { ...wire(buildGaslessCrossChainOrder(order)), orderData: '0x01' }, signature },
    ],
    ['two different nonces', { order: { ...wire(buildGaslessCrossChainOrder(order)), nonce: '43' }, signature }],
  ])('is refused with INVALID_ORDER: %s', (_name, body) => {
    expect(codeOf(body)).toBe('INVALID_ORDER')
  })

  it('names the intent order data type it expects', () => {
    expect(wire(buildGaslessCrossChainOrder(order)).orderDataType).toBe(INTENT_ORDER_DATA_TYPEHASH)
  })
})
