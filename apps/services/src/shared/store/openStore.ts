import { existsSync, readFileSync, renameSync } from 'node:fs'
import { join } from 'node:path'
import { type Database, openDatabase } from './database.ts'
import { checkedState, rowOf, UPSERT } from './entries.ts'
import { migrate } from './migrations.ts'
import { type Collections, CorruptStateError, StateStore, type StoreDefinition } from './stateStore.ts'

/** Where a service keeps its state. */
export type OpenStateParameters = {
  /** The service's folder: its SQLite file (`<name>.sqlite`) when there is no `databaseUrl`. */
  dataDir: string
  /** PostgreSQL (`DATABASE_URL`) instead of the embedded SQLite file. */
  databaseUrl?: string | undefined
}

export type OpenServiceStoreParameters<State extends Collections> = StoreDefinition<State> &
  OpenStateParameters & {
    /** The JSON state file the services kept before the database: imported on first start, then renamed. */
    legacyFile?: string | undefined
  }

/** A SQLite file that is not one, or is damaged: as unsafe to start from as an unreadable state file. */
const isDamagedFile = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  'code' in error &&
  typeof error.code === 'string' &&
  /^SQLITE_(NOTADB|CORRUPT)/.test(error.code)

/**
 * Opens a service's state: its database (created and migrated as needed), the JSON state file of an earlier
 * version imported once, every entry read and checked. Refuses (CorruptStateError) whatever cannot be trusted.
 */
export async function openServiceStore<State extends Collections>(
  parameters: OpenServiceStoreParameters<State>,
): Promise<StateStore<State>> {
  const file = join(parameters.dataDir, `${parameters.name}.sqlite`)
  let database: Database | undefined
  try {
    database = await openDatabase({ url: parameters.databaseUrl, file })
    await migrate(database)
    await importLegacyFile(database, parameters)
    return await StateStore.open(database, parameters)
  } catch (error) {
    await database?.close().catch(() => undefined)
    throw isDamagedFile(error) ? new CorruptStateError(`in ${file}`, error) : error
  }
}

/** Today's JSON state file, checked as it always was, written as rows in one transaction, then renamed. */
async function importLegacyFile<State extends Collections>(
  database: Database,
  parameters: OpenServiceStoreParameters<State>,
): Promise<void> {
  const path = parameters.legacyFile
  if (!path || !existsSync(path)) return
  const [count] = await database.query<{ n: number | string }>(
    'SELECT COUNT(*) AS n FROM state_entries WHERE store = ?',
    [parameters.name],
  )
  if (Number(count?.n ?? 0) > 0) return // imported before; the database is the state now
  const state = readLegacyFile(path, parameters)
  const now = Date.now()
  await database.transaction(async (tx) => {
    for (const [collection, entries] of Object.entries(state)) {
      for (const [key, entry] of Object.entries(entries)) {
        await tx.query(UPSERT, rowOf(parameters, collection, key, entry, now))
      }
    }
  })
  renameSync(path, `${path}.imported`)
}

const kind = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value)

function readLegacyFile<State extends Collections>(path: string, definition: StoreDefinition<State>): State {
  const location = `file ${path}`
  let parsed: unknown
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'))
  } catch (error) {
    throw new CorruptStateError(location, error)
  }
  if (kind(parsed) !== 'object') throw new CorruptStateError(location, `expected a JSON object, found ${kind(parsed)}`)
  // A file of the wrong shape (another service's, or truncated by hand) is as unsafe as an unreadable one. A collection
  // added after the file was written is missing from it: empty, where the schema gives it a default.
  const shape = (
    definition.schema as { shape?: Record<string, { safeParse: (value: unknown) => { success: boolean } }> }
  )?.shape
  const added = (key: string) => shape?.[key]?.safeParse(undefined).success === true
  for (const [key, value] of Object.entries(definition.empty())) {
    const found = kind((parsed as Record<string, unknown>)[key])
    if (found !== kind(value) && !(found === 'undefined' && added(key)))
      throw new CorruptStateError(location, `"${key}" should be ${kind(value)}, found ${found}`)
  }
  return definition.schema ? checkedState(location, definition.schema, parsed) : (parsed as State)
}
