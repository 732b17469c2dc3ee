import { describe, expect, it } from 'vitest'
import { createReadPool, ReadTimeoutError, runRound } from './readPool.ts'

/** A read that answers only when the test says so, like an `eth_call` to a node that hangs. */
function heldRead() {
  let answer: () => void = () => undefined
  const started = { count: 0 }
  const read = () => {
    started.count++
    return new Promise<void>((resolve) => {
      answer = resolve
    })
  }
  return { read, started, answer: () => answer() }
}

describe('reads against one chain', () => {
  it('times a read out, and keeps its slot until the read itself settles', async () => {
    const pool = createReadPool(2)
    const held = heldRead()
    await expect(pool.run(held.read, 10)).rejects.toBeInstanceOf(ReadTimeoutError)
    expect(pool.free).toBe(1)
    held.answer()
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(pool.free).toBe(2)
  })

  it('after the first time-out of a round, starts no more of its tasks; a hanging chain holds at most the pool', async () => {
    const pool = createReadPool(4)
    let started = 0
    const hang = () => {
      started++
      return new Promise<void>(() => undefined)
    }
    const tasks = Array.from({ length: 100 }, () => hang)
    const errors: unknown[] = []
    const first = await runRound(tasks, pool, 10, (_, error) => errors.push(error))
    expect(first).toMatchObject({ timedOut: true, done: 0, skipped: 96 })
    expect(started).toBe(4)
    expect(errors).toHaveLength(4)
    // The next round finds every slot still held by a hanging read: it starts nothing.
    const second = await runRound(tasks, pool, 10, () => undefined)
    expect(second).toMatchObject({ timedOut: false, done: 0, skipped: 100 })
    expect(started).toBe(4)
  })

  it('runs every task of a chain that answers, a failure staying with its task', async () => {
    const pool = createReadPool(3)
    const ran: number[] = []
    const tasks = Array.from({ length: 10 }, (_, i) => async () => {
      ran.push(i)
      if (i === 4) throw new Error('reverted')
    })
    const failed: number[] = []
    const outcome = await runRound(tasks, pool, 1_000, (index) => failed.push(index))
    expect(outcome).toEqual({ done: 9, failed: 1, timedOut: false, skipped: 0 })
    expect(ran.sort((x, y) => x - y)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
    expect(failed).toEqual([4])
  })
})
