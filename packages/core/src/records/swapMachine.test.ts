import fc from 'fast-check'
import { bytesToHex, type Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import { signingSwap, TEST_USDC } from '../../test/support/swapRecords.ts'
import { applySwapEvent, swapStatusRank } from './swapMachine.ts'
import { swapRecordProblem } from './swapRecordSchema.ts'
import {
  type DepositedSwap,
  isFinalSwapStatus,
  type SigningSwap,
  type SwapEvent,
  type SwapRecord,
  type SwapStatus,
  swapProgress,
} from './types.ts'

const OTHER = {
  ...TEST_USDC,
  address: '0xd9aAEc86B65D86f6A7B5B1b0c42FFA531710b6CA',
  symbol: 'USDbC',
  kind: 'erc20',
} as const

const signing = (): SigningSwap => {
  const swap = signingSwap('switching')
  // Gas on arrival asked with the swap: part of what was ordered, it never changes.
  const gas = {
    token: { ...swap.destination.token, address: `0x${'00'.repeat(20)}`, symbol: 'ETH', decimals: 18, kind: 'native' },
    amount: '1000',
  } as const
  return { ...swap, destination: { ...swap.destination, gas } }
}

/** A swap restored from chain starts deposited. */
const restored = (): DepositedSwap => {
  const { phase: _phase, ...rest } = signing()
  return { ...rest, status: 'deposited', id: `0x${'12'.repeat(32)}`, depositTx: `0x${'34'.repeat(32)}`, depositedAt: 1 }
}

const hash = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((bytes) => bytesToHex(bytes) as Hex)
const seconds = fc.integer({ min: 0, max: 2_000_000_000 })
const amount = fc.bigInt({ min: 0n, max: 10n ** 30n }).map(String)
const detail = fc.option(fc.constantFrom('expired', 'refunded', 'WAIT_DESTINATION_TRANSACTION', 'PARTIAL'), {
  nil: undefined,
})
const optional = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined })
/** Drops the keys whose value is undefined (events never carry `key: undefined`). */
const defined = <T extends object>(value: T) =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T

const event: fc.Arbitrary<SwapEvent> = fc.oneof(
  fc.record({ type: fc.constant('phase'), phase: fc.constantFrom('switching', 'approving', 'depositing') }),
  fc.record({ type: fc.constant('approved'), approveTxs: fc.array(hash, { maxLength: 2 }) }),
  fc.record({ type: fc.constant('depositSent'), depositTx: hash }),
  fc.record({ type: fc.constant('callsAccepted'), callsId: hash }),
  fc.record({ type: fc.constant('orderSigned'), data: fc.record({ orderId: hash, openDeadline: seconds }) }),
  fc
    .record({
      type: fc.constant('depositMined'),
      id: hash,
      depositedAt: seconds,
      refundableAfter: optional(seconds),
      expiresAt: optional(seconds),
      estimatedAmount: optional(amount),
    })
    .map(defined),
  fc.record({ type: fc.constant('depositFailed'), error: fc.constant('depositReverted') }),
  fc.record({ type: fc.constant('pending'), statusDetail: detail }).map(defined),
  fc
    .record({
      type: fc.constant('delivered'),
      deliveryTx: optional(hash),
      deliveredAt: optional(seconds),
      receivedAmount: optional(amount),
      gasReceived: optional(amount),
      token: optional(fc.constant(OTHER)),
      statusDetail: detail,
    })
    .map(defined),
  fc.record({ type: fc.constant('deadlinePassed') }),
  fc.record({ type: fc.constant('providerRefunding'), statusDetail: detail }).map(defined),
  fc.record({ type: fc.constant('refunded'), refundTx: optional(hash), statusDetail: detail }).map(defined),
  fc.record({ type: fc.constant('providerFailed'), statusDetail: detail }).map(defined),
) as fc.Arbitrary<SwapEvent>

/**
 * A history of events as a flaky world delivers them: drawn from a small pool, so the same event comes twice,
 * late, or before the one it followed; with clocks that may go back.
 */
const history = fc
  .array(event, { minLength: 1, maxLength: 8 })
  .chain((pool) =>
    fc
      .array(
        fc.record({ index: fc.nat({ max: pool.length - 1 }), now: fc.integer({ min: 0, max: 2_000_000_000_000 }) }),
        { minLength: 1, maxLength: 40 },
      )
      .map((steps) => steps.map(({ index, now }) => ({ event: pool[index] as SwapEvent, now }))),
  )

