import { writeFileSync } from 'node:fs'

/** What a test runner's reporter hands `scripts/test.ts`: its counts, the tests that failed, where the time went. */
export type TestCounts = {
  passed: number
  failed: number
  skipped: number
  /** The failed tests, each as `file › title` (a runner's own summary may be far up a long log). */
  failures?: string[]
  /** Seconds per suite (a Vitest test file, a Playwright spec file), the sum of its tests' own times. */
  suites?: Record<string, number>
}

/** The slowest suites shown at the end of a run. */
const SUITES_SHOWN = 12

/** Writes the counts to $TEST_COUNTS_FILE for `scripts/test.ts`, or prints them when a runner runs on its own. */
export function reportCounts(counts: TestCounts) {
  const file = process.env.TEST_COUNTS_FILE
  if (file) writeFileSync(file, JSON.stringify(counts))
  else process.stdout.write(`\n${summaryLines(counts).join('\n')}\n`)
}

/** The lines that end a run: the failed tests, the slowest suites, and one `Tests:` line any CI log reader knows. */
export function summaryLines(counts: TestCounts): string[] {
  const lines: string[] = []
  if (counts.failures?.length) lines.push('Failed tests:', ...counts.failures.map((name) => `  ✗ ${name}`))
  const suites = Object.entries(counts.suites ?? {}).sort(([, a], [, b]) => b - a)
  if (suites.length > 0) {
    const shown = suites.slice(0, SUITES_SHOWN)
    const width = Math.max(...shown.map(([name]) => name.length))
    lines.push(
      `Slowest suites (of ${suites.length}; the sum of their own times):`,
      ...shown.map(([name, seconds]) => `  ${name.padEnd(width)}  ${seconds.toFixed(0).padStart(5)} s`),
    )
  }
  const projects = projectTimes(suites)
  if (projects.length > 0) {
    const width = Math.max(...projects.map(([name]) => name.length))
    lines.push(
      'Time by project (its suites, the sum of their own times):',
      ...projects.map(
        ([name, { seconds, count }]) =>
          `  ${name.padEnd(width)}  ${seconds.toFixed(0).padStart(6)} s in ${count} suite${count === 1 ? '' : 's'}`,
      ),
    )
  }
  lines.push(`Tests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`)
  return lines
}

/**
 * The suites' times summed by project ("vitest unit", "vitest integration", "e2e"), largest first: where a run's time
 * goes, before which file.
 */
function projectTimes(suites: [string, number][]): [string, { seconds: number; count: number }][] {
  const projects = new Map<string, { seconds: number; count: number }>()
  for (const [name, seconds] of suites) {
    const project = name.startsWith('vitest ') ? name.split(' ').slice(0, 2).join(' ') : (name.split('/')[0] ?? name)
    const sum = projects.get(project) ?? { seconds: 0, count: 0 }
    projects.set(project, { seconds: sum.seconds + seconds, count: sum.count + 1 })
  }
  return [...projects].sort(([, a], [, b]) => b.seconds - a.seconds)
}

/** Adds `seconds` to `suite`'s time in `suites`. */
export function addTime(suites: Record<string, number>, suite: string, seconds: number) {
  suites[suite] = (suites[suite] ?? 0) + seconds
}
