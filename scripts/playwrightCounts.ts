import { writeFileSync } from 'node:fs'
import type { FullResult, Reporter, Suite, TestError } from '@playwright/test/reporter'

export type TestCounts = { passed: number; failed: number; skipped: number }

/**
 * Counts the browser tests the way scripts/summaryReporter.ts counts Vitest's, and writes them as JSON to
 * $TEST_COUNTS_FILE (scripts/test.ts adds them up); without it, prints the same `Tests:` line itself.
 */
export default class PlaywrightCounts implements Reporter {
  private suite: Suite | undefined
  private errors = 0

  printsToStdio() {
    return false
  }

  onBegin(_config: unknown, suite: Suite) {
    this.suite = suite
  }

  onError(_error: TestError) {
    this.errors++
  }

  onEnd(result: FullResult) {
    const counts: TestCounts = { passed: 0, failed: 0, skipped: 0 }
    for (const test of this.suite?.allTests() ?? []) {
      const outcome = test.outcome()
      if (outcome === 'expected' || outcome === 'flaky') counts.passed++
      else if (outcome === 'unexpected') counts.failed++
      else counts.skipped++
    }
    // Errors outside any test (global setup, a file that does not load) count as failures too.
    counts.failed += this.errors
    if (result.status !== 'passed' && counts.failed === 0) counts.failed++
    const file = process.env.TEST_COUNTS_FILE
    if (file) writeFileSync(file, JSON.stringify(counts))
    else process.stdout.write(`\nTests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`)
  }
}
