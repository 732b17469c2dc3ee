import { describe, expect, it } from 'vitest'
import { pruneOrphans } from './orphans.ts'

describe('orphan events (a fill or release whose order the attester has not seen)', () => {
  it('drops those past their time to live', () => {
    const orphans = { a: { seenAt: 0 }, b: { seenAt: 500 }, c: { seenAt: 1_000 } }
    expect(pruneOrphans(orphans, 1_400, { ttlMs: 1_000, max: 10 })).toBe(1)
    expect(Object.keys(orphans)).toEqual(['b', 'c'])
  })

  it('keeps at most `max`, the newest, however many an attacker creates', () => {
    const orphans: Record<string, { seenAt: number }> = {}
    for (let i = 0; i < 1_000; i++) orphans[`o${i}`] = { seenAt: (i * 7919) % 1_000 }
    expect(pruneOrphans(orphans, 1_000, { ttlMs: 60_000, max: 25 })).toBe(975)
    const kept = Object.values(orphans).map((o) => o.seenAt)
    expect(kept).toHaveLength(25)
    expect(Math.min(...kept)).toBe(975)
  })

  it('leaves a small, fresh set alone', () => {
    const orphans = { a: { seenAt: 10 } }
    expect(pruneOrphans(orphans, 20, { ttlMs: 1_000, max: 5 })).toBe(0)
    expect(orphans).toEqual({ a: { seenAt: 10 } })
  })
})
