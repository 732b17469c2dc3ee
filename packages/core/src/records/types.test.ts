import { describe, expect, it } from 'vitest'
import { isOverdue, type TrackedSwap } from './types.ts'

describe('isOverdue', () => {
  it('gives a swap its estimate and a grace before asking why it is late', () => {
    const swap = { depositedAt: 1_000, estimatedSeconds: 12 } as TrackedSwap
    expect(isOverdue(swap, 1_000 + 12 + 10)).toBe(false)
    expect(isOverdue(swap, 1_000 + 12 + 11)).toBe(true)
    // Restored from chain (no estimate of its own): 30 s and half of it.
    expect(isOverdue({ depositedAt: 1_000 } as TrackedSwap, 1_046)).toBe(true)
    expect(isOverdue({ depositedAt: 1_000 } as TrackedSwap, 1_044)).toBe(false)
  })
})
