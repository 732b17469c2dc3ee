import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { summaryLines, type TestCounts } from './testCounts.ts'

/**
 * Every check and test after the quick gates of `npm test` (lockfile, contracts, lint), in three lanes that run at
 * the same time:
 * - `typecheck`, then `layers`: the type check and the import boundaries (CPU for about two minutes);
 * - `vitest`: Vitest's projects (unit, contracts, integration);
 * - `e2e`: the browser tests on Playwright's runner, which build the app and start their own network.
 * Most of the time of the test lanes is spent waiting for blocks, deadlines and restarts on local chains, so the
 * lanes finish in little more than the longest one, and the checks, which only compute, no longer hold the tests
 * back (docs/measurements.md). Each line a step prints is prefixed with
 * its name. Each test runner writes its counts to a file (scripts/summaryReporter.ts, scripts/playwrightCounts.ts);
 * this prints, for both, the failed tests, the slowest suites and one `Tests:` line, and fails when any step did.
 */
type Step = { name: string; command: readonly string[]; countsTests: boolean }

const lanes: readonly (readonly Step[])[] = [
  [
    { name: 'typecheck', command: ['npm', 'run', '--silent', 'typecheck'], countsTests: false },
    { name: 'layers', command: ['npm', 'run', '--silent', 'check:layers'], countsTests: false },
  ],
  [{ name: 'vitest', command: ['npx', '--no-install', 'vitest', 'run'], countsTests: true }],
  [{ name: 'e2e', command: ['npx', '--no-install', 'playwright', 'test'], countsTests: true }],
]

type Outcome = { step: Step; code: number; seconds: number; counts?: TestCounts }

const dir = mkdtempSync(join(tmpdir(), 'multibridge-test-'))
const width = Math.max(...lanes.flat().map((step) => step.name.length))

function prefixLines(stream: NodeJS.ReadableStream, prefix: string, out: NodeJS.WritableStream) {
  createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY }).on('line', (line) => {
    out.write(`${prefix}${line}\n`)
  })
}

function run(step: Step): Promise<Outcome> {
  const started = Date.now()
  const countsFile = join(dir, `${step.name}.json`)
  return new Promise((resolve) => {
    const finish = (code: number) => {
      const seconds = (Date.now() - started) / 1000
      if (!step.countsTests) return resolve({ step, code, seconds })
      // A runner that ended without counting (it crashed, or could not start) is a failure.
      const counts = readCounts(countsFile) ?? { passed: 0, failed: 1, skipped: 0 }
      if (code !== 0 && counts.failed === 0) counts.failed = 1
      resolve({ step, code, seconds, counts })
    }
    const child = spawn(step.command[0]!, step.command.slice(1), {
      stdio: ['ignore', 'pipe', 'pipe'],
      // Colours stay on when the terminal has them, although the runners write to a pipe here.
      env: {
        ...process.env,
        TEST_COUNTS_FILE: countsFile,
        ...(process.stdout.isTTY && !process.env.NO_COLOR ? { FORCE_COLOR: '1' } : {}),
      },
    })
    const prefix = `${step.name.padEnd(width)} │ `
    prefixLines(child.stdout, prefix, process.stdout)
    prefixLines(child.stderr, prefix, process.stderr)
    child.on('close', (code, signal) => finish(code ?? (signal ? 1 : 0)))
    child.on('error', () => finish(1))
  })
}

function readCounts(file: string): TestCounts | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as TestCounts
  } catch {
    return undefined
  }
}

async function runLane(lane: readonly Step[]): Promise<Outcome[]> {
  const outcomes: Outcome[] = []
  // A failed check does not stop the tests after it: one run shows every problem.
  for (const step of lane) outcomes.push(await run(step))
  return outcomes
}

const started = Date.now()
let outcomes: Outcome[]
try {
  outcomes = (await Promise.all(lanes.map(runLane))).flat()
} finally {
  rmSync(dir, { recursive: true, force: true })
}

const total: Required<TestCounts> = { passed: 0, failed: 0, skipped: 0, failures: [], suites: {} }
for (const { step, counts } of outcomes) {
  if (!counts) continue
  total.passed += counts.passed
  total.failed += counts.failed
  total.skipped += counts.skipped
  total.failures.push(...(counts.failures ?? []).map((name) => `${step.name}: ${name}`))
  Object.assign(total.suites, counts.suites)
}
const failedSteps = outcomes.filter((outcome) => outcome.code !== 0).map((outcome) => outcome.step.name)
const times = outcomes.map((outcome) => `${outcome.step.name} ${outcome.seconds.toFixed(0)} s`).join(', ')
process.stdout.write(`\nSteps: ${times}; all in ${((Date.now() - started) / 1000).toFixed(0)} s\n`)
if (failedSteps.length > 0) process.stdout.write(`Failed: ${failedSteps.join(', ')}\n`)
process.stdout.write(`${summaryLines(total).join('\n')}\n`)
// Not process.exit(): stdout into a pipe is written asynchronously, and the summary must not be cut off.
process.exitCode = failedSteps.length > 0 || total.failed > 0 ? 1 : 0
