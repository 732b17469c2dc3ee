import { ServiceError } from '../errors.ts'
import type { Database } from './database.ts'
import type { Collections, PruneParameters, StoreDefinition } from './definition.ts'
import { draftOf, type Row, rowOf, stateFromRows, UPSERT } from './entries.ts'

export { type Collections, CorruptStateError, type PruneParameters, type StoreDefinition } from './definition.ts'

const SEP = '\u0000'
/** The last checks before pruning (`confirm`: a chain read for the attesters) that run at once. */
const CONFIRMS_AT_ONCE = 16

/**
 * A service's progress in its database (store/database.ts). All live entries are held in memory, where the service
 * reads them (`value`); `update` changes them through a draft that records which entries it set or deleted, and
 * `flush` writes exactly those in one transaction, so a crash leaves each change whole or not at all.
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
    const rows = await database.query<Row>('SELECT collection, entry_key, value FROM state_entries WHERE store = ?', [
      definition.name,
    ])
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
   * Deletes entries settled for longer than `retentionMs`, oldest first, in one transaction: from memory and from
   * the database. Gives how many went.
   */
  async prune({ now, retentionMs, limit = 1_000, confirm }: PruneParameters): Promise<number> {
    await this.flush()
    const { name } = this.definition
    const due = await this.database.query<{ collection: string; entry_key: string }>(
      `SELECT collection, entry_key FROM state_entries
        WHERE store = ? AND settled_at IS NOT NULL AND settled_at <= ?
        ORDER BY settled_at LIMIT ?`,
      [name, now - retentionMs, limit],
    )
    const gone: { collection: string; key: string; entry: unknown }[] = []
    const kept: { collection: string; key: string }[] = []
    // The last checks run CONFIRMS_AT_ONCE at a time: one after the other, a round of a thousand chain reads on a busy
    // node took a minute or two, and the attesters' pruning fell behind their load (load run of 27 Nov).
    for (let start = 0; start < due.length; start += CONFIRMS_AT_ONCE) {
      const batch = due.slice(start, start + CONFIRMS_AT_ONCE).map(({ collection, entry_key: key }) => {
        const entry = this.state[collection]?.[key]
        return { collection, key, entry }
      })
      const confirmed = await Promise.all(
        batch.map(({ collection, key, entry }) =>
          entry === undefined || !confirm ? true : confirm(collection, key, entry),
        ),
      )
      batch.forEach((item, index) => {
        if (confirmed[index]) gone.push(item)
        else kept.push(item)
      })
    }
    // A round may have changed an entry while `confirm` waited: that one is live again, and stays.
    const still = gone.filter(
      ({ collection, key, entry }) =>
        this.state[collection]?.[key] === entry && !this.dirty.has(`${collection}${SEP}${key}`),
    )
    if (still.length === 0 && kept.length === 0) return 0
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
    })
    for (const { collection, key } of still) delete this.state[collection]?.[key]
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
