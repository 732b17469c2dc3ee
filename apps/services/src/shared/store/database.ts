import { existsSync, mkdirSync, statSync } from 'node:fs'
import { dirname } from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import pg from 'pg'
import { ServiceError } from '../errors.ts'

/** A value bound to a statement's `?`. */
export type SqlValue = string | number | bigint | null

/** Runs one statement: its rows (none for a write). Statements use `?` placeholders on both engines. */
export type Queryable = {
  query<Row = Record<string, unknown>>(sql: string, params?: readonly SqlValue[]): Promise<Row[]>
}

/**
 * The services' database: SQLite in a file by default (embedded, no server), PostgreSQL when `DATABASE_URL` is
 * set. One connection, one statement or transaction at a time, the same SQL on both (see migrations.ts).
 */
export type Database = Queryable & {
  readonly engine: 'sqlite' | 'postgres'
  /** Where it is, for messages: the file, or the server without its password. */
  readonly location: string
  /** Runs `work` in one transaction: everything it wrote is committed together, or nothing is. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>
  /** Bytes on disk: the file (and its write-ahead log) for SQLite, the tables for PostgreSQL. */
  sizeBytes(): Promise<number>
  close(): Promise<void>
}

export type OpenDatabaseParameters = {
  /** A `postgres://` URL (`DATABASE_URL`); without one, SQLite in `file`. */
  url?: string | undefined
  file: string
}

export async function openDatabase({ url, file }: OpenDatabaseParameters): Promise<Database> {
  return url ? openPostgres(url) : openSqlite(file)
}

/** Runs one task at a time, in order: a transaction never interleaves with another statement. */
function serial() {
  let tail: Promise<unknown> = Promise.resolve()
  return <T>(task: () => Promise<T>): Promise<T> => {
    const next = tail.then(task, task)
    tail = next.catch(() => undefined)
    return next
  }
}

function openSqlite(file: string): Database {
  mkdirSync(dirname(file), { recursive: true })
  const db = new BetterSqlite3(file)
  try {
    // Set before the first table exists: deleted pages go back to the file system when pruned.
    db.pragma('auto_vacuum = INCREMENTAL')
    db.pragma('journal_mode = WAL')
    db.pragma('synchronous = FULL') // a committed transaction survives a power cut, not only a crash
    // The write-ahead log is folded into the file every 256 pages (1 MB) and cut back to 1 MB after each checkpoint.
    db.pragma('wal_autocheckpoint = 256')
    db.pragma('journal_size_limit = 1048576')
    db.pragma('busy_timeout = 5000')
    // A damaged file (cut short, overwritten) is refused at start, not found out one missing row at a time.
    const check = db.pragma('quick_check', { simple: true })
    if (check !== 'ok')
      throw Object.assign(new Error(`the file is damaged: ${String(check)}`), { code: 'SQLITE_CORRUPT' })
  } catch (error) {
    db.close()
    throw error
  }
  const run = (sql: string, params: readonly SqlValue[] = []) => {
    const statement = db.prepare(sql)
    if (statement.reader) return statement.all(...params)
    // A statement without parameters runs to its end (`run` steps once: `PRAGMA incremental_vacuum` would free one page).
    if (params.length === 0) db.exec(sql)
    else statement.run(...params)
    return []
  }
  const tx: Queryable = { query: async <Row>(sql: string, params?: readonly SqlValue[]) => run(sql, params) as Row[] }
  const one = serial()
  return {
    engine: 'sqlite',
    location: file,
    query: (sql, params) => one(() => tx.query(sql, params)),
    transaction: (work) =>
      one(async () => {
        db.exec('BEGIN IMMEDIATE')
        try {
          const result = await work(tx)
          db.exec('COMMIT')
          return result
        } catch (error) {
          if (db.inTransaction) db.exec('ROLLBACK')
          throw error
        }
      }),
    sizeBytes: () =>
      one(async () => {
        db.pragma('wal_checkpoint(TRUNCATE)')
        return [file, `${file}-wal`].reduce((sum, path) => sum + (existsSync(path) ? statSync(path).size : 0), 0)
      }),
    close: () => one(async () => void db.close()),
  }
}

/** The URL without its password, for messages and logs. */
export const redactUrl = (url: string) => url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@')

/** `?` placeholders as PostgreSQL's `$1, $2…` (no statement here has a `?` inside a literal). */
const numbered = (sql: string) => {
  let n = 0
  return sql.replace(/\?/g, () => `$${++n}`)
}

async function openPostgres(url: string): Promise<Database> {
  const location = redactUrl(url)
  // One connection: statements are serialized anyway, and a transaction must stay on one.
  const pool = new pg.Pool({ connectionString: url, max: 1, connectionTimeoutMillis: 10_000 })
  pool.on('error', () => undefined) // an idle connection that drops is replaced on the next query
  // A connection that drops while it is lent out fails its query (the caller sees that); its 'error' event must not
  // also end the process.
  pool.on('connect', (client) => client.on('error', () => undefined))
  try {
    await pool.query('SELECT 1')
  } catch (error) {
    await pool.end()
    throw new ServiceError(
      `Cannot reach the database at ${location}: ${error instanceof Error ? error.message : String(error)}`,
      { code: 'DATABASE_UNREACHABLE', cause: error },
    )
  }
  const on = (client: pg.Pool | pg.PoolClient): Queryable => ({
    query: async <Row>(sql: string, params: readonly SqlValue[] = []) =>
      (await client.query(numbered(sql), params as unknown[])).rows as Row[],
  })
  const one = serial()
  return {
    engine: 'postgres',
    location,
    query: (sql, params) => one(() => on(pool).query(sql, params)),
    transaction: (work) =>
      one(async () => {
        const client = await pool.connect()
        try {
          await client.query('BEGIN')
          const result = await work(on(client))
          await client.query('COMMIT')
          return result
        } catch (error) {
          await client.query('ROLLBACK').catch(() => undefined)
          throw error
        } finally {
          client.release()
        }
      }),
    sizeBytes: () =>
      one(async () => {
        const rows = await on(pool).query<{ bytes: string }>(
          `SELECT COALESCE(SUM(pg_total_relation_size(c.oid)), 0)::text AS bytes
             FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE n.nspname = current_schema() AND c.relname IN ('state_entries', 'schema_migrations')`,
        )
        return Number(rows[0]?.bytes ?? 0)
      }),
    close: () => one(() => pool.end()),
  }
}
