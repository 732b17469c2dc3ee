import { describe, expect, it } from 'vitest'
import { summaryLines } from './testCounts.ts'

describe("npm test's summary", () => {
  it('lists the failures, the slowest suites, the time by project, then one Tests line', () => {
    const lines = summaryLines({
      passed: 5,
      failed: 1,
      skipped: 0,
      failures: ['e2e: e2e/swap.spec.ts › swaps'],
      suites: {
        'e2e/swap.spec.ts': 120,
        'e2e/receipt.spec.ts': 60,
        'vitest unit packages/core/src/a.test.ts': 2,
        'vitest integration packages/core/test/swap.test.ts': 200,
      },
    })
    expect(lines[0]).toBe('Failed tests:')
    expect(lines).toContain('Time by project (its suites, the sum of their own times):')
    const projects = lines.slice(lines.indexOf('Time by project (its suites, the sum of their own times):') + 1, -1)
    expect(projects.map((line) => line.trim().replace(/\s+/g, ' '))).toEqual([
      'vitest integration 200 s in 1 suite',
      'e2e 180 s in 2 suites',
      'vitest unit 2 s in 1 suite',
    ])
    expect(lines.at(-1)).toBe('Tests: 5 passed, 1 failed, 0 skipped')
  })
})
