import { writeFileSync } from 'node:fs'
import type { Reporter, TestModule } from 'vitest/node'

/**
 * Ends the run with a plain `Tests: N passed, N failed, N skipped` line that any CI log reader
 * understands, after Vitest's own summary. With $TEST_COUNTS_FILE set, writes the counts there as JSON instead
 * (scripts/test.ts adds the browser tests' and prints one line for all).
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>) {
    let passed = 0
    let failed = 0
    let skipped = 0
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state
        if (state === 'passed') passed++
        else if (state === 'failed') failed++
        else skipped++
      }
      // A file that failed to load (syntax error, failed beforeAll) counts as a failure too.
      if (module.state() === 'failed' && [...module.children.allTests()].every((t) => t.result().state !== 'failed')) {
        failed++
      }
    }
    failed += unhandledErrors.length
    const file = process.env.TEST_COUNTS_FILE
    if (file) writeFileSync(file, JSON.stringify({ passed, failed, skipped }))
    else process.stdout.write(`\nTests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`)
  }
}
