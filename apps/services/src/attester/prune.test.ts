import { intentOriginSettlerStatus, poolBridgeStatus } from '@multi-bridge/contracts'
import { describe, expect, it } from 'vitest'
import { applyIntentEvent, openedIntent } from './intentMachine.ts'
import { settledOnChain } from './prune.ts'
import { createAttesterApi } from './serve.ts'
import { openAttesterStore } from './state.ts'
import { id, intentTerms, SOLVER, setUp, transferTerms } from './testContext.ts'
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
})
