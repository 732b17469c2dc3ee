import type { FullResult, Reporter, Suite, TestError } from '@playwright/test/reporter'
import { addTime, reportCounts, type TestCounts } from './testCounts.ts'

/**
 * Counts the browser tests the way scripts/summaryReporter.ts counts Vitest's, with the failed ones and the time of
 * each spec file, and writes them as JSON to $TEST_COUNTS_FILE (scripts/test.ts adds them up); without it, prints
 * them itself.
 */
export default class PlaywrightCounts implements Reporter {
  private suite: Suite | undefined
  private errors: string[] = []

  printsToStdio() {
    return false
  }

  onBegin(_config: unknown, suite: Suite) {
    this.suite = suite
  }

  onError(error: TestError) {
    this.errors.push(`outside any test: ${(error.message ?? error.value ?? 'an error').split('\n')[0]}`)
  }

  onEnd(result: FullResult) {
    const counts: Required<TestCounts> = { passed: 0, failed: 0, skipped: 0, failures: [], suites: {} }
    for (const test of this.suite?.allTests() ?? []) {
      const file = `e2e/${test.location.file.split('/e2e/').at(-1)}`
      addTime(counts.suites, file, test.results.reduce((sum, run) => sum + run.duration, 0) / 1000)
      const outcome = test.outcome()
      if (outcome === 'expected' || outcome === 'flaky') counts.passed++
      else if (outcome === 'unexpected') {
        counts.failed++
        counts.failures.push(`${file}:${test.location.line} › ${test.titlePath().slice(3).join(' › ')}`)
      } else counts.skipped++
    }
    // Errors outside any test (global setup, a file that does not load) count as failures too.
    counts.failed += this.errors.length
    counts.failures.push(...this.errors)
    if (result.status !== 'passed' && counts.failed === 0) {
      counts.failed++
      counts.failures.push(`the run ended ${result.status}`)
    }
    reportCounts(counts)
  }
}
