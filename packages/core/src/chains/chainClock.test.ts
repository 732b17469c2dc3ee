import { describe, expect, it } from 'vitest'
import { createChainClock, IN_STEP_SECONDS } from './chainClock.ts'

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