/** Which state may follow which (the same state is always allowed: nothing happened). */
const ALLOWED: Record<SwapStatus, readonly SwapStatus[]> = {
  signing: ['deposited', 'failed'],
  deposited: ['refundable', 'providerRefunding', 'providerFailed', 'completed', 'refunded'],
  refundable: ['completed', 'refunded'],
  // The provider's refund can fail, and a failed transfer can be recovered: both stay followed.
  providerRefunding: ['providerFailed', 'completed', 'refunded'],
  providerFailed: ['providerRefunding', 'completed', 'refunded'],
  completed: [],
  refunded: [],
  failed: [],
}

/** What must hold from one record to the next, whatever the event. */
function checkStep(before: SwapRecord, after: SwapRecord, event: SwapEvent) {
  expect(swapRecordProblem(after), `${JSON.stringify(event)} made an invalid ${after.status} record`).toBeUndefined()
  if (after.status !== before.status) expect(ALLOWED[before.status]).toContain(after.status)
  expect(swapStatusRank(after.status)).toBeGreaterThanOrEqual(swapStatusRank(before.status))
  expect(after.updatedAt).toBeGreaterThanOrEqual(before.updatedAt)
  // Who, what and from where never change.
  expect([after.key, after.owner, after.recipient, after.origin, after.destination.gas, after.createdAt]).toEqual([
    before.key,
    before.owner,
    before.recipient,
    before.origin,
    before.destination.gas,
    before.createdAt,
  ])
  if (isFinalSwapStatus(before.status)) {
    expect(after.status).toBe(before.status)
    // A final record may only learn what it did not know; nothing it knew changes.
    const { updatedAt: _, ...known } = before
    expect(after).toMatchObject(known)
  }
  // Once the deposit is mined, its id, hash and time are fixed.
  if (before.status !== 'signing' && before.status !== 'failed') {
    // A failed swap keeps its deposit's hash and time too.
    const { id, depositTx } = after
    const depositedAt = 'depositedAt' in after ? after.depositedAt : undefined
    expect({ id, depositTx, depositedAt }).toEqual({
      id: before.id,
      depositTx: before.depositTx,
      depositedAt: before.depositedAt,
    })
  }
  if (before.status === 'refunded') expect(after.status).not.toBe('completed')
  if (before.status === 'completed') expect(after.status).not.toBe('refunded')
  // Only the chain (or the provider) says a swap can be refunded by the person: after its deadline, undelivered.
  if (after.status === 'refundable' && before.status !== 'refundable') expect(event.type).toBe('deadlinePassed')
  if (after.status === 'completed' && before.status !== 'completed') expect(event.type).toBe('delivered')
  if (after.status === 'refunded' && before.status !== 'refunded') expect(event.type).toBe('refunded')
}

