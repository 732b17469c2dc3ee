import { MultiBridgeError } from '@multi-bridge/core'
import type { ServiceErrorCode } from './errors.ts'

/** A read that did not answer within its deadline. It keeps its slot in the pool until it settles. */
export class ReadTimeoutError extends MultiBridgeError<ServiceErrorCode> {
  override name = 'ReadTimeoutError'

  constructor(timeoutMs: number) {
    super(`no answer within ${timeoutMs} ms`, { code: 'READ_TIMEOUT' })
  }
}

export type ReadPool = {
  /** Slots not held by a read, answered or abandoned. */
  readonly free: number
  /**
   * Runs `read` in a slot, rejecting with ReadTimeoutError after `timeoutMs`. The slot is given back only when the
   * read itself settles: a chain whose reads hang holds at most the pool's size of them, however many are asked.
   */
  run: <T>(read: () => Promise<T>, timeoutMs: number) => Promise<T>
}

/** A bounded pool of reads against one chain. */
export function createReadPool(size: number): ReadPool {
  let held = 0
  return {
    get free() {
      return size - held
    },
    run<T>(read: () => Promise<T>, timeoutMs: number): Promise<T> {
      held++
      const settled = read().finally(() => {
        held--
      })
      let timer: ReturnType<typeof setTimeout> | undefined
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new ReadTimeoutError(timeoutMs)), timeoutMs)
      })
      return Promise.race([settled, deadline]).finally(() => clearTimeout(timer))
    },
  }
}

export type RoundOutcome = { done: number; failed: number; timedOut: boolean; skipped: number }

/**
 * Runs `tasks` through `pool`, as many at a time as it has free slots, each with its own deadline. After the first
 * time-out no more are started this round (their chain is not answering: the rest would only wait too); the
 * skipped ones run next round. A failing task is reported to `onError` and does not stop the others.
 */
export async function runRound(
  tasks: readonly (() => Promise<void>)[],
  pool: ReadPool,
  timeoutMs: number,
  onError: (index: number, error: unknown) => void,
): Promise<RoundOutcome> {
  const outcome: RoundOutcome = { done: 0, failed: 0, timedOut: false, skipped: 0 }
  let next = 0
  const worker = async () => {
    while (!outcome.timedOut && next < tasks.length) {
      const index = next++
      try {
        await pool.run(tasks[index]!, timeoutMs)
        outcome.done++
      } catch (error) {
        if (error instanceof ReadTimeoutError) outcome.timedOut = true
        else outcome.failed++
        onError(index, error)
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(pool.free, tasks.length) }, worker))
  outcome.skipped = tasks.length - next
  return outcome
}
