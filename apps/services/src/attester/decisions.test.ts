import { describe, expect, it } from 'vitest'
import { recordIntentEvent } from './context.ts'
import { createChainDecisions, decideKnown } from './decisions.ts'
import { applyIntentEvent, type IntentRecord, openedIntent } from './intentMachine.ts'
import {
  DEADLINE,
  DESTINATION,
  DESTINATION_SETTLER,
  id,
  intentTerms,
  ORIGIN,
  SOLVER,
  setUp,
  transferTerms,
} from './testContext.ts'
import { sentTransfer } from './transferMachine.ts'

// Deciding run on its own, over fake chains whose final state the test sets.

const fillSeen = (fillTime: number): IntentRecord =>
  applyIntentEvent(openedIntent(intentTerms, true), {
    type: 'filled',
    chainId: DESTINATION,
    settler: DESTINATION_SETTLER,
    solver: SOLVER,
    fillTime,
    txHash: id(99),
  })

const chain = (context: Awaited<ReturnType<typeof setUp>>['context'], chainId: number) => context.chains.get(chainId)!

describe('deciding', () => {
  it('decides at once what the final logs answer, once: a fill in time, never a late one', async () => {
    const { context, lines } = await setUp()
    context.store.update((s) => {
      s.intents[id(1)] = fillSeen(DEADLINE)
      s.intents[id(2)] = fillSeen(DEADLINE + 1)
    })
    decideKnown(context)
    decideKnown(context)
    expect(context.store.value.intents[id(1)]).toMatchObject({ status: 'decided-fill', fill: { txHash: id(99) } })
    expect(context.store.value.intents[id(2)]?.status).toBe('fill-seen')
    expect(lines.filter((line) => line.msg === 'signed fill attestation')).toHaveLength(1)
  })

  it('reads an open intent on its destination only once its deadline is final there, then decides it', async () => {
    const { context, world } = await setUp({ fill: [SOLVER, 0] })
    context.store.update((s) => {
      s.intents[id(1)] = openedIntent(intentTerms, true)
    })
    const round = createChainDecisions(context, chain(context, DESTINATION))
    world.head = { number: 10n, timestamp: DEADLINE }
    await round()
    expect([world.reads, context.store.value.intents[id(1)]?.status]).toEqual([[], 'open'])
    world.head = { number: 11n, timestamp: DEADLINE + 1 }
    await round()
    expect([world.reads, context.store.value.intents[id(1)]?.status]).toEqual([
      [`fills@${DESTINATION}`],
      'decided-no-fill',
    ])
  })

  it('never decides no fill for an order whose fill was seen, whatever the chain reads', async () => {
    const { context, world } = await setUp({ fill: [SOLVER, 0], head: { number: 11n, timestamp: DEADLINE + 50 } })
    context.store.update((s) => {
      s.intents[id(1)] = fillSeen(DEADLINE - 1)
    })
    await createChainDecisions(context, chain(context, DESTINATION))()
    expect(world.reads).toEqual([])
    // Even told directly, the machine keeps the seen fill's decision open for the fill only.
    recordIntentEvent(context, id(1), { type: 'decidedNoFill', finalTime: DEADLINE + 50 })
    decideKnown(context)
    expect(context.store.value.intents[id(1)]).toMatchObject({ status: 'decided-fill', fill: { solver: SOLVER } })
  })

  it('decides an order outside the manifest, and a transfer to a pool outside it, on their origin chain, without reading', async () => {
    const { context, world } = await setUp({ head: { number: 11n, timestamp: DEADLINE + 1 } })
    context.store.update((s) => {
      // Naming a settler and a pool the manifest does not know (here, an account).
      s.intents[id(1)] = openedIntent({ ...intentTerms, destinationSettler: SOLVER }, false)
      s.transfers[id(2)] = sentTransfer({ ...transferTerms, destinationPool: SOLVER }, false)
    })
    await createChainDecisions(context, chain(context, DESTINATION))()
    expect(context.store.value.intents[id(1)]?.status).toBe('unfillable')
    await createChainDecisions(context, chain(context, ORIGIN))()
    expect(context.store.value.intents[id(1)]?.status).toBe('decided-no-fill')
    expect(context.store.value.transfers[id(2)]).toMatchObject({ status: 'decided-not-released', releasable: false })
    expect(world.reads).toEqual([])
  })

  it('decides a pool transfer from its destination pool past its deadline: released or not', async () => {
    const { context, world } = await setUp({ head: { number: 11n, timestamp: DEADLINE + 1 }, released: true })
    context.store.update((s) => {
      s.transfers[id(1)] = sentTransfer(transferTerms, true)
    })
    const round = createChainDecisions(context, chain(context, DESTINATION))
    await round()
    world.released = false
    context.store.update((s) => {
      s.transfers[id(2)] = sentTransfer(transferTerms, true)
    })
    await round()
    expect(context.store.value.transfers[id(1)]?.status).toBe('decided-released')
    expect(context.store.value.transfers[id(2)]?.status).toBe('decided-not-released')
    expect(world.reads).toEqual([`released@${DESTINATION}`, `released@${DESTINATION}`])
  })
})
