import { dirname } from 'node:path'
import { describe, expect, it } from 'vitest'
import { applyIntentEvent, openedIntent } from './intentMachine.ts'
import { createAttesterApi } from './serve.ts'
import { openAttesterStore } from './state.ts'
import { attesterAccount, DEADLINE, id, intentTerms, SOLVER, setUp, transferTerms } from './testContext.ts'
import { sentTransfer } from './transferMachine.ts'

// The attester's HTTP API, answered by the Hono app itself (no server, no chain).

const get = async (api: ReturnType<typeof createAttesterApi>, path: string) => {
  const response = await api.request(path)
  return { status: response.status, body: await response.json() }
}

describe("the attester's API", () => {
  it('answers an intent with its decision signed, once that decision is on disk', async () => {
    const { context } = await setUp()
    const api = createAttesterApi(context)
    expect(await get(api, `/v1/intents/${id(1)}`)).toMatchObject({
      status: 404,
      body: { error: { code: 'UNKNOWN_ORDER' } },
    })
    const decided = applyIntentEvent(openedIntent(intentTerms, true), {
      type: 'decidedFill',
      solver: SOLVER,
      fillTime: 5,
    })
    context.store.update((s) => {
      s.intents[id(1)] = decided
      s.intents[id(2)] = openedIntent(intentTerms, true)
    })
    const { status, body } = await get(api, `/v1/intents/${id(1)}`)
    expect(status).toBe(200)
    expect(body).toMatchObject({
      orderId: id(1),
      status: 'filled',
      fillDeadline: DEADLINE,
      fillTx: null,
      attestation: { kind: 'fill', solver: SOLVER, fillTime: 5, signatures: expect.stringMatching(/^0x/) },
    })
    const again = await openAttesterStore({ dataDir: dirname(context.store.database.location) })
    expect(again.value.intents[id(1)]).toEqual(decided)
    expect((await get(api, `/v1/intents/${id(2)}`)).body).toMatchObject({ status: 'open', attestation: null })
  })

  it('answers a pending transfer with its release authorization and no attestation yet', async () => {
    const { context } = await setUp()
    context.store.update((s) => {
      s.transfers[id(3)] = sentTransfer(transferTerms, true)
    })
    const api = createAttesterApi(context)
    expect((await get(api, `/v1/transfers/${id(3)}`)).body).toMatchObject({
      status: 'pending',
      release: { transferId: id(3), amount: '1000000' },
      releasedTx: null,
      attestation: null,
    })
    expect((await get(api, '/health')).body).toEqual({ ok: true, attester: attesterAccount.address })
  })
})

describe('ids the attester does not hold', () => {
  it('reads the chains a bounded number of times for one unknown id, however often it is asked', async () => {
    const { context, world } = await setUp()
    const api = createAttesterApi(context)
    const ask = async () => (await api.request(`/v1/intents/${id(9)}`)).status
    // A burst at once, then one after another, within the time a "not settled" answer holds.
    const statuses = [...(await Promise.all(Array.from({ length: 50 }, ask)))]
    for (let i = 0; i < 50; i++) statuses.push(await ask())
    expect(new Set(statuses)).toEqual(new Set([404]))
    // Once per chain (two chains), not once per request.
    expect(world.reads.filter((read) => read.startsWith('escrows@')).length).toBeLessThanOrEqual(2)
  })
})
