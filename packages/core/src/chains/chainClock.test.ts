import { describe, expect, it } from 'vitest'
import { createChainClock, IN_STEP_SECONDS, MIN_STALL_SECONDS, STALL_BLOCKS } from './chainClock.ts'

describe('the chains’ clocks against this device’s', () => {
  const deviceNow = 1_800_000_000_000
  const clock = () => createChainClock(() => deviceNow)

  it('reads a device 15 minutes fast on the chain’s time: its blocks are 15 minutes behind', () => {
    const chains = clock()
    chains.observe(2, deviceNow / 1000 - 900)
    expect(chains.offset(2)).toBe(-900)
    // Each chain its own: another chain not seen yet is read on the device's clock.
    expect(chains.offset(3)).toBe(0)
  })

  it('takes clocks a block apart as in step, so that a countdown does not jump at each look', () => {
    const chains = clock()
    for (const lag of [0, 1, 12, IN_STEP_SECONDS - 1]) {
      chains.observe(2, BigInt(deviceNow / 1000 - lag))
      expect(chains.offset(2)).toBe(0)
    }
    chains.observe(2, deviceNow / 1000 + 3_600)
    expect(chains.offset(2)).toBe(3_600)
  })
})

describe('a chain that stops making blocks while its RPC still answers', () => {
  const T0 = 1_800_000_000
  it('keeps its time running with the device’s (the offset learnt), and says since when it stalled', () => {
    let deviceMs = (T0 + 1) * 1000
    // Local Chain C: 3 s blocks, so 5 blocks are 15 s, under the minute a stall needs at least.
    const clock = createChainClock(
      () => deviceMs,
      () => 3,
    )
    clock.observe(3, T0)
    expect(clock.offset(3)).toBe(0)
    deviceMs = (T0 + 1 + MIN_STALL_SECONDS) * 1000
    clock.observe(3, T0)
    // Not more than the limit yet; the offset is the one learnt (not the stale block's "-60").
    expect(clock.offset(3)).toBe(0)
    expect(clock.stalledSince(3)).toBeUndefined()
    deviceMs += 1000
    clock.observe(3, T0)
    expect(clock.stalledSince(3)).toBe(T0)
    expect(clock.offset(3)).toBe(0)
    // A new block: it makes blocks again.
    deviceMs += 1000
    clock.observe(3, T0 + 63)
    expect(clock.stalledSince(3)).toBeUndefined()
    expect(clock.offset(3)).toBe(0)
  })

  it('counts a few block times for a slow chain, and keeps a device’s known offset while the chain is stalled', () => {
    let deviceMs = (T0 + 900) * 1000
    // 30 s blocks: stalled after 5 of them. This device is 15 minutes fast.
    const clock = createChainClock(
      () => deviceMs,
      () => 30,
    )
    clock.observe(7, T0)
    expect(clock.offset(7)).toBe(-900)
    deviceMs += STALL_BLOCKS * 30 * 1000
    clock.observe(7, T0)
    expect(clock.stalledSince(7)).toBeUndefined()
    deviceMs += 1000
    clock.observe(7, T0)
    expect(clock.offset(7)).toBe(-900)
    // Since the block's time, on the device's clock.
    expect(clock.stalledSince(7)).toBe(T0 + 900)
    // A node behind (an older block) is not news either.
    clock.observe(7, T0 - 30)
    expect(clock.offset(7)).toBe(-900)
    expect(clock.stalledSince(7)).toBe(T0 + 900)
  })
})
