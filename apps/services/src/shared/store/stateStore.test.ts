import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { createLogger } from '../logger.ts'
import { type Database, openDatabase } from './database.ts'
import { MIGRATIONS, SCHEMA_VERSION } from './migrations.ts'
import { type OpenStateParameters, openServiceStore } from './openStore.ts'
import { pruneSettled } from './retention.ts'
import { CorruptStateError, type StateStore } from './stateStore.ts'
import { ENGINES, useEngine } from './testEngines.ts'

type Order = { status: 'open' | 'done'; at: number }
type State = { cursors: Record<string, string>; orders: Record<string, Order> }
const empty = (): State => ({ cursors: {}, orders: {} })
const schema = z.strictObject({
  cursors: z.record(z.string(), z.string()),
  orders: z.record(z.string(), z.strictObject({ status: z.enum(['open', 'done']), at: z.number() })),
})
const definition = {
  name: 'test',
  empty,
  schema,
  settledAt: (collection: string, entry: unknown) =>
    collection === 'orders' && (entry as Order).status === 'done' ? (entry as Order).at : undefined,
}
const open = (where: OpenStateParameters) =>
  openServiceStore<State>({ ...definition, ...where, legacyFile: join(where.dataDir, 'test-state.json') })

/** The database under `where`, opened on its own (as an operator's tool would). */
const rawDatabase = (where: OpenStateParameters) =>
  openDatabase({ url: where.databaseUrl, file: join(where.dataDir, 'test.sqlite') })

async function refusal(opening: Promise<StateStore<State>>): Promise<Error> {
  const outcome = await opening.then(
    async (store) => {
      await store.close()
      return new Error('opened anyway')
    },
    (error: Error) => error,
  )
  expect(outcome).toBeInstanceOf(CorruptStateError)
  expect(outcome.message).toContain('Refusing to start')
  return outcome
}

