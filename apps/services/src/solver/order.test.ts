import fc from 'fast-check'
import { bytesToHex, type Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import {
  acceptedOrder,
  applyOrderEvent,
  declinedOrder,
  FINAL_ORDER_STATUSES,
  isFinalOrder,
  type OrderEvent,
  type OrderTerms,
  type SolverOrder,
} from './order.ts'
import { solverStateSchema } from './state.ts'

const ADDRESS = '0x8ba1f109551bD432803012645Ac136ddd64DBA72'
const ORDER_ID = `0x${'11'.repeat(32)}` as Hex
const terms: OrderTerms = {
  destinationChainId: 2,
  inputToken: ADDRESS,
  inputAmount: '1000000',
  outputToken: ADDRESS,
  outputAmount: '990000',
  recipient: ADDRESS,
  fillDeadline: 1_000,
  expires: 4_600,
  outputUsd: '990000000000000000',
}
const seen = { orderId: ORDER_ID, originChainId: 1, openBlock: '7', openSeenAt: 1_000 }
const accepted = () => acceptedOrder(seen, terms, '0xabcd')

const hash = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((bytes) => bytesToHex(bytes) as Hex)
const reason = fc.constantFrom('fill deadline too close', 'waiting for the open to be final', 'price')
const at = fc.integer({ min: 0, max: 2_000_000_000_000 })
const event: fc.Arbitrary<OrderEvent> = fc.oneof(
  fc.record({ type: fc.constant('declined' as const), reason, at }),
  fc.record({ type: fc.constant('waiting' as const), reason, at }),
  fc.record({ type: fc.constant('openFinal' as const), at }),
  fc.record({ type: fc.constant('fillSent' as const), tx: hash, at }),
  fc.record({ type: fc.constant('filled' as const), at }),
  fc.record({ type: fc.constant('fillReverted' as const), at }),
  fc.record({ type: fc.constant('filledByOther' as const), at }),
  fc.record({ type: fc.constant('missed' as const), reason, at }),
  fc.record({ type: fc.constant('fillDropped' as const), at }),
  fc.record({ type: fc.constant('claimSent' as const), tx: hash, at }),
  fc.record({ type: fc.constant('claimed' as const), at }),
  fc.record({ type: fc.constant('refundedFirst' as const), at }),
  fc.record({ type: fc.constant('reorged' as const), at }),
)
/** A run of events with some of them repeated and the whole shuffled: what restarts and lagging nodes deliver. */
const events = fc
  .array(event, { maxLength: 40 })
  .chain((list) => fc.shuffledSubarray([...list, ...list], { minLength: 0 }))

const valid = (order: SolverOrder) =>
  solverStateSchema.safeParse({ cursors: {}, orders: { [order.orderId]: order } }).success

describe('the solver order machine', () => {
  it('only ever makes orders its state file accepts, whatever events come in whatever order', () => {
    fc.assert(
      fc.property(events, (list) => {
        let order = accepted()
        for (const next of list) {
          order = applyOrderEvent(order, next)
          expect(valid(order)).toBe(true)
        }
      }),
      { numRuns: 500 },
    )
  })

  it('never leaves a final status, and a final order is the same object after any event', () => {
    fc.assert(
      fc.property(events, event, (list, last) => {
        let order = accepted()
        for (const next of list) {
          const before = order
          order = applyOrderEvent(order, next)
          if (isFinalOrder(before)) expect(order).toBe(before)
        }
        if (isFinalOrder(order)) expect(applyOrderEvent(order, last)).toBe(order)
      }),
      { numRuns: 500 },
    )
  })

  it('is claimed only from filled, keeping the claim transaction the filled order holds', () => {
    // A claim sent for a fill that a reorg then dropped is forgotten with that fill: only the current one counts.
    fc.assert(
      fc.property(events, (list) => {
        let order = accepted()
        for (const next of list) {
          const before = order
          order = applyOrderEvent(order, next)
          if (order.status === 'claimed' && before.status !== 'claimed') {
            expect(before.status).toBe('filled')
            expect(order.claimTx).toBe(before.status === 'filled' ? before.claimTx : 'unreachable')
          }
        }
      }),
      { numRuns: 2_000 },
    )
  })

  it('forgets a claim sent for a fill that a reorg dropped, and keeps the next one', () => {
    const first = `0x${'44'.repeat(32)}` as Hex
    const second = `0x${'55'.repeat(32)}` as Hex
    let order = accepted()
    order = applyOrderEvent(order, { type: 'filled', at: 1_001 })
    order = applyOrderEvent(order, { type: 'claimSent', tx: first, at: 1_002 })
    order = applyOrderEvent(order, { type: 'fillDropped', at: 1_003 })
    order = applyOrderEvent(order, { type: 'filled', at: 1_004 })
    expect(order).not.toHaveProperty('claimTx')
    order = applyOrderEvent(order, { type: 'claimSent', tx: second, at: 1_005 })
    order = applyOrderEvent(order, { type: 'claimed', at: 1_006 })
    expect(order).toMatchObject({ status: 'claimed', claimTx: second, filledAt: 1_004 })
  })

  it('applies an event twice as once (duplicates from a replayed log or a restart change nothing)', () => {
    fc.assert(
      fc.property(events, event, (list, twice) => {
        let order = accepted()
        for (const next of list) order = applyOrderEvent(order, next)
        const once = applyOrderEvent(order, twice)
        // Claims and fills sent again carry new transactions; every other event is idempotent.
        if (twice.type !== 'fillDropped' && twice.type !== 'filled') {
          expect({ ...applyOrderEvent(once, twice), updatedAt: 0 }).toEqual({ ...once, updatedAt: 0 })
        }
      }),
      { numRuns: 500 },
    )
  })

  it('walks the usual path: accepted, filling, filled, claimed, keeping what each step learned', () => {
    const fillTx = `0x${'22'.repeat(32)}` as Hex
    const claimTx = `0x${'33'.repeat(32)}` as Hex
    let order = accepted()
    order = applyOrderEvent(order, { type: 'waiting', reason: 'waiting for the open to be final', at: 1_001 })
    expect(order).toMatchObject({ status: 'accepted', reason: 'waiting for the open to be final' })
    order = applyOrderEvent(order, { type: 'openFinal', at: 1_002 })
    order = applyOrderEvent(order, { type: 'fillSent', tx: fillTx, at: 1_003 })
    expect(order).toEqual({ ...accepted(), status: 'filling', fillTx, openFinal: true, updatedAt: 1_003 })
    order = applyOrderEvent(order, { type: 'filled', at: 1_004 })
    order = applyOrderEvent(order, { type: 'claimSent', tx: claimTx, at: 1_005 })
    order = applyOrderEvent(order, { type: 'claimed', at: 1_006 })
    expect(order).toEqual({ ...seen, updatedAt: 1_006, status: 'claimed', terms, fillTx, filledAt: 1_004, claimTx })
    // The origin data, needed only to fill, is gone once claimed.
    expect('originData' in order).toBe(false)
  })

  it('keeps a fill a reorg dropped, which may be mined again, until it is replaced or known reverted', () => {
    const dropped = `0x${'66'.repeat(32)}` as Hex
    let order = applyOrderEvent(accepted(), { type: 'fillSent', tx: dropped, at: 1_001 })
    order = applyOrderEvent(order, { type: 'filled', at: 1_002 })
    order = applyOrderEvent(order, { type: 'fillDropped', at: 1_003 })
    expect(order).toMatchObject({ status: 'accepted', fillTx: dropped })
    expect(valid(order)).toBe(true)
    const reverted = applyOrderEvent(order, { type: 'fillReverted', at: 1_004 })
    expect(reverted).toMatchObject({ status: 'accepted', reason: 'the fill was dropped by a reorg' })
    expect('fillTx' in reverted).toBe(false)
    const next = `0x${'77'.repeat(32)}` as Hex
    expect(applyOrderEvent(order, { type: 'fillSent', tx: next, at: 1_004 })).toMatchObject({
      status: 'filling',
      fillTx: next,
    })
  })

  it('fills again after a reorg drops its fill, and a declined order without readable terms stays declined', () => {
    let order = applyOrderEvent(accepted(), { type: 'filled', at: 1_001 })
    order = applyOrderEvent(order, { type: 'fillDropped', at: 1_002 })
    expect(order).toMatchObject({ status: 'accepted', reason: 'the fill was dropped by a reorg', originData: '0xabcd' })
    const unreadable = declinedOrder(seen, 'malformed origin data')
    expect(valid(unreadable)).toBe(true)
    expect('terms' in unreadable).toBe(false)
    for (const status of FINAL_ORDER_STATUSES) expect(status).not.toBe('accepted')
    expect(applyOrderEvent(unreadable, { type: 'fillSent', tx: ORDER_ID, at: 2_000 })).toBe(unreadable)
  })
})
