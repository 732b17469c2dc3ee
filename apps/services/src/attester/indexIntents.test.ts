import { computeIntentOrderId, encodeIntentOriginData } from '@multi-bridge/core'
import { describe, expect, it } from 'vitest'
import { indexFill, indexOpen } from './indexIntents.ts'
import {
  DEADLINE,
  DESTINATION,
  DESTINATION_SETTLER,
  id,
  ORIGIN,
  ORIGIN_SETTLER,
  SOLVER,
  setUp,
  USER,
} from './testContext.ts'

// Indexing final Open and Filled logs, run on its own over a context of plain objects.

const originData = (destinationSettler = DESTINATION_SETTLER) =>
  encodeIntentOriginData({
    originChainId: BigInt(ORIGIN),
    originSettler: ORIGIN_SETTLER,
    user: USER,
    nonce: 1n,
    inputToken: USER,
    inputAmount: 1_000n,
    outputToken: USER,
    outputAmount: 990n,
    gasAmount: 0n,
    destinationChainId: BigInt(DESTINATION),
    destinationSettler,
    recipient: USER,
    fillDeadline: DEADLINE,
    expires: DEADLINE + 3_600,
  })
const fill = { chainId: DESTINATION, solver: SOLVER, fillTime: DEADLINE - 5, txHash: id(99) }

describe('indexing intents', () => {
  it('records an order only when its id binds its origin data, on the chain the data names', async () => {
    const { context } = await setUp()
    const data = originData()
    indexOpen(context, { chainId: ORIGIN, orderId: id(1), originData: data })
    indexOpen(context, { chainId: DESTINATION, orderId: computeIntentOrderId(data), originData: data })
    indexOpen(context, { chainId: ORIGIN, orderId: id(2), originData: '0x1234' })
    expect(context.store.value.intents).toEqual({})
    indexOpen(context, { chainId: ORIGIN, orderId: computeIntentOrderId(data), originData: data })
    expect(context.store.value.intents[computeIntentOrderId(data)]).toEqual({
      status: 'open',
      originChainId: ORIGIN,
      originSettler: ORIGIN_SETTLER,
      destinationChainId: DESTINATION,
      destinationSettler: DESTINATION_SETTLER,
      fillDeadline: DEADLINE,
    })
  })

  it('attaches a fill seen before its order when the order comes, and forgets the orphan', async () => {
    const { context } = await setUp()
    const data = originData()
    const orderId = computeIntentOrderId(data)
    indexFill(context, { ...fill, orderId })
    expect(Object.keys(context.store.value.orphanFills)).toEqual([orderId])
    indexOpen(context, { chainId: ORIGIN, orderId, originData: data })
    expect(context.store.value.intents[orderId]).toMatchObject({ status: 'fill-seen', fill: { solver: SOLVER } })
    expect(context.store.value.orphanFills).toEqual({})
  })

  it('never counts a fill for an order naming a settler outside the manifest', async () => {
    const { context, lines } = await setUp()
    const data = originData(SOLVER)
    const orderId = computeIntentOrderId(data)
    indexOpen(context, { chainId: ORIGIN, orderId, originData: data })
    indexFill(context, { ...fill, orderId })
    expect(context.store.value.intents[orderId]?.status).toBe('unfillable')
    expect(lines.map((line) => line.msg)).toContain(
      'order names a destination outside the manifest: it can only be refunded',
    )
  })
})