describe('applySwapEvent', () => {
  it.each([
    ['a swap the person starts', signing],
    ['a swap restored from chain', restored],
  ])('keeps its invariants for any order of events, duplicates and stale looks included: %s', (_, start) => {
    fc.assert(
      fc.property(history, (steps) => {
        let record: SwapRecord = start()
        for (const { event, now } of steps) {
          const next = applySwapEvent(record, event, now)
          checkStep(record, next, event)
          // Nothing happened, nothing changed: the same object comes back (the store skips a write).
          if (applySwapEvent(next, event, now) !== next) checkStep(next, applySwapEvent(next, event, now), event)
          record = next
        }
      }),
      { numRuns: 400 },
    )
  })

  it('reaches every state from a swap the person starts', () => {
    const seen = new Set<SwapStatus>()
    fc.assert(
      fc.property(history, (steps) => {
        let record: SwapRecord = signing()
        for (const { event, now } of steps) {
          record = applySwapEvent(record, event, now)
          seen.add(record.status)
        }
      }),
      // Seeded: which states 2,000 random histories reach must not depend on the run (one run missed providerFailed).
      { numRuns: 2_000, seed: 54 },
    )
    // A generator that never reached a state would make the property above prove nothing about it.
    expect([...seen].sort()).toEqual(
      [
        'completed',
        'deposited',
        'failed',
        'providerFailed',
        'providerRefunding',
        'refundable',
        'refunded',
        'signing',
      ].sort(),
    )
  })

  const mined = { type: 'depositMined', id: `0x${'ab'.repeat(32)}`, depositedAt: 100, refundableAfter: 200 } as const
  const sent = (): SwapRecord =>
    applySwapEvent(signing(), { type: 'depositSent', depositTx: `0x${'cd'.repeat(32)}` }, 1_700_000_000_001)

  it('does not bring a refunded swap back when a look that started before the refund answers late', () => {
    const refundable = applySwapEvent(applySwapEvent(sent(), mined), { type: 'deadlinePassed' })
    expect(refundable.status).toBe('refundable')
    const refunded = applySwapEvent(refundable, { type: 'refunded', refundTx: `0x${'ef'.repeat(32)}` })
    expect(applySwapEvent(refunded, { type: 'deadlinePassed' })).toBe(refunded)
    expect(applySwapEvent(refunded, { type: 'pending' })).toBe(refunded)
    expect(applySwapEvent(refunded, { type: 'delivered', receivedAmount: '1' })).toBe(refunded)
  })

  it('takes a late-seen delivery over a deadline, and keeps the first delivery it saw', () => {
    const refundable = applySwapEvent(applySwapEvent(sent(), mined), { type: 'deadlinePassed' })
    const completed = applySwapEvent(refundable, { type: 'delivered', receivedAmount: '99', deliveredAt: 150 })
    expect(completed).toMatchObject({ status: 'completed', destination: { receivedAmount: '99' }, deliveredAt: 150 })
    const again = applySwapEvent(completed, {
      type: 'delivered',
      receivedAmount: '1',
      deliveredAt: 10,
      deliveryTx: '0x01',
    })
    expect(again).toMatchObject({ destination: { receivedAmount: '99' }, deliveredAt: 150, deliveryTx: '0x01' })
  })

  it('keeps the gas on arrival that arrived once, and learns it late when the first look did not have it', () => {
    const completed = applySwapEvent(applySwapEvent(sent(), mined), { type: 'delivered', receivedAmount: '99' })
    expect(completed.status === 'completed' && completed.destination.gasReceived).toBe(undefined)
    const learned = applySwapEvent(completed, { type: 'delivered', receivedAmount: '99', gasReceived: '7' })
    expect(learned).toMatchObject({ destination: { receivedAmount: '99', gasReceived: '7' } })
    const again = applySwapEvent(learned, { type: 'delivered', receivedAmount: '99', gasReceived: '8' })
    expect(again).toBe(learned)
  })

  it('ignores a deposit event before the deposit was sent, and what tracking says before it is mined', () => {
    const start = signing()
    expect(applySwapEvent(start, mined)).toBe(start)
    expect(applySwapEvent(sent(), { type: 'delivered' }).status).toBe('signing')
    expect(applySwapEvent(sent(), { type: 'depositFailed', error: 'depositReverted' })).toMatchObject({
      status: 'failed',
      error: 'depositReverted',
      depositTx: `0x${'cd'.repeat(32)}`,
    })
  })

  it("keeps a refundable swap refundable when a provider says it failed: only the chain's refund ends it", () => {
    const refundable = applySwapEvent(applySwapEvent(sent(), mined), { type: 'deadlinePassed' })
    expect(applySwapEvent(refundable, { type: 'providerFailed' })).toBe(refundable)
  })

  it('follows a transfer the provider reports failed until it is refunded or delivered', () => {
    const failedByProvider = applySwapEvent(applySwapEvent(sent(), mined), {
      type: 'providerFailed',
      statusDetail: 'SLIPPAGE_EXCEEDED',
    })
    expect(failedByProvider).toMatchObject({ status: 'providerFailed', statusDetail: 'SLIPPAGE_EXCEEDED' })
    expect(swapProgress(failedByProvider.status)).toBe('failed')
    expect(applySwapEvent(failedByProvider, { type: 'refunded', statusDetail: 'REFUNDED' }).status).toBe('refunded')
    expect(applySwapEvent(failedByProvider, { type: 'delivered', receivedAmount: '5' }).status).toBe('completed')
  })
})
