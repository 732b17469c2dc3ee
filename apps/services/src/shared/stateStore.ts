import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs'
import { dirname } from 'node:path'

export class CorruptStateError extends Error {
  constructor(
    readonly path: string,
    cause: unknown,
  ) {
    super(
      `State file ${path} cannot be read (${cause instanceof Error ? cause.message : String(cause)}). ` +
        'Refusing to start: starting over could sign or fill twice. Inspect or move the file away.',
    )
    this.name = 'CorruptStateError'
  }
}

/**
 * A service's progress on disk: one JSON document, replaced atomically (write, fsync, rename) on
 * every save, so a crash leaves either the old or the new state, never half of one.
 */
export class JsonStateStore<State extends object> {
  private state: State

  constructor(
    readonly path: string,
    initial: () => State,
  ) {
    if (existsSync(path)) {
      try {
        this.state = JSON.parse(readFileSync(path, 'utf8')) as State
      } catch (error) {
        throw new CorruptStateError(path, error)
      }
      if (typeof this.state !== 'object' || this.state === null) throw new CorruptStateError(path, 'not an object')
    } else {
      this.state = initial()
    }
  }

  get value(): State {
    return this.state
  }

  /** Applies `change` to the state and persists it before returning. */
  update(change: (state: State) => void): void {
    change(this.state)
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
