import { ChainStalledError, createChainClock } from '@multi-bridge/core'
import { depositedSwap } from '@multi-bridge/core/test/swapRecords'
import { describe, expect, it } from 'vitest'
import { elapsedAgainstEstimate, problemText } from './swapStatus.ts'

/**
 * The destination chain stops making blocks while its RPC still answers (a sequencer outage; an anvil whose mining
 * stopped). Every look at the swap succeeds and reads the same old head. The client's `ChainClock` learns each
 * chain's time from the latest blocks it sees (`observe`); the screens' clock for that chain (`useChainTime` = device
 * time + offset) must keep running: "Waiting for", "Taking longer than usual" and the refund countdown never freeze.
 */
const B = 1337002 // the destination of `depositedSwap`
const T0 = 1_800_000_000 // the destination's last block, seconds
const swap = depositedSwap({
  // Mined on the origin (which still runs) two seconds before the destination's last block.
  depositedAt: T0 - 2,
  refundableAfter: T0 + 180,
  estimatedSeconds: 12,
})

describe('a destination chain that stopped making blocks', () => {
  it('does not freeze the swap’s elapsed time: ten minutes later it is "taking longer than usual"', () => {
    let deviceMs = (T0 + 1) * 1000
    const clock = createChainClock(() => deviceMs)
    // The tracker's looks, every few seconds for ten minutes: each reads the same latest block of B.
    for (let second = 1; second <= 600; second += 5) {
      deviceMs = (T0 + second) * 1000
      clock.observe(B, T0)
    }
    // What SwapRowNotes / the progress dialog compute: the device's time read on B's clock.
    const now = Math.floor(deviceMs / 1000) + clock.offset(B)
    const timing = elapsedAgainstEstimate(swap, now)
    expect(timing?.elapsed).toBeGreaterThanOrEqual(590)
    expect(timing?.late).toBe(true)
  })
})

describe('the tracker’s word for a destination that answers but makes no new block', () => {
  it('is said on the swap’s row from its first look: which network, for how long', () => {
    const problem = { error: new ChainStalledError(B, 'Local Chain B', 10), since: Date.now(), failures: 1 }
    expect(problemText(problem, 'Intent Bridge')).toEqual({
      message: '{{network}} has made no new block for {{minutes}} min',
      values: { network: 'Local Chain B', minutes: 10 },
    })
  })
})
