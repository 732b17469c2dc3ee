import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs'
import { dirname } from 'node:path'
import { BaseError } from '@multi-bridge/core'
import type { z } from 'zod'

const kind = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value)

/** A state file that cannot be trusted: the service refuses to start rather than sign or fill twice. */
export class CorruptStateError extends BaseError {
  override name = 'CorruptStateError'

  constructor(
    readonly path: string,
    cause: unknown,
  ) {
    super(
      `State file ${path} cannot be read (${cause instanceof Error ? cause.message : String(cause)}). ` +
        'Refusing to start: starting over could sign or fill twice. Inspect or move the file away.',
      { code: 'CORRUPT_STATE', cause },
    )
  }
}

export type StateStoreOptions<State = unknown> = {
  /**
   * Coalesce the saves of this many milliseconds into one (default 0: every update is on disk before
   * `update` returns). A store that coalesces must `flush()` before anything it holds leaves the
   * process (an answer, a transaction), so what was shown is never forgotten by a crash.
   */
  coalesceMs?: number
  /**
   * Every entry's shape. A file that parses but holds one malformed entry (a hand edit, another version's file)
   * is refused at start, naming the entry, instead of failing every round that reads it.
   */
  schema?: z.ZodType<State>
}

/** Where a schema issue is, as `intents.0x12….fillDeadline`. */
const entryPath = (path: readonly PropertyKey[]) => path.map(String).join('.') || '(the whole file)'

/**
 * A service's progress on disk: one JSON document, replaced atomically (write, fsync, rename) on
 * every save, so a crash leaves either the old or the new state, never half of one.
 */
export class JsonStateStore<State extends object> {
  private state: State
  private readonly coalesceMs: number
  private dirty = false
  private timer: ReturnType<typeof setTimeout> | undefined

  constructor(
    readonly path: string,
    initial: () => State,
    options: StateStoreOptions<State> = {},
  ) {
    this.coalesceMs = options.coalesceMs ?? 0
    const empty = initial()
    if (!existsSync(path)) {
      this.state = empty
      return
    }
    let parsed: unknown
    try {
      parsed = JSON.parse(readFileSync(path, 'utf8'))
    } catch (error) {
      throw new CorruptStateError(path, error)
    }
    if (kind(parsed) !== 'object') throw new CorruptStateError(path, `expected a JSON object, found ${kind(parsed)}`)
    // A file of the wrong shape (another service's, or truncated by hand) is as unsafe as unreadable.
    for (const [key, value] of Object.entries(empty)) {
      const found = kind((parsed as Record<string, unknown>)[key])
      if (found !== kind(value)) throw new CorruptStateError(path, `"${key}" should be ${kind(value)}, found ${found}`)
    }
    this.state = options.schema ? checked(path, options.schema, parsed) : (parsed as State)
  }

  get value(): State {
    return this.state
  }

  /** Applies `change` to the state and persists it: before returning, or within `coalesceMs`. */
  update(change: (state: State) => void): void {
    change(this.state)
    this.dirty = true
    if (this.coalesceMs <= 0) this.flush()
    else this.timer ??= setTimeout(() => this.flush(), this.coalesceMs)
  }

  /** Writes pending changes now (nothing when there are none). */
  flush(): void {
    if (this.timer) clearTimeout(this.timer)
    this.timer = undefined
    if (!this.dirty) return
    this.dirty = false
    this.save()
  }

  save(): void {
    mkdirSync(dirname(this.path), { recursive: true })
    const temporary = `${this.path}.tmp`
    const fd = openSync(temporary, 'w')
    try {
      writeSync(fd, JSON.stringify(this.state, null, 1))
      fsyncSync(fd)
    } finally {
      closeSync(fd)
    }
    renameSync(temporary, this.path)
  }
}

function checked<State>(path: string, schema: z.ZodType<State>, parsed: unknown): State {
  const result = schema.safeParse(parsed)
  if (result.success) return result.data
  const issue = result.error.issues[0]
  throw new CorruptStateError(
    path,
    `entry ${entryPath(issue?.path ?? [])} is malformed: ${issue?.message ?? 'unknown'}`,
  )
}
