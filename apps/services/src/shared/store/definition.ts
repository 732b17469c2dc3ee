import { MultiBridgeError } from '@multi-bridge/core'
import type { z } from 'zod'
import type { ServiceErrorCode } from '../errors.ts'

/** State that cannot be trusted: the service refuses to start rather than sign or fill twice. */
export class CorruptStateError extends MultiBridgeError<ServiceErrorCode> {
  override name = 'CorruptStateError'

  constructor(
    readonly location: string,
    cause: unknown,
  ) {
    super(
      `State ${location} cannot be read (${cause instanceof Error ? cause.message : String(cause)}). ` +
        'Refusing to start: starting over could sign or fill twice. Inspect or move it away.',
      { code: 'CORRUPT_STATE', cause },
    )
  }
}

/** A service's state: named collections of entries by key (orders, intents…, and the log cursors). */
export type Collections = { [collection: string]: Record<string, unknown> }

export type StoreDefinition<State extends Collections> = {
  /** The service instance whose rows these are (`solver`, `attester-2`…): several can share one database. */
  name: string
  empty: () => State
  /**
   * Every entry's shape. A database that holds one malformed entry (a hand edit, another version's rows) is refused
   * at start, naming the entry, instead of failing every round that reads it.
   */
  schema?: z.ZodType<State> | undefined
  /**
   * Since when (ms) an entry has been settled and final: nothing will change it or ask about it any more, so it may
   * be pruned once the retention window has passed. Undefined while it is live. `writtenAt` is now, as it is written.
   */
  settledAt?: ((collection: string, entry: unknown, writtenAt: number) => number | undefined) | undefined
  /**
   * Saves of this many milliseconds go in one transaction (default 0: each change is written at once). Whatever the
   * setting, a change is in the database only once a `flush()` has resolved: an operation awaits it before anything
   * it decided leaves the process (an answer, a transaction).
   */
  coalesceMs?: number | undefined
}

export type PruneParameters = {
  now: number
  retentionMs: number
  /** Most entries pruned in one call. */
  limit?: number | undefined
  /**
   * A last check before an entry goes (the attester asks the chain); false keeps it for another window, `'cold'` too
   * but in the database only: it leaves memory, is not loaded at start, and is read from there when asked
   * (`StateStore.cold`), until a later check lets it go.
   */
  confirm?: ((collection: string, key: string, entry: unknown) => Promise<PruneOutcome>) | undefined
}

/** What a pruning check says of an entry: true, it goes; false, it stays; `'cold'`, it stays in the database only. */
export type PruneOutcome = boolean | 'cold'
