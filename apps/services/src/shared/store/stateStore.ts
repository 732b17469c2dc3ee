import { ServiceError } from '../errors.ts'
import type { Database } from './database.ts'
import type { Collections, PruneParameters, StoreDefinition } from './definition.ts'
import { draftOf, type Row, rowOf, stateFromRows, UPSERT } from './entries.ts'

export {
  type Collections,
  CorruptStateError,
  type PruneOutcome,
  type PruneParameters,
  type StoreDefinition,
} from './definition.ts'

const SEP = '\u0000'
/** The last checks before pruning (`confirm`: a chain read for the attesters) that run at once. */
const CONFIRMS_AT_ONCE = 16

/**
 * A service's progress in its database (store/database.ts). All live entries are held in memory, where the service
 * reads them (`value`); `update` changes them through a draft that records which entries it set or deleted, and
 * `flush` writes exactly those in one transaction, so a crash leaves each change whole or not at all. Entries a
 * pruning check made `cold` are in the database only (`cold` reads one).
 */
export class StateStore<State extends Collections> {
  private readonly dirty = new Set<string>()
  private readonly draft: State
  private timer: ReturnType<typeof setTimeout> | undefined
  private writing: Promise<void> = Promise.resolve()
  private failure: unknown

  private constructor(
    readonly database: Database,
    private readonly definition: StoreDefinition<State>,
    private readonly state: State,
  ) {
    this.draft = draftOf(state, (collection, key) => this.dirty.add(`${collection}${SEP}${key}`))
  }

  /** Reads every live entry of `definition.name` and checks it; a row that does not parse or fit stops here. */
  static async open<State extends Collections>(
    database: Database,
    definition: StoreDefinition<State>,
  ): Promise<StateStore<State>> {
    const rows = await database.query<Row>(
      'SELECT collection, entry_key, value FROM state_entries WHERE store = ? AND cold = 0',
      [definition.name],
    )
    const state = stateFromRows(`in ${database.location}`, definition, rows)
    return new StateStore(database, definition, state)
  }

  get value(): State {
    return this.state
  }

  /** True while changes wait to be written (or a write failed). */
  get pending(): boolean {
    return this.dirty.size > 0
  }

  /**
   * Applies `change` to the state, in memory at once, and schedules its write. `change` sets or deletes whole
   * entries of the draft's collections (`draft.orders[id] = next`); an entry is never changed in place.
   */
  update(change: (draft: State) => void): void {
    change(this.draft)
    if (this.dirty.size === 0) return
    if ((this.definition.coalesceMs ?? 0) <= 0) void this.flush().catch(() => undefined)
    else this.timer ??= setTimeout(() => void this.flush().catch(() => undefined), this.definition.coalesceMs)
  }

