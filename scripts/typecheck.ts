/**
 * `npm run typecheck`: three TypeScript programs instead of one per folder, two at a time, on TypeScript 7's native
 * compiler (`typescript-native`: about 30 s of CPU for the three, against about 250 s on TypeScript 5.9's). The
 * browser code (apps/web, packages/core) is checked without node's types; everything that runs in node is one
 * program, so viem's and the packages' types are read once. TypeScript 5.9 (`typescript`) stays for the tools that
 * read TypeScript through its JavaScript API (dependency-cruiser in `check:layers`); both packages name a `tsc`, so
 * this resolves the native one by its package, never by `node_modules/.bin`.
 */
import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { availableParallelism } from 'node:os'
import { dirname, join } from 'node:path'

// The package exports no `bin/tsc`: found beside its package.json.
const tsc = join(dirname(createRequire(import.meta.url).resolve('typescript-native/package.json')), 'bin', 'tsc')
const programs = ['tsconfig.check.json', 'apps/web/tsconfig.json', 'packages/core/tsconfig.json']

function check(project: string): Promise<{ project: string; ok: boolean; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '--noEmit', '-p', project], { stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.on('close', (code) => resolve({ project, ok: code === 0, output }))
  })
}

const queue = [...programs]
const results: Awaited<ReturnType<typeof check>>[] = []
await Promise.all(
  Array.from({ length: Math.min(2, availableParallelism(), programs.length) }, async () => {
    for (let project = queue.shift(); project; project = queue.shift()) results.push(await check(project))
  }),
)
for (const result of results) {
  if (result.output.trim()) process.stdout.write(result.output)
  console.log(`${result.ok ? '✔' : '✘'} tsc -p ${result.project}`)
}
process.exit(results.every((result) => result.ok) ? 0 : 1)
