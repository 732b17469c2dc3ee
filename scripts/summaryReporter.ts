import { relative } from 'node:path'
import type { Reporter, TestModule } from 'vitest/node'
import { addTime, reportCounts, type TestCounts } from './testCounts.ts'

/**
 * Ends the run with the failed tests, the slowest projects and a plain `Tests: N passed, N failed, N skipped` line
 * that any CI log reader understands, after Vitest's own summary. With $TEST_COUNTS_FILE set, writes them there as
 * JSON instead (scripts/test.ts adds the browser tests' and prints them for all).
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>) {
    const counts: Required<TestCounts> = { passed: 0, failed: 0, skipped: 0, failures: [], suites: {} }
    for (const module of testModules) {
      const file = relative(process.cwd(), module.moduleId)
      const time = module.diagnostic()
      const ms = time.environmentSetupDuration + time.prepareDuration + time.collectDuration + time.setupDuration
      addTime(counts.suites, `vitest ${module.project.name} ${file}`, (ms + time.duration) / 1000)
      for (const test of module.children.allTests()) {
        const state = test.result().state
        if (state === 'passed') counts.passed++
        else if (state === 'failed') {
          counts.failed++
          counts.failures.push(`${file} › ${test.fullName}`)
        } else counts.skipped++
      }
      // A file that failed to load (syntax error, failed beforeAll) counts as a failure too.
      if (module.state() === 'failed' && [...module.children.allTests()].every((t) => t.result().state !== 'failed')) {
        counts.failed++
        counts.failures.push(`${file} (the file itself)`)
      }
    }
    counts.failed += unhandledErrors.length
    if (unhandledErrors.length > 0)
      counts.failures.push(`${unhandledErrors.length} unhandled error(s), outside any test`)
    reportCounts(counts)
  }
}