  /**
   * Writes every pending change in one transaction. Rejects when the database refused it; the changes stay pending
   * and the next flush tries them again.
   */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer)
    this.timer = undefined
    this.writing = this.writing.catch(() => undefined).then(() => this.write())
    return this.writing
  }

  /** The last write's failure, if the last write failed (for health answers). */
  get lastFailure(): unknown {
    return this.failure
  }

  /**
   * The entry `key` of `collection` that is in the database only (`cold`, see `prune`), if there is one. An entry
   * held in memory is read from `value`.
   */
  async cold<C extends keyof State & string>(collection: C, key: string): Promise<State[C][string] | undefined> {
    const [row] = await this.database.query<{ value: string }>(
      'SELECT value FROM state_entries WHERE store = ? AND collection = ? AND entry_key = ? AND cold = 1',
      [this.definition.name, collection, key],
    )
    return row === undefined ? undefined : (JSON.parse(row.value) as State[C][string])
  }

  /**
   * Deletes entries settled for longer than `retentionMs`, oldest first, in one transaction: from memory and from
   * the database. Gives how many went. An entry `confirm` keeps is looked at again a window later; one it makes
   * `'cold'` leaves memory and stays in the database only (`cold`), looked at again likewise, from there.
   */
  async prune({ now, retentionMs, limit = 1_000, confirm }: PruneParameters): Promise<number> {
    await this.flush()
    const { name } = this.definition
    // The value only of a cold entry: the others are in memory.
    type DueRow = { collection: string; entry_key: string; value: string | null; cold: number }
    const due = await this.database.query<DueRow>(
      `SELECT collection, entry_key, CASE WHEN cold = 1 THEN value END AS value, cold FROM state_entries
        WHERE store = ? AND settled_at IS NOT NULL AND settled_at <= ?
        ORDER BY settled_at LIMIT ?`,
      [name, now - retentionMs, limit],
    )
    type Due = { collection: string; key: string; entry: unknown; held: boolean }
    const gone: Due[] = []
    const cold: Due[] = []
    const kept: Due[] = []
    // The last checks run CONFIRMS_AT_ONCE at a time: one after the other, a round of a thousand chain reads on a busy
    // node took a minute or two, and the attesters' pruning fell behind their load (load run of 27 Nov).
    for (let start = 0; start < due.length; start += CONFIRMS_AT_ONCE) {
      const batch = due.slice(start, start + CONFIRMS_AT_ONCE).map((row): Due => {
        const { collection, entry_key: key } = row
        // A cold entry is checked from its row: it is not in memory.
        const held = Number(row.cold) === 0
        return { collection, key, entry: held ? this.state[collection]?.[key] : JSON.parse(row.value as string), held }
      })
      const outcomes = await Promise.all(
        batch.map(({ collection, key, entry }) =>
          entry === undefined || !confirm ? true : confirm(collection, key, entry),
        ),
      )
      batch.forEach((item, index) => {
        const outcome = outcomes[index]
        if (outcome === 'cold') cold.push(item)
        else if (outcome) gone.push(item)
        else kept.push(item)
      })
    }
    // A round may have changed an entry while `confirm` waited: that one is live again (in memory), and stays.
    const unchanged = ({ collection, key, entry, held }: Due) =>
      this.state[collection]?.[key] === (held ? entry : undefined) && !this.dirty.has(`${collection}${SEP}${key}`)
    const still = gone.filter(unchanged)
    const leaving = cold.filter(unchanged)
    if (still.length === 0 && kept.length === 0 && leaving.length === 0) return 0
    await this.database.transaction(async (tx) => {
      for (const { collection, key } of still) {
        await tx.query('DELETE FROM state_entries WHERE store = ? AND collection = ? AND entry_key = ?', [
          name,
          collection,
          key,
        ])
      }
      // Not settled after all (the chain says so): looked at again a retention window from now.
      for (const { collection, key } of kept) {
        await tx.query('UPDATE state_entries SET settled_at = ? WHERE store = ? AND collection = ? AND entry_key = ?', [
          now,
          name,
          collection,
          key,
        ])
      }
      // Not settled, and not needed in memory any more: in the database only, looked at again likewise.
      for (const { collection, key } of leaving) {
        await tx.query(
          'UPDATE state_entries SET settled_at = ?, cold = 1 WHERE store = ? AND collection = ? AND entry_key = ?',
          [now, name, collection, key],
        )
      }
    })
    // An entry changed while the transaction ran is written again, live: it stays in memory.
    for (const item of [...still, ...leaving]) {
      if (item.held && unchanged(item)) delete this.state[item.collection]?.[item.key]
    }
    if (still.length > 0 && this.database.engine === 'sqlite') {
      // The freed pages go back to the file system, and the write-ahead log is folded in and cut short.
      await this.database.query('PRAGMA incremental_vacuum')
      await this.database.query('PRAGMA wal_checkpoint(TRUNCATE)')
    }
    return still.length
  }

  /** Writes what is pending, then closes the database. */
  async close(): Promise<void> {
    try {
      await this.flush()
    } finally {
      await this.database.close()
    }
  }

  private async write(): Promise<void> {
    if (this.dirty.size === 0) return
    const batch = [...this.dirty]
    this.dirty.clear()
    const now = Date.now()
    try {
      await this.database.transaction(async (tx) => {
        for (const id of batch) {
          const [collection = '', key = ''] = id.split(SEP)
          const entry = this.state[collection]?.[key]
          if (entry === undefined) {
            await tx.query('DELETE FROM state_entries WHERE store = ? AND collection = ? AND entry_key = ?', [
              this.definition.name,
              collection,
              key,
            ])
            continue
          }
          await tx.query(UPSERT, rowOf(this.definition, collection, key, entry, now))
        }
      })
      this.failure = undefined
    } catch (error) {
      for (const id of batch) this.dirty.add(id)
      this.failure = error
      throw new ServiceError(
        `Could not save state to ${this.database.location}: ${error instanceof Error ? error.message : String(error)}`,
        { code: 'STATE_NOT_SAVED', cause: error },
      )
    }
  }
}
