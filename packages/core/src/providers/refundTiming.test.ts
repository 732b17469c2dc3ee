import { describe, expect, it } from 'vitest'
import type { Manifest } from '../config/manifest.ts'
import { estimateRefundOpensAt, refundDeadline, refundOpensAtFromHead } from './refundTiming.ts'

// The devnet's chains B (2 s blocks, 4 confirmations) and C (3 s blocks, 3 confirmations).
const manifest = {
  chains: [
    { id: 1337002, name: 'Local Chain B', blockTime: 2, confirmations: 4 },
    { id: 1337003, name: 'Local Chain C', blockTime: 3, confirmations: 3 },
  ],
} as unknown as Manifest
const toward = (chainId: number, deadline: number) => ({
  data: { fillDeadline: deadline },
  destination: { token: { chainId } },
})

describe('when an escrow refund really opens', () => {
  it('is not the deadline: a block past it, then the finality depth on the destination', () => {
    const deadline = 1_795_651_253
    // B: at most one 2 s block past the deadline, 4 more to be final, the attester's round: 11 s.
    expect(estimateRefundOpensAt(toward(1337002, deadline) as never, manifest)).toBe(deadline + 11)
    // C: 3 s + 3 × 3 s + 1 s.
    expect(estimateRefundOpensAt(toward(1337003, deadline) as never, manifest)).toBe(deadline + 13)
  })

  it("is the chain's own time once its blocks are known (measured on the devnet: ready 10.9 s after on B)", () => {
    const deadline = 1_795_651_253
    const b = { blockTime: 2, finality: 4 }
    // Block 64 at …255 was the first past the deadline; final at block 68 (…263); ready about 263.9.
    expect(refundOpensAtFromHead(deadline, { timestamp: deadline - 2 }, b)).toBe(deadline + 11)
    expect(refundOpensAtFromHead(deadline, { timestamp: deadline + 2 }, b)).toBe(deadline + 11)
    expect(refundOpensAtFromHead(deadline, { timestamp: deadline + 10 }, b)).toBe(deadline + 11)
    // C: the first block past the deadline at +1 (measured: ready 10.6 s after the deadline).
    const c = { blockTime: 3, finality: 3 }
    expect(refundOpensAtFromHead(1_795_651_300, { timestamp: 1_795_651_301 }, c)).toBe(1_795_651_311)
    expect(refundOpensAtFromHead(1_795_651_300, { timestamp: 1_795_651_310 }, c)).toBe(1_795_651_311)
  })

  it('reads the deadline from the tracking data, else the refundable time; none without either', () => {
    expect(refundDeadline({ data: { deadline: 5 } })).toBe(5)
    expect(refundDeadline({ data: {}, refundableAfter: 7 })).toBe(7)
    expect(refundDeadline({})).toBeUndefined()
    expect(estimateRefundOpensAt({ destination: { token: { chainId: 1 } } } as never, manifest)).toBeUndefined()
  })
})
