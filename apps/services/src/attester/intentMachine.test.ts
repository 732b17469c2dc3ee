import fc from 'fast-check'
import type { Address, Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import {
  applyIntentEvent,
  type IntentEvent,
  type IntentRecord,
  type IntentStatus,
  isIntentDecided,
  openedIntent,
} from './intentMachine.ts'
import { intentRecordSchema } from './state.ts'

const SETTLER: Address = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const OTHER_SETTLER: Address = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512'
const SOLVERS: Address[] = ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8', '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC']
const TXS: Hex[] = [`0x${'aa'.repeat(32)}`, `0x${'bb'.repeat(32)}`]
const DEADLINE = 1_000
const terms = {
  originChainId: 1,
  originSettler: OTHER_SETTLER,
  destinationChainId: 2,
  destinationSettler: SETTLER,
  fillDeadline: DEADLINE,
}

/** Around the deadline, 0 (no fill) included: in time, on time, late. */
const time = fc.constantFrom(0, 1, DEADLINE - 1, DEADLINE, DEADLINE + 1, DEADLINE * 5)
const event: fc.Arbitrary<IntentEvent> = fc.oneof(
  fc.record({
    type: fc.constant('filled' as const),
    // Its own destination chain and settler, or another's.
    chainId: fc.constantFrom(2, 3),
    settler: fc.constantFrom(SETTLER, OTHER_SETTLER, SETTLER.toLowerCase() as Address),
    solver: fc.constantFrom(...SOLVERS),
    fillTime: time,
    txHash: fc.constantFrom(...TXS),
  }),
  fc.record({ type: fc.constant('decidedFill' as const), solver: fc.constantFrom(...SOLVERS), fillTime: time }),
  fc.record({ type: fc.constant('decidedNoFill' as const), finalTime: time }),
)

/** Events as a flaky world delivers them: from a small pool, so the same one comes twice, late, or out of order. */
const history = fc
  .array(event, { minLength: 1, maxLength: 6 })
  .chain((pool) =>
    fc.array(fc.nat({ max: pool.length - 1 }), { minLength: 1, maxLength: 30 }).map((steps) => ({ pool, steps })),
  )
  .map(({ pool, steps }) => steps.map((index) => pool[index] as IntentEvent))

/** Which status may follow which (the same status is always allowed: nothing happened). */
const ALLOWED: Record<IntentStatus, readonly IntentStatus[]> = {
  open: ['fill-seen', 'decided-fill', 'decided-no-fill'],
  unfillable: ['decided-no-fill'],
  // A fill seen on the destination rules a no-fill out.
  'fill-seen': ['decided-fill'],
  'decided-fill': [],
  'decided-no-fill': [],
}

const termsOf = ({
  originChainId,
  originSettler,
  destinationChainId,
  destinationSettler,
  fillDeadline,
}: IntentRecord) => ({
  originChainId,
  originSettler,
  destinationChainId,
  destinationSettler,
  fillDeadline,
})

function checkStep(before: IntentRecord, after: IntentRecord, event: IntentEvent) {
  const parsed = intentRecordSchema.safeParse(after)
  expect(parsed.error, `${JSON.stringify(event)} made an invalid ${after.status} intent`).toBeUndefined()
  expect(termsOf(after)).toEqual(termsOf(before))
  if (after.status !== before.status) expect(ALLOWED[before.status]).toContain(after.status)
  // A decision is written once: its kind, solver and fill time never change; a transaction once known stays.
  if (before.status === 'decided-fill' && after.status === 'decided-fill') {
    expect([after.fill.solver, after.fill.fillTime]).toEqual([before.fill.solver, before.fill.fillTime])
    if (before.fill.txHash) expect(after).toBe(before)
  }
  if (before.status === 'decided-no-fill') expect(after).toBe(before)
  // A no-fill only from the final state past the deadline.
  if (after.status === 'decided-no-fill' && before.status !== 'decided-no-fill') {
    expect(event.type === 'decidedNoFill' && event.finalTime > DEADLINE).toBe(true)
  }
  // The fill seen is the fill decided.
  if (before.status === 'fill-seen' && after.status === 'decided-fill') expect(after.fill).toEqual(before.fill)
  // Every event is idempotent: delivered twice, it changes nothing more.
  expect(applyIntentEvent(after, event)).toBe(after)
}

describe('applyIntentEvent', () => {
  it.each([
    ['an order the manifest can fill', true],
    ['an order naming a destination outside the manifest', false],
  ])('never makes an invalid intent nor changes a decision, whatever the events: %s', (_, fillable) => {
    fc.assert(
      fc.property(history, (events) => {
        let intent = openedIntent(terms, fillable)
        for (const next of events) {
          const after = applyIntentEvent(intent, next)
          checkStep(intent, after, next)
          intent = after
        }
        if (!fillable) expect(['unfillable', 'decided-no-fill']).toContain(intent.status)
      }),
      { numRuns: 500 },
    )
  })

  it('reaches every status (the property above is not vacuous)', () => {
    const seen = new Set<IntentStatus>()
    fc.assert(
      fc.property(history, fc.boolean(), (events, fillable) => {
        seen.add(events.reduce(applyIntentEvent, openedIntent(terms, fillable)).status)
      }),
      { numRuns: 500 },
    )
    expect([...seen].sort()).toEqual(Object.keys(ALLOWED).sort())
  })

  it('decides a seen fill only as that fill, and never as no fill', () => {
    const seen = applyIntentEvent(openedIntent(terms, true), {
      type: 'filled',
      chainId: 2,
      settler: SETTLER,
      solver: SOLVERS[0]!,
      fillTime: 900,
      txHash: TXS[0]!,
    })
    expect(seen.status).toBe('fill-seen')
    expect(applyIntentEvent(seen, { type: 'decidedNoFill', finalTime: 5_000 })).toBe(seen)
    expect(applyIntentEvent(seen, { type: 'decidedFill', solver: SOLVERS[1]!, fillTime: 900 })).toBe(seen)
    expect(applyIntentEvent(seen, { type: 'decidedFill', solver: SOLVERS[0]!, fillTime: 900 })).toEqual({
      ...terms,
      status: 'decided-fill',
      fill: { solver: SOLVERS[0], fillTime: 900, txHash: TXS[0] },
    })
  })

  it('decides no fill only past the deadline, and a fill read from the chain learns its transaction later', () => {
    const open = openedIntent(terms, true)
    expect(applyIntentEvent(open, { type: 'decidedNoFill', finalTime: DEADLINE })).toBe(open)
    const read = applyIntentEvent(open, { type: 'decidedFill', solver: SOLVERS[0]!, fillTime: 10 })
    expect(isIntentDecided(read)).toBe(true)
    const filled = { type: 'filled', chainId: 2, settler: SETTLER, solver: SOLVERS[0]!, fillTime: 10 } as const
    expect(applyIntentEvent(read, { ...filled, txHash: TXS[1]! })).toMatchObject({ fill: { txHash: TXS[1] } })
    // Another fill's event (another solver) leaves the decision as it was.
    expect(applyIntentEvent(read, { ...filled, solver: SOLVERS[1]!, txHash: TXS[1]! })).toBe(read)
  })
})
