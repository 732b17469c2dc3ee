import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { openAttesterStore } from './attester/attester.ts'
import { openRelayerStore } from './relayer/relayer.ts'
import { openDatabase } from './shared/store/database.ts'
import type { OpenStateParameters } from './shared/store/openStore.ts'
import { CorruptStateError } from './shared/store/stateStore.ts'
import { ENGINES, useEngine } from './shared/store/testEngines.ts'
import { openSolverStore } from './solver/solver.ts'

const id = (n: number) => `0x${n.toString(16).padStart(64, '0')}` as const
const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

type Opened = { value: Record<string, Record<string, unknown>>; close: () => Promise<void> }

/**
 * Writes a copy of the stored entry `id(1)` under `id(2)` with a field spoiled, in the database itself (a hand
 * edit, another version's row); the store must refuse to open, naming the entry.
 */
async function expectRefused(
  where: OpenStateParameters,
  store: string,
  open: (where: OpenStateParameters) => Promise<Opened>,
  section: string,
  spoil: (entry: Record<string, unknown>) => void,
) {
  const database = await openDatabase({ url: where.databaseUrl, file: join(where.dataDir, `${store}.sqlite`) })
  const [row] = await database.query<{ value: string }>(
    'SELECT value FROM state_entries WHERE store = ? AND collection = ? AND entry_key = ?',
    [store, section, id(1)],
  )
  const bad = JSON.parse(row!.value)
  spoil(bad)
  await database.query(
    `INSERT INTO state_entries (store, collection, entry_key, value, updated_at) VALUES (?, ?, ?, ?, 1)
     ON CONFLICT (store, collection, entry_key) DO UPDATE SET value = excluded.value`,
    [store, section, id(2), JSON.stringify(bad)],
  )
  await database.close()
  const error = await open(where).then(
    async (opened) => {
      await opened.close()
      return undefined
    },
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(CorruptStateError)
  expect((error as Error).message).toContain(`entry ${section}.${id(2)}`)
  expect((error as Error).message).toContain('Refusing to start')
}

describe.each(ENGINES)('a %s state that holds one malformed entry', { timeout: 60_000 }, (engine) => {
  const place = useEngine(engine)

  it('stops the attester at start, naming the entry', async () => {
    const where = await place.fresh()
    const store = await openAttesterStore(where)
    store.update((s) => {
      s.intents[id(1)] = {
        status: 'open',
        originChainId: 1,
        originSettler: ADDRESS,
        destinationChainId: 2,
        destinationSettler: ADDRESS,
        fillDeadline: 100,
      }
    })
    await store.close()
    const again = await openAttesterStore(where)
    expect(Object.keys(again.value.intents)).toEqual([id(1)])
    await again.close()
    await expectRefused(where, 'attester-1', openAttesterStore, 'intents', (entry) => {
      entry.fillDeadline = 'soon'
    })
    // A combination the intent's machine never makes: a fill decided without its fill.
    await expectRefused(where, 'attester-1', openAttesterStore, 'intents', (entry) => {
      entry.status = 'decided-fill'
    })
  })

  it('stops the solver at start, naming the entry', async () => {
    const where = await place.fresh()
    const store = await openSolverStore(where)
    store.update((s) => {
      s.orders[id(1)] = {
        orderId: id(1),
        status: 'accepted',
        originChainId: 1,
        terms: {
          destinationChainId: 2,
          inputToken: ADDRESS,
          inputAmount: '1000',
          outputToken: ADDRESS,
          outputAmount: '990',
          recipient: ADDRESS,
          fillDeadline: 100,
          expires: 3700,
          outputUsd: '990',
        },
        originData: '0x',
        openBlock: '7',
        openSeenAt: 1,
        updatedAt: 1,
      }
    })
    await store.close()
    const again = await openSolverStore(where)
    expect(again.value.orders[id(1)]?.status).toBe('accepted')
    await again.close()
    await expectRefused(where, 'solver', openSolverStore, 'orders', (entry) => {
      entry.status = 'fillling'
    })
    // A combination the order's machine never makes: a fill being sent without its transaction.
    await expectRefused(where, 'solver', openSolverStore, 'orders', (entry) => {
      entry.status = 'filling'
    })
  })

  it('stops the relayer at start, naming the entry', async () => {
    const where = await place.fresh()
    const store = await openRelayerStore(where)
    store.update((s) => {
      s.transfers[id(1)] = {
        transferId: id(1),
        status: 'pending',
        originChainId: 1,
        destinationChainId: 2,
        deadline: 100,
        expires: 3700,
        updatedAt: 1,
      }
    })
    await store.close()
    const again = await openRelayerStore(where)
    expect(again.value.transfers[id(1)]?.status).toBe('pending')
    await again.close()
    await expectRefused(where, 'relayer', openRelayerStore, 'transfers', (entry) => {
      entry.deadline = -5
    })
    // A combination the transfer's machine never makes: declined without saying why.
    await expectRefused(where, 'relayer', openRelayerStore, 'transfers', (entry) => {
      entry.status = 'declined'
    })
  })
})
