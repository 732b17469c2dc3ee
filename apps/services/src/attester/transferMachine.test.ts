import fc from 'fast-check'
import type { Address, Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import { transferRecordSchema } from './state.ts'
import {
  applyTransferEvent,
  isReleasable,
  sentTransfer,
  type TransferEvent,
  type TransferRecord,
  type TransferStatus,
} from './transferMachine.ts'

const POOL: Address = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const OTHER_POOL: Address = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512'
const USER: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const TXS: Hex[] = [`0x${'aa'.repeat(32)}`, `0x${'bb'.repeat(32)}`]
const DEADLINE = 1_000
const terms = {
  originChainId: 1,
  originPool: OTHER_POOL,
  destinationChainId: 2,
  destinationPool: POOL,
  token: USER,
  recipient: USER,
  amount: '1000000',
  deadline: DEADLINE,
  sender: USER,
}

const event: fc.Arbitrary<TransferEvent> = fc.oneof(
  fc.record({
    type: fc.constant('releaseSeen' as const),
    chainId: fc.constantFrom(1, 2),
    pool: fc.constantFrom(POOL, OTHER_POOL),
    txHash: fc.constantFrom(...TXS),
  }),
  fc.record({ type: fc.constant('decidedReleased' as const) }),
  fc.record({
    type: fc.constant('decidedNotReleased' as const),
    finalTime: fc.constantFrom(0, DEADLINE - 1, DEADLINE, DEADLINE + 1, DEADLINE * 5),
  }),
)

/** Events as a flaky world delivers them: from a small pool, so the same one comes twice, late, or out of order. */
const history = fc
  .array(event, { minLength: 1, maxLength: 6 })
  .chain((pool) =>
    fc
      .array(fc.nat({ max: pool.length - 1 }), { minLength: 1, maxLength: 30 })
      .map((steps) => steps.map((index) => pool[index] as TransferEvent)),
  )

/** Which status may follow which (the same status is always allowed: nothing happened). */
const ALLOWED: Record<TransferStatus, readonly TransferStatus[]> = {
  pending: ['release-seen', 'decided-released', 'decided-not-released'],
  unreleasable: ['decided-not-released'],
  // A release seen on the destination rules a not-released out.
  'release-seen': ['decided-released'],
  'decided-released': [],
  'decided-not-released': [],
}

const TERMS = Object.keys(terms) as (keyof typeof terms)[]
const termsOf = (transfer: TransferRecord) => TERMS.map((key) => transfer[key])

function checkStep(before: TransferRecord, after: TransferRecord, event: TransferEvent) {
  const parsed = transferRecordSchema.safeParse(after)
  expect(parsed.error, `${JSON.stringify(event)} made an invalid ${after.status} transfer`).toBeUndefined()
  expect(termsOf(after)).toEqual(termsOf(before))
  if (after.status !== before.status) expect(ALLOWED[before.status]).toContain(after.status)
  // Whether its release is authorized never changes.
  expect(isReleasable(after)).toBe(isReleasable(before))
  if (before.status === 'decided-not-released') expect(after).toBe(before)
  if (before.status === 'decided-released' && before.releasedTx) expect(after).toBe(before)
  if (before.status === 'release-seen' && after.status === 'decided-released') {
    expect(after.releasedTx).toBe(before.releasedTx)
  }
  // Not released only from the final state past the deadline.
  if (after.status === 'decided-not-released' && before.status !== 'decided-not-released') {
    expect(event.type === 'decidedNotReleased' && event.finalTime > DEADLINE).toBe(true)
  }
  // Every event is idempotent: delivered twice, it changes nothing more.
  expect(applyTransferEvent(after, event)).toBe(after)
}

describe('applyTransferEvent (the attester)', () => {
  it.each([
    ['a transfer to a pool of the manifest', true],
    ['a transfer naming a pool outside the manifest', false],
  ])('never makes an invalid transfer nor changes a decision, whatever the events: %s', (_, releasable) => {
    fc.assert(
      fc.property(history, (events) => {
        let transfer = sentTransfer(terms, releasable)
        for (const next of events) {
          const after = applyTransferEvent(transfer, next)
          checkStep(transfer, after, next)
          transfer = after
        }
        if (!releasable) expect(['unreleasable', 'decided-not-released']).toContain(transfer.status)
      }),
      { numRuns: 500 },
    )
  })

  it('reaches every status (the property above is not vacuous)', () => {
    const seen = new Set<TransferStatus>()
    fc.assert(
      fc.property(history, fc.boolean(), (events, releasable) => {
        seen.add(events.reduce(applyTransferEvent, sentTransfer(terms, releasable)).status)
      }),
      { numRuns: 500 },
    )
    expect([...seen].sort()).toEqual(Object.keys(ALLOWED).sort())
  })

  it('never decides a transfer released on its destination as not released', () => {
    const seen = applyTransferEvent(sentTransfer(terms, true), {
      type: 'releaseSeen',
      chainId: 2,
      pool: POOL,
      txHash: TXS[0]!,
    })
    expect(seen).toMatchObject({ status: 'release-seen', releasedTx: TXS[0] })
    expect(applyTransferEvent(seen, { type: 'decidedNotReleased', finalTime: DEADLINE * 5 })).toBe(seen)
    // A release on the origin chain, or by another pool, is not its release.
    const pending = sentTransfer(terms, true)
    expect(applyTransferEvent(pending, { type: 'releaseSeen', chainId: 1, pool: POOL, txHash: TXS[0]! })).toBe(pending)
    expect(applyTransferEvent(pending, { type: 'releaseSeen', chainId: 2, pool: OTHER_POOL, txHash: TXS[0]! })).toBe(
      pending,
    )
  })
})
