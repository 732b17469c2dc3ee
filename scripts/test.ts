import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestCounts } from './playwrightCounts.ts'

/**
 * Every test: Vitest's projects (unit, contracts, integration), then the browser tests on Playwright's runner.
 * Each runner writes its counts to a file (scripts/summaryReporter.ts, scripts/playwrightCounts.ts); this prints
 * one `Tests:` line for both and fails when either runner did.
 */
const runners = [
  { name: 'vitest', command: ['vitest', 'run'] },
  { name: 'playwright', command: ['playwright', 'test'] },
] as const

const dir = mkdtempSync(join(tmpdir(), 'multibridge-test-'))

function run(command: readonly string[], countsFile: string): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn('npx', ['--no-install', ...command], {
      stdio: 'inherit',
      env: { ...process.env, TEST_COUNTS_FILE: countsFile },
    })
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)))
    child.on('error', () => resolve(1))
  })
}

function readCounts(file: string): TestCounts | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as TestCounts
  } catch {
    return undefined
  }
}

const total: TestCounts = { passed: 0, failed: 0, skipped: 0 }
let exitCode = 0
try {
  for (const runner of runners) {
    const file = join(dir, `${runner.name}.json`)
    const code = await run(runner.command, file)
    // A runner that ended without counting (it crashed, or could not start) is a failure.
    const counts = readCounts(file) ?? { passed: 0, failed: 1, skipped: 0 }
    if (code !== 0 && counts.failed === 0) counts.failed = 1
    total.passed += counts.passed
    total.failed += counts.failed
    total.skipped += counts.skipped
    if (code !== 0) exitCode = code
  }
} finally {
  rmSync(dir, { recursive: true, force: true })
}
process.stdout.write(`\nTests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped\n`)
process.exit(exitCode !== 0 || total.failed > 0 ? exitCode || 1 : 0)
