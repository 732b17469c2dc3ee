import type { Reporter, TestModule } from 'vitest/node'

/**
 * Ends the run with a plain `Tests: N passed, N failed, N skipped` line that any CI log reader
 * understands, after Vitest's own summary.
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
    process.stdout.write(`\nTests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`)
  }
}