// A PostgreSQL database is created per test; on two busy cores that alone can take seconds.
describe.each(ENGINES)('a service state on %s', { timeout: 60_000 }, (engine) => {
  const place = useEngine(engine)

  it('starts empty, writes each change, and reads it back after a restart', async () => {
    const where = await place.fresh()
    const store = await open(where)
    expect(store.value).toEqual(empty())
    store.update((draft) => {
      draft.orders.a = { status: 'open', at: 1 }
      draft.cursors['31337'] = '12'
    })
    store.update((draft) => {
      draft.orders.b = { status: 'open', at: 2 }
      delete draft.orders.a
    })
    await store.close()
    const again = await open(where)
    expect(again.value).toEqual({ cursors: { '31337': '12' }, orders: { b: { status: 'open', at: 2 } } })
    await again.close()
  })

  it('writes a change whole or not at all: a write that fails midway leaves the database as it was', async () => {
    const where = await place.fresh()
    const store = await open(where)
    store.update((draft) => {
      draft.orders.a = { status: 'open', at: 1 }
    })
    await store.flush()
    // The database fails on the second statement of the next transaction.
    const database = store.database as Database & { transaction: Database['transaction'] }
    const real = database.transaction.bind(database)
    let failing = true
    database.transaction = (work) =>
      real(async (tx) => {
        let statements = 0
        return work({
          query: async (sql, params) => {
            if (failing && ++statements === 2) throw new Error('disk full')
            return tx.query(sql, params)
          },
        })
      })
    store.update((draft) => {
      draft.orders.a = { status: 'done', at: 5 }
      draft.orders.b = { status: 'open', at: 6 }
    })
    await expect(store.flush()).rejects.toMatchObject({ code: 'STATE_NOT_SAVED' })
    expect(store.pending).toBe(true)
    const meanwhile = await open({ ...where, dataDir: where.dataDir })
    expect(meanwhile.value.orders, 'neither half of the change is in the database').toEqual({
      a: { status: 'open', at: 1 },
    })
    await meanwhile.close()
    // The change stays pending and is written by the next flush.
    failing = false
    await store.flush()
    expect(store.pending).toBe(false)
    await store.close()
    const after = await open(where)
    expect(after.value.orders).toEqual({ a: { status: 'done', at: 5 }, b: { status: 'open', at: 6 } })
    await after.close()
  })

  it('refuses to start from an entry that is not JSON, of an unknown kind, or malformed, naming it', async () => {
    const cases: [string, string, RegExp][] = [
      ['orders', '{"status": "open", "at"', /entry orders\.x is not JSON/],
      ['invoices', '{}', /an entry of an unknown kind "invoices" \(x\)/],
      ['orders', '{"status": "opened", "at": 1}', /entry orders\.x\.status is malformed/],
      ['orders', '{"status": "open", "at": 1, "extra": true}', /entry orders\.x is malformed/],
    ]
    for (const [collection, value, reason] of cases) {
      const where = await place.fresh()
      await (await open(where)).close() // creates the schema
      const database = await rawDatabase(where)
      await database.query(
        'INSERT INTO state_entries (store, collection, entry_key, value, updated_at) VALUES (?, ?, ?, ?, ?)',
        ['test', collection, 'x', value, 1],
      )
      await database.close()
      const error = await refusal(open(where))
      expect(error.message, value).toMatch(reason)
    }
  })

  it('refuses a database written by a newer version', async () => {
    const where = await place.fresh()
    await (await open(where)).close()
    const database = await rawDatabase(where)
    await database.query('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)', [
      SCHEMA_VERSION + 1,
      'from the future',
      1,
    ])
    await database.close()
    await expect(open(where)).rejects.toMatchObject({ code: 'DATABASE_TOO_NEW' })
    expect(MIGRATIONS.map((m) => m.version)).toEqual([...MIGRATIONS.keys()].map((i) => i + 1))
  })

  it('prunes what settled before the retention window, from memory and the database, and keeps the rest', async () => {
    const where = await place.fresh()
    const store = await open(where)
    store.update((draft) => {
      draft.orders.old = { status: 'done', at: 1_000 }
      draft.orders.recent = { status: 'done', at: 9_600 }
      draft.orders.live = { status: 'open', at: 1 }
      draft.orders.unconfirmed = { status: 'done', at: 1_000 }
      draft.cursors.a = '5'
    })
    const asked: string[] = []
    const confirm = async (_collection: string, key: string) => {
      asked.push(key)
      return key !== 'unconfirmed'
    }
    expect(await store.prune({ now: 10_000, retentionMs: 1_000, confirm })).toBe(1)
    expect(asked.sort()).toEqual(['old', 'unconfirmed'])
    expect(Object.keys(store.value.orders).sort()).toEqual(['live', 'recent', 'unconfirmed'])
    // Not confirmed: looked at again only a window later.
    expect(await store.prune({ now: 10_500, retentionMs: 1_000, confirm })).toBe(0)
    expect(await store.prune({ now: 11_001, retentionMs: 1_000, confirm: async () => true })).toBe(2)
    await store.close()
    const again = await open(where)
    expect(again.value).toEqual({ cursors: { a: '5' }, orders: { live: { status: 'open', at: 1 } } })
    await again.close()
  })

  it('keeps an entry its last check makes cold in the database only, read from there, and prunes it later', async () => {
    const where = await place.fresh()
    const store = await open(where)
    store.update((draft) => {
      draft.orders.stuck = { status: 'done', at: 1_000 }
      draft.orders.back = { status: 'done', at: 1_000 }
      draft.orders.live = { status: 'open', at: 1 }
    })
    const seen: unknown[] = []
    let outcome: boolean | 'cold' = 'cold'
    const confirm = async (_collection: string, _key: string, entry: unknown) => {
      seen.push(entry)
      return outcome
    }
    expect(await store.prune({ now: 10_000, retentionMs: 1_000, confirm })).toBe(0)
    expect(Object.keys(store.value.orders)).toEqual(['live'])
    expect(await store.cold('orders', 'stuck')).toEqual({ status: 'done', at: 1_000 })
    expect(await store.cold('orders', 'live')).toBeUndefined() // in memory: read from `value`
    expect(await store.cold('orders', 'nowhere')).toBeUndefined()
    // Written again from memory, it is live again; the other stays out of memory after a restart.
    store.update((draft) => {
      draft.orders.back = { status: 'open', at: 2 }
    })
    await store.close()
    const again = await open(where)
    expect(Object.keys(again.value.orders).sort()).toEqual(['back', 'live'])
    expect(await again.cold('orders', 'back')).toBeUndefined()
    // Looked at again a window later, from its row: still not settled, then settled and gone.
    seen.length = 0
    outcome = false
    expect(await again.prune({ now: 10_500, retentionMs: 1_000, confirm })).toBe(0)
    expect(seen).toEqual([])
    expect(await again.prune({ now: 11_001, retentionMs: 1_000, confirm })).toBe(0)
    expect(seen).toEqual([{ status: 'done', at: 1_000 }])
    expect(await again.cold('orders', 'stuck')).toEqual({ status: 'done', at: 1_000 })
    outcome = true
    expect(await again.prune({ now: 12_002, retentionMs: 1_000, confirm })).toBe(1)
    expect(await again.cold('orders', 'stuck')).toBeUndefined()
    expect(Object.keys(again.value.orders).sort()).toEqual(['back', 'live'])
    await again.close()
  })

  it('asks its last checks at once, and a round prunes every entry due, batch after batch', async () => {
    const where = await place.fresh()
    const store = await open(where)
    const settled = 2_500
    store.update((draft) => {
      for (let i = 0; i < settled; i++) draft.orders[`order-${i}`] = { status: 'done', at: 1_000 + i }
      draft.orders.live = { status: 'open', at: 1 }
    })
    await store.flush()
    // A chain read each: one after the other, a thousand of them took a minute or two on a busy node.
    const asking = { now: 0, most: 0 }
    const confirm = async () => {
      asking.most = Math.max(asking.most, ++asking.now)
      await new Promise((resolve) => setTimeout(resolve, 1))
      asking.now -= 1
      return true
    }
    const controller = new AbortController()
    const lines: string[] = []
    const log = { ...createLogger('test', {}, 'error'), info: (message: string) => lines.push(message) }
    // One round an hour: everything due must go in the first.
    const loop = pruneSettled(store, {
      retention: { retentionMs: 0, intervalMs: 3_600_000 },
      signal: controller.signal,
      log,
      confirm,
    })
    await vi.waitFor(() => expect(lines).toContain('pruned settled entries'), { timeout: 60_000 })
    // Stopping does not wait out the hour.
    controller.abort()
    await loop
    expect(Object.keys(store.value.orders)).toEqual(['live'])
    expect(asking.most).toBeGreaterThan(1)
    await store.close()
  })

  it('imports the JSON state file of an earlier version once, then renames it', async () => {
    const where = await place.fresh()
    mkdirSync(where.dataDir, { recursive: true })
    const file = join(where.dataDir, 'test-state.json')
    writeFileSync(file, JSON.stringify({ cursors: { '1': '7' }, orders: { a: { status: 'open', at: 3 } } }))
    const store = await open(where)
    expect(store.value).toEqual({ cursors: { '1': '7' }, orders: { a: { status: 'open', at: 3 } } })
    expect(existsSync(file)).toBe(false)
    expect(existsSync(`${file}.imported`)).toBe(true)
    await store.close()
    // A stale copy put back later does not overwrite the database.
    writeFileSync(file, JSON.stringify({ cursors: {}, orders: {} }))
    const again = await open(where)
    expect(again.value.orders.a).toEqual({ status: 'open', at: 3 })
    await again.close()
  })

  it('imports a JSON state file written before a collection with a default existed: that collection empty', async () => {
    const where = await place.fresh()
    mkdirSync(where.dataDir, { recursive: true })
    const file = join(where.dataDir, 'test-state.json')
    writeFileSync(file, JSON.stringify({ cursors: {}, orders: { a: { status: 'open', at: 3 } } }))
    const later = schema.extend({ notes: z.record(z.string(), z.string()).default({}) })
    const store = await openServiceStore<State & { notes: Record<string, string> }>({
      ...definition,
      empty: () => ({ ...empty(), notes: {} }),
      schema: later,
      ...where,
      legacyFile: file,
    })
    expect(store.value).toEqual({ cursors: {}, orders: { a: { status: 'open', at: 3 } }, notes: {} })
    await store.close()
  })

  it('refuses a corrupt or foreign JSON state file, naming it and leaving it for a person', async () => {
    const cases: [string, RegExp][] = [
      ['{"cursors": {}, "orders": {', /cannot be read \(.*JSON/],
      ['', /cannot be read/],
      ['[]', /expected a JSON object, found array/],
      ['{"cursors": {}}', /"orders" should be object, found undefined/],
      ['{"cursors": {}, "orders": {"a": {"status": "gone", "at": 1}}}', /entry orders\.a\.status is malformed/],
    ]
    for (const [content, reason] of cases) {
      const where = await place.fresh()
      mkdirSync(where.dataDir, { recursive: true })
      const file = join(where.dataDir, 'test-state.json')
      writeFileSync(file, content)
      const error = await refusal(open(where))
      expect(error.message, content).toMatch(reason)
      expect(error.message).toContain(`State file ${file}`)
      expect(readFileSync(file, 'utf8')).toBe(content)
      // Nothing was imported: the database is as empty as before.
      const database = await rawDatabase(where)
      expect(await database.query('SELECT * FROM state_entries')).toEqual([])
      await database.close()
    }
  })
})

describe('a SQLite state file', () => {
  const place = useEngine('sqlite')

  it('gives the space of what was pruned back to the file system', async () => {
    const store = await open(await place.fresh())
    for (let i = 0; i < 1_000; i++) {
      store.update((draft) => {
        draft.orders[`order-${i}`] = { status: 'done', at: 1_000 + i }
      })
    }
    await store.flush()
    const before = await store.database.sizeBytes()
    let pruned = 0
    for (let round = await store.prune({ now: 1e9, retentionMs: 0 }); round > 0; ) {
      pruned += round
      round = await store.prune({ now: 1e9, retentionMs: 0 })
    }
    expect(pruned).toBe(1_000)
    expect(await store.database.sizeBytes()).toBeLessThan(before / 2)
    await store.close()
  })

  it('that is not a database, or is damaged, stops the start and is left alone', async () => {
    const where = await place.fresh()
    mkdirSync(where.dataDir, { recursive: true })
    const file = join(where.dataDir, 'test.sqlite')
    writeFileSync(file, 'SQLite format 3\u0000 and then nothing a database holds '.repeat(200))
    const error = await refusal(open(where))
    expect(error.message).toContain(`State in ${file} cannot be read`)
    expect(readFileSync(file, 'utf8')).toContain('and then nothing')
  })
})
