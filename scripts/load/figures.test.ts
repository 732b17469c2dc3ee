import { describe, expect, it } from 'vitest'
import { type Fault, readableMs } from './figures.ts'
import type { LatencySample } from './latency.ts'
import type { LoadItem } from './orders.ts'

// The attesters' figure leaves out only the time an item's own chain could not be read by anyone: what a cut of the
// chain delays elsewhere still counts.
const chain = (index: number) => ({ index }) as LoadItem['origin']
const item = (origin: number, destination: number) =>
  ({ n: 1, kind: 'intent', origin: chain(origin), destination: chain(destination) }) as LoadItem
const sample = (finalAt: number, answeredAt: number): LatencySample => ({
  n: 1,
  kind: 'intent',
  ms: answeredAt - finalAt,
  finalAt,
  answeredAt,
})
const cut: Fault = { kind: 'rpc', from: 10_000, to: 25_000 }
const killed: Fault = { kind: 'attester', from: 10_000, to: 16_000 }

describe("the attesters' decision time while the item's chains could be read", () => {
  it('leaves out the part of the cut an item on the cut chain waited through', () => {
    // Final 2 s before the cut, answered 3 s after it: 20 s, of which 15 s nobody could read the chain.
    expect(readableMs([cut], item(1, 0), sample(8_000, 28_000))).toBe(5_000)
    // Final during the cut: only the time after the chain came back counts.
    expect(readableMs([cut], item(2, 1), sample(20_000, 27_500))).toBe(2_500)
  })

  it('counts all of it for an item on the chains in sight, and for the attester stopped (two others answer)', () => {
    expect(readableMs([cut], item(0, 2), sample(8_000, 28_000))).toBe(20_000)
    expect(readableMs([killed], item(1, 0), sample(8_000, 28_000))).toBe(20_000)
  })

  it('counts all of it when the item was decided before or became final after the cut', () => {
    expect(readableMs([cut], item(1, 0), sample(2_000, 9_000))).toBe(7_000)
    expect(readableMs([cut], item(1, 0), sample(26_000, 30_000))).toBe(4_000)
  })
})
