import { ServiceError } from '../errors.ts'
import type { Database } from './database.ts'

/**
 * The services' schema, one version after another; the same SQL on SQLite and PostgreSQL. A migration is never
 * edited once released: a change is a new version. Each runs in one transaction with its version row.
 */
export const MIGRATIONS: readonly { version: number; name: string; statements: readonly string[] }[] = [
  {
    version: 1,
    name: 'state entries',
    statements: [
      // One row per order, intent, transfer, unmatched event or log cursor of a service (`store`: solver,
      // relayer, attester-2…), as the JSON its service checks at start. `status` is the entry's status, for an
      // operator's queries; `settled_at` (ms) is when it became settled and final, null while it can still
      // change: rows settled for longer than the retention window are pruned.
      `CREATE TABLE state_entries (
         store TEXT NOT NULL,
         collection TEXT NOT NULL,
         entry_key TEXT NOT NULL,
         status TEXT,
         value TEXT NOT NULL,
         updated_at BIGINT NOT NULL,
         settled_at BIGINT,
         PRIMARY KEY (store, collection, entry_key)
       )`,
      'CREATE INDEX state_entries_settled ON state_entries (store, settled_at)',
    ],
  },
  {
    version: 2,
    name: 'entries kept in the database only',
    statements: [
      // 1: an entry not loaded at start, read from the database when asked (an attester's decision whose escrow
      // never settled, past its expiry and the retention window: StateStore.prune); 0: held in memory too.
      'ALTER TABLE state_entries ADD COLUMN cold INTEGER NOT NULL DEFAULT 0',
    ],
  },
]

export const SCHEMA_VERSION = Math.max(...MIGRATIONS.map((m) => m.version))

/** Brings the database to `SCHEMA_VERSION`; refuses one written by a newer version of the services. */
export async function migrate(db: Database): Promise<{ applied: number[] }> {
  return db.transaction(async (tx) => {
    // Services sharing one PostgreSQL server start at the same time: one migrates, the others wait for it.
    if (db.engine === 'postgres') await tx.query('SELECT pg_advisory_xact_lock(7683)')
    await tx.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)',
    )
    const rows = await tx.query<{ version: number | string }>('SELECT version FROM schema_migrations')
    const done = new Set(rows.map((row) => Number(row.version)))
    const newest = Math.max(0, ...done)
    if (newest > SCHEMA_VERSION) {
      throw new ServiceError(
        `The database at ${db.location} has schema version ${newest}, newer than this version's ${SCHEMA_VERSION}. ` +
          'Refusing to start: an older version could misread it. Run the newer version of the services.',
        { code: 'DATABASE_TOO_NEW' },
      )
    }
    const applied: number[] = []
    for (const migration of MIGRATIONS) {
      if (done.has(migration.version)) continue
      for (const statement of migration.statements) await tx.query(statement)
      await tx.query('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)', [
        migration.version,
        migration.name,
        Date.now(),
      ])
      applied.push(migration.version)
    }
    return { applied }
  })
}
