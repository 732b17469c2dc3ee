import type { z } from 'zod'
import { type Collections, CorruptStateError, type StoreDefinition } from './definition.ts'

/** Writes one entry's row, new or changed: one written from memory is held in memory (not `cold`). */
export const UPSERT = `INSERT INTO state_entries (store, collection, entry_key, status, value, updated_at, settled_at)
  VALUES (?, ?, ?, ?, ?, ?, ?)
  ON CONFLICT (store, collection, entry_key) DO UPDATE SET
    status = excluded.status, value = excluded.value, updated_at = excluded.updated_at, settled_at = excluded.settled_at,
    cold = 0`

/** One entry as the row `UPSERT` writes. A pruning check that kept it moves its `settled_at` to now. */
export function rowOf<State extends Collections>(
  definition: StoreDefinition<State>,
  collection: string,
  key: string,
  entry: unknown,
  now: number,
) {
  const status =
    typeof entry === 'object' && entry !== null && 'status' in entry && typeof entry.status === 'string'
      ? entry.status
      : null
  const settled = definition.settledAt?.(collection, entry, now)
  return [
    definition.name,
    collection,
    key,
    status,
    JSON.stringify(entry),
    now,
    settled === undefined ? null : Math.max(settled, 0),
  ] as const
}

/** A draft of `state` whose collections report each key set or deleted through them. */
export function draftOf<State extends Collections>(
  state: State,
  touched: (collection: string, key: string) => void,
): State {
  const collections = new Map<string, Record<string, unknown>>()
  return new Proxy(state, {
    get(target, collection) {
      if (typeof collection !== 'string' || !(collection in target)) return Reflect.get(target, collection)
      let draft = collections.get(collection)
      if (!draft) {
        draft = new Proxy(target[collection] as Record<string, unknown>, {
          set(entries, key, value) {
            if (typeof key === 'string') touched(collection, key)
            return Reflect.set(entries, key, value)
          },
          deleteProperty(entries, key) {
            if (typeof key === 'string' && key in entries) touched(collection, key)
            return Reflect.deleteProperty(entries, key)
          },
        })
        collections.set(collection, draft)
      }
      return draft
    },
    set() {
      throw new TypeError('a state update sets or deletes entries of a collection, never a whole collection')
    },
  })
}

/** The state the rows make, checked as a whole against the definition's schema. */
export type Row = { collection: string; entry_key: string; value: string }

export function stateFromRows<State extends Collections>(
  location: string,
  definition: StoreDefinition<State>,
  rows: Row[],
) {
  const state = definition.empty()
  for (const { collection, entry_key: key, value } of rows) {
    const entries = state[collection] as Record<string, unknown> | undefined
    if (!entries) throw new CorruptStateError(location, `an entry of an unknown kind "${collection}" (${key})`)
    try {
      entries[key] = JSON.parse(value)
    } catch (error) {
      throw new CorruptStateError(location, `entry ${collection}.${key} is not JSON: ${(error as Error).message}`)
    }
  }
  return definition.schema ? checkedState(location, definition.schema, state) : state
}

/** Where a schema issue is, as `intents.0x12….fillDeadline`. */
const entryPath = (path: readonly PropertyKey[]) => path.map(String).join('.') || '(the whole state)'

export function checkedState<State>(location: string, schema: z.ZodType<State>, parsed: unknown): State {
  const result = schema.safeParse(parsed)
  if (result.success) return result.data
  const issue = result.error.issues[0]
  throw new CorruptStateError(
    location,
    `entry ${entryPath(issue?.path ?? [])} is malformed: ${issue?.message ?? 'unknown'}`,
  )
}
