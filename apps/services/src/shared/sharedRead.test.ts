import { describe, expect, it } from 'vitest'
import { sharedRead } from './context.ts'

/** A read whose answers the test hands out one by one, counting the calls. */
function controlledRead() {
  const pending: { resolve: (value: number) => void; reject: (error: Error) => void }[] = []
  let calls = 0
  const read = () =>
    new Promise<number>((resolve, reject) => {
      calls++
      pending.push({ resolve, reject })
    })
  return { read, pending, calls: () => calls }
}

describe('sharedRead', () => {
  it('makes one call for callers that ask while it is in flight, and hands each the same answer', async () => {
    const source = controlledRead()
    const head = sharedRead(source.read, 250)
    const first = head()
    const second = head()
    expect(source.calls()).toBe(1)
    source.pending[0]!.resolve(7)
    expect(await Promise.all([first, second])).toEqual([7, 7])
  })

  it('hands a fresh answer out within its age, and reads again once it is older', async () => {
    const source = controlledRead()
    let now = 1_000
    const realNow = Date.now
    Date.now = () => now
    try {
      const head = sharedRead(source.read, 250)
      const first = head()
      source.pending[0]!.resolve(7)
      expect(await first).toBe(7)
      now += 249
      expect(await head()).toBe(7)
      expect(source.calls()).toBe(1)
      now += 1
      const third = head()
      expect(source.calls()).toBe(2)
      source.pending[1]!.resolve(8)
      expect(await third).toBe(8)
    } finally {
      Date.now = realNow
    }
  })

  it('keeps no failure: the next caller reads again', async () => {
    const source = controlledRead()
    const head = sharedRead(source.read, 250)
    const failed = head()
    source.pending[0]!.reject(new Error('RPC down'))
    await expect(failed).rejects.toThrow('RPC down')
    const next = head()
    expect(source.calls()).toBe(2)
    source.pending[1]!.resolve(9)
    expect(await next).toBe(9)
  })
})
