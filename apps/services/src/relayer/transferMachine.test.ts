import fc from 'fast-check'
import type { Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import { relayerTransferSchema } from './state.ts'
import {
  applyRelayerEvent,
  isFinalTransfer,
  type RelayerEvent,
  type RelayerTransfer,
  type RelayerTransferStatus,
  seenTransfer,
} from './transferMachine.ts'

const TXS: Hex[] = [`0x${'aa'.repeat(32)}`, `0x${'bb'.repeat(32)}`]
const seen = {
  transferId: `0x${'12'.repeat(32)}` as Hex,
  originChainId: 1,
  destinationChainId: 2,
  deadline: 100,
  expires: 3_700,
}
const START = 1_700_000_000_000

const tx = fc.constantFrom(...TXS)
const text = fc.constantFrom('too little time before the sender could refund', 'the release would revert (ZeroAddress)')
const event: fc.Arbitrary<RelayerEvent> = fc
  .tuple(
    fc.oneof(
      fc.record({ type: fc.constant('notReleased' as const) }),
      fc.record({ type: fc.constant('releaseSent' as const), tx }),
      fc.record({ type: fc.constant('released' as const) }),
      fc.record({ type: fc.constant('held' as const), reason: text }),
      fc.record({ type: fc.constant('declined' as const), reason: text }),
      fc.record({ type: fc.constant('finalizeSent' as const), tx }),
      fc.record({ type: fc.constant('finalized' as const) }),
      fc.record({
        type: fc.constant('depositGone' as const),
        outcome: fc.constantFrom('refunded' as const, 'missing' as const),
      }),
      fc.record({ type: fc.constant('failed' as const), error: fc.constantFrom('socket hang up', 'timeout') }),
    ),
    // Clocks that may go back.
    fc.integer({ min: START - 1_000, max: START + 1_000_000 }),
  )
  .map(([change, at]) => ({ ...change, at }))

/** Events as a flaky world delivers them: from a small pool, so the same one comes twice, late, or out of order. */
const history = fc
  .array(event, { minLength: 1, maxLength: 8 })
  .chain((pool) =>
    fc
      .array(fc.nat({ max: pool.length - 1 }), { minLength: 1, maxLength: 40 })
      .map((steps) => steps.map((index) => pool[index] as RelayerEvent)),
  )

/** Which status may follow which (the same status is always allowed: nothing happened). */
const ALLOWED: Record<RelayerTransferStatus, readonly RelayerTransferStatus[]> = {
  pending: ['released', 'not-released', 'declined', 'refunded', 'missing'],
  // Paid: never declined nor not-released afterwards.
  released: ['finalized', 'refunded', 'missing'],
  finalized: [],
  'not-released': [],
  refunded: [],
  missing: [],
  declined: [],
}

const identity = ({ transferId, originChainId, destinationChainId, deadline, expires }: RelayerTransfer) => ({
  transferId,
  originChainId,
  destinationChainId,
  deadline,
  expires,
})

function checkStep(before: RelayerTransfer, after: RelayerTransfer, event: RelayerEvent) {
  const parsed = relayerTransferSchema.safeParse(after)
  expect(parsed.error, `${JSON.stringify(event)} made an invalid ${after.status} transfer`).toBeUndefined()
  expect(identity(after)).toEqual(identity(before))
  if (after.status !== before.status) expect(ALLOWED[before.status]).toContain(after.status)
  expect(after.updatedAt).toBeGreaterThanOrEqual(before.updatedAt)
  // A final status is never left, nor changed.
  if (isFinalTransfer(before)) expect(after).toBe(before)
  // What was sent is never forgotten once released (a release sent before it may have been dropped).
  if (before.status === 'released' || before.status === 'finalized') {
    expect(after.releaseTx).toBe(before.releaseTx)
  }
  // A finalize sent is never forgotten: only a newer one sent after it (the first dropped) takes its place.
  if (before.status === 'released' && before.finalizeTx) {
    const newer = event.type === 'finalizeSent' && after.status === 'released' ? event.tx : before.finalizeTx
    expect('finalizeTx' in after && after.finalizeTx).toBe(newer)
  }
  // Every event is idempotent: delivered twice, it changes nothing more.
  expect(applyRelayerEvent(after, event)).toBe(after)
}

describe('applyRelayerEvent', () => {
  it('never makes an invalid transfer nor leaves a final status, whatever the events', () => {
    fc.assert(
      fc.property(history, (events) => {
        let transfer = seenTransfer(seen, START)
        for (const next of events) {
          const after = applyRelayerEvent(transfer, next)
          checkStep(transfer, after, next)
          transfer = after
        }
      }),
      { numRuns: 500 },
    )
  })

  it('reaches every status (the property above is not vacuous)', () => {
    const reached = new Set<RelayerTransferStatus>()
    fc.assert(
      fc.property(history, (events) => {
        reached.add(events.reduce(applyRelayerEvent, seenTransfer(seen, START)).status)
      }),
      { numRuns: 1_000 },
    )
    expect([...reached].sort()).toEqual(Object.keys(ALLOWED).sort())
  })

  it('keeps a why-not-released only while not released, and the first one', () => {
    const at = START + 1
    const held = applyRelayerEvent(seenTransfer(seen, START), { type: 'held', reason: 'first', at })
    expect(applyRelayerEvent(held, { type: 'held', reason: 'second', at })).toBe(held)
    const released = applyRelayerEvent(held, { type: 'released', at })
    expect(released).toEqual({ ...seen, status: 'released', updatedAt: at })
    expect(applyRelayerEvent(released, { type: 'declined', reason: 'too late', at })).toBe(released)
    expect(applyRelayerEvent(released, { type: 'notReleased', at })).toBe(released)
  })
})
