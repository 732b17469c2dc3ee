import { intentOriginSettlerStatus, poolBridgeStatus } from '@multi-bridge/contracts'
import { describe, expect, it } from 'vitest'
import { applyIntentEvent, openedIntent } from './intentMachine.ts'
import { settledOnChain } from './prune.ts'
import { createAttesterApi } from './serve.ts'
import { openAttesterStore } from './state.ts'
import { DEADLINE, id, intentTerms, SOLVER, setUp, transferTerms } from './testContext.ts'
import { applyTransferEvent, sentTransfer } from './transferMachine.ts'

// Pruning what settled: a decision goes only once the origin says its escrow or deposit is settled, and the attester
// answers for it from the chain after that.

const decidedFill = () =>
  applyIntentEvent(openedIntent(intentTerms, true), { type: 'decidedFill', solver: SOLVER, fillTime: 5 })
const WINDOW = 60_000

describe('pruning what the attester decided', () => {
  it('keeps a decision while its escrow is open on chain, and never an undecided intent', async () => {
    const { context, world } = await setUp()
    context.store.update((s) => {
      s.intents[id(1)] = decidedFill()
      s.intents[id(2)] = openedIntent(intentTerms, true)
    })
    await context.store.flush()
    const later = Date.now() + 2 * WINDOW
    const prune = (now: number) => context.store.prune({ now, retentionMs: WINDOW, confirm: settledOnChain(context) })
    // The solver has not claimed yet: its fill attestation may still be asked for.
    expect(await prune(later)).toBe(0)
    expect(Object.keys(context.store.value.intents).sort()).toEqual([id(1), id(2)])
    expect(world.reads).toContain('escrows@1')
    // Claimed, and final at the origin's head: it goes, a window after it was found still open.
    world.escrowStatus = intentOriginSettlerStatus.Claimed
    expect(await prune(later + 1)).toBe(0)
    expect(await prune(later + WINDOW + 1)).toBe(1)
    expect(Object.keys(context.store.value.intents)).toEqual([id(2)])
    // And it stays gone after a restart: the database holds what memory holds.
    await context.store.close()
    const again = await openAttesterStore({ dataDir: context.store.database.location.replace(/\/[^/]+$/, '') })
    expect(Object.keys(again.value.intents)).toEqual([id(2)])
    await again.close()
  })

  it('answers a pruned intent or transfer from the chain (410 SETTLED), and an unknown one 404', async () => {
    const { context, world } = await setUp()
    const released = applyTransferEvent(sentTransfer(transferTerms, true), { type: 'decidedReleased' })
    context.store.update((s) => {
      s.intents[id(1)] = decidedFill()
      s.transfers[id(3)] = released
    })
    world.escrowStatus = intentOriginSettlerStatus.Refunded
    world.depositStatus = poolBridgeStatus.Finalized
    const pruned = await context.store.prune({
      now: Date.now() + 2 * WINDOW,
      retentionMs: WINDOW,
      confirm: settledOnChain(context),
    })
    expect(pruned).toBe(2)
    const api = createAttesterApi(context)
    const intent = await api.request(`/v1/intents/${id(1)}`)
    expect(intent.status).toBe(410)
    expect(await intent.json()).toMatchObject({
      error: { code: 'SETTLED', settlement: 'refunded', originChainId: 1 },
    })
    const transfer = await api.request(`/v1/transfers/${id(3)}`)
    expect(transfer.status).toBe(410)
    expect(await transfer.json()).toMatchObject({ error: { code: 'SETTLED', settlement: 'finalized' } })
    // Never seen, and open on chain (or absent): not settled, so unknown.
    world.escrowStatus = intentOriginSettlerStatus.Open
    expect((await api.request(`/v1/intents/${id(9)}`)).status).toBe(404)
  })

  it('keeps a decision whose escrow never settles in the database only, past its expires and a window', async () => {
    // A 1-wei order and a transfer nobody refunds: open on chain for good, and decided long ago.
    const { context, world } = await setUp()
    const noFill = applyIntentEvent(openedIntent(intentTerms, true), { type: 'decidedNoFill', finalTime: DEADLINE + 1 })
    const notReleased = applyTransferEvent(sentTransfer(transferTerms, true), {
      type: 'decidedNotReleased',
      finalTime: DEADLINE + 1,
    })
    context.store.update((s) => {
      s.intents[id(1)] = noFill
      s.transfers[id(3)] = notReleased
      s.intents[id(2)] = openedIntent(intentTerms, true)
    })
    const api = createAttesterApi(context)
    const answer = async (path: string) => {
      const response = await api.request(path)
      return { status: response.status, body: await response.json() }
    }
    const paths = [`/v1/intents/${id(1)}`, `/v1/transfers/${id(3)}`]
    const before = await Promise.all(paths.map(answer))
    expect(before.map(({ status }) => status)).toEqual([200, 200])
    expect(before[0]?.body).toMatchObject({ status: 'not-filled', attestation: { kind: 'no-fill' } })
    expect(before[1]?.body).toMatchObject({ status: 'not-released', attestation: { kind: 'not-released' } })
    const prune = (now: number) =>
      context.store.prune({ now, retentionMs: WINDOW, confirm: settledOnChain(context, { retentionMs: WINDOW }) })
    const held = () => [...Object.keys(context.store.value.intents), ...Object.keys(context.store.value.transfers)]

    // Its escrow expires at DEADLINE (the fake chain's `expires`): before that and a window, it stays in memory.
    const later = Date.now() + 2 * WINDOW
    world.head = { number: 20n, timestamp: DEADLINE + WINDOW / 1000 }
    expect(await prune(later)).toBe(0)
    expect(held().sort()).toEqual([id(1), id(2), id(3)])
    // The origin's final head past expires and a window: it leaves memory, and only the undecided intent stays.
    world.head = { number: 30n, timestamp: DEADLINE + WINDOW / 1000 + 1 }
    await prune(later + WINDOW + 1)
    expect(held()).toEqual([id(2)])
    // Asked again, with nothing signed in memory either (as after a restart): the same decision, the same signatures.
    context.signatures.clear()
    expect(await Promise.all(paths.map(answer))).toEqual(before)
    // A restart does not load it back into memory; it is still answered from the database.
    const dataDir = context.store.database.location.replace(/\/[^/]+$/, '')
    const again = await openAttesterStore({ dataDir })
    expect(Object.keys(again.value.intents)).toEqual([id(2)])
    expect(Object.keys(again.value.transfers)).toEqual([])
    const restarted = createAttesterApi({ ...context, store: again, signatures: new Map() })
    for (const [index, path] of paths.entries()) {
      const response = await restarted.request(path)
      expect({ status: response.status, body: await response.json() }).toEqual(before[index])
    }
    await again.close()
    // Refunded at last: it goes from the database too, and is answered from the chain as settled.
    world.escrowStatus = intentOriginSettlerStatus.Refunded
    world.depositStatus = poolBridgeStatus.Refunded
    expect(await prune(later + 2 * WINDOW + 2)).toBe(2)
    expect(await answer(paths[0] as string)).toMatchObject({ status: 410, body: { error: { code: 'SETTLED' } } })
    expect(await answer(paths[1] as string)).toMatchObject({ status: 410, body: { error: { code: 'SETTLED' } } })
  })
})
