/**
 * `npm run bench` (issue #5): measures what users feel and prints each figure beside its budget.
 * Builds the app and a bare wagmi + viem + React page, starts a fresh local network with its services,
 * drives Debian's Chromium, and writes `bench/results.json`. Not part of `npm test`: timings are judged
 * here, never asserted in tests.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { type Manifest, parseManifest } from '@multi-bridge/core'
import { type Network, startNetwork } from '@multi-bridge/services'
import type { Browser } from 'playwright-core'
import { build } from 'vite'
import { launchBrowser } from '../e2e/support/launchBrowser.ts'
import { startStaticServer } from '../e2e/support/staticServer.ts'
import { coldLoad, eagerScripts, gzipSize, median } from './browser.ts'
import { measureBrowserFlows } from './flows.ts'
import { measureQuoteOverhead, measureSolver, measureTokenSearch } from './node.ts'
import { type Figure, finish, printTable } from './report.ts'

const root = join(import.meta.dirname, '..')
const COLD_RUNS = Number(process.env.BENCH_COLD_RUNS ?? 15)

async function buildPages(outDir: string) {
  const app = join(outDir, 'app')
  const bare = join(outDir, 'bare')
  const webRoot = join(root, 'apps', 'web')
  await build({
    root: webRoot,
    configFile: join(webRoot, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir: app, emptyOutDir: true },
  })
  await build({
    root: join(import.meta.dirname, 'bare'),
    configFile: false,
    base: './',
    logLevel: 'error',
    build: { outDir: bare, emptyOutDir: true, target: 'es2022' },
  })
  return { app, bare }
}

async function measureLoads(browser: Browser, dist: { app: string; bare: string }, manifest: Manifest) {
  const figures: Figure[] = []
  const appServer = await startStaticServer({ distDir: dist.app, manifest })
  const bareServer = await startStaticServer({ distDir: dist.bare, manifest })
  try {
    const appTimes: number[] = []
    const bareTimes: number[] = []
    const loads: { bytes: number; scripts: string[] }[] = []
    for (let run = 0; run < COLD_RUNS; run++) {
      // Alternate, so that machine load drifts affect both pages alike.
      const app = await coldLoad(browser, new URL('#/', appServer.url).toString())
      const bare = await coldLoad(browser, bareServer.url)
      appTimes.push(app.interactiveMs)
      bareTimes.push(bare.interactiveMs)
      const bytes = app.scripts.reduce((sum, path) => sum + gzipSize(join(dist.app, path)), 0)
      loads.push({ bytes, scripts: app.scripts })
    }
    const sorted = [...loads].sort((a, b) => a.bytes - b.bytes)
    const [lightest, heaviest] = [sorted[0], sorted.at(-1)]
    // What the heaviest run fetched beyond the lightest: code that raced the form on a busy machine.
    const extra = heaviest?.scripts.filter((script) => !lightest?.scripts.includes(script)) ?? []
    const eager = eagerScripts(dist.app).reduce((sum, file) => sum + gzipSize(file), 0)
    const bareEager = eagerScripts(dist.bare).reduce((sum, file) => sum + gzipSize(file), 0)
    const ratio = median(appTimes) / median(bareTimes)
    figures.push(
      {
        id: 'eagerJs',
        label: 'Eager JS, first page (gzip)',
        value: eager / 1000,
        unit: 'kB',
        budget: 150,
        note: `bare wagmi page: ${(bareEager / 1000).toFixed(1)} kB`,
      },
      {
        id: 'jsBeforeInteractive',
        label: 'JS fetched before the swap form is interactive (gzip, worst run)',
        value: (heaviest?.bytes ?? Number.NaN) / 1000,
        unit: 'kB',
        budget: 200,
        note: `lightest run ${((lightest?.bytes ?? Number.NaN) / 1000).toFixed(0)} kB${
          extra.length > 0 ? `; the heaviest also had ${extra.map((path) => path.split('/').pop()).join(', ')}` : ''
        }`,
      },
      {
        id: 'interactiveRatio',
        label: `Time to interactive vs bare wagmi page (median of ${COLD_RUNS} cold runs)`,
        value: ratio,
        unit: '×',
        budget: 1.5,
        note: `app ${median(appTimes).toFixed(0)} ms, bare ${median(bareTimes).toFixed(0)} ms`,
      },
    )
  } finally {
    await appServer.stop()
    await bareServer.stop()
  }
  return figures
}

/**
 * Runs `measure` with the solver, attester and relayer stopped (the chains keep running), then starts them
 * again on the same data. Neither page talks to them while loading, and their polling only added noise
 * to both pages' timings on a 2-core machine; no user's browser shares a machine with them.
 */
async function withServicesPaused<T>(network: Network, measure: () => Promise<T>): Promise<T> {
  const names = [...network.services.keys()]
  await Promise.all(names.map((name) => network.services.get(name)?.stop()))
  try {
    return await measure()
  } finally {
    await Promise.all(names.map((name) => network.startService(name)))
  }
}

/** Runs one group of measurements; a group that fails is reported as such and the others still run. */
async function attempt(
  name: string,
  ids: string[],
  run: (sink: Figure[]) => Promise<Figure[] | undefined>,
): Promise<Figure[]> {
  // Figures measured before a failure are kept: `run` may push them into `sink` as it goes.
  const sink: Figure[] = []
  try {
    sink.push(...((await run(sink)) ?? []))
    return sink
  } catch (error) {
    console.error(`[bench] ${name} failed:`, error)
    const message = error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error)
    const missing = ids.filter((id) => !sink.some((figure) => figure.id === id))
    const failed = missing.map((id) => ({ id, label: `${name} (${id})`, value: Number.NaN, unit: '', budget: 0 }))
    return [...sink, ...failed.map((figure) => ({ ...figure, note: `failed: ${message}` }))]
  }
}

async function main() {
  const workDir = mkdtempSync(join(tmpdir(), 'multibridge-bench-'))
  let network: Network | undefined
  let browser: Browser | undefined
  const figures: Figure[] = []
  try {
    // Pure computation: measured first, before the build's worker threads and then the chains and services
    // compete for the 2 cores.
    console.log('token search in node…')
    figures.push(measureTokenSearch())
    console.log('building the app and the bare wagmi page…')
    const dist = await buildPages(join(workDir, 'dist'))
    console.log('starting the local network…')
    network = await startNetwork({ stateDir: join(workDir, 'state') })
    const manifest = parseManifest(JSON.parse(readFileSync(network.manifestPath, 'utf8')))
    browser = await launchBrowser()
    console.log('cold loads…')
    const chromium = browser
    const running = network
    figures.push(
      ...(await attempt('cold loads', ['eagerJs', 'jsBeforeInteractive', 'interactiveRatio'], () =>
        withServicesPaused(running, () => measureLoads(chromium, dist, manifest)),
      )),
    )
    console.log('quote overhead in core…')
    figures.push(
      ...(await attempt('quote overhead', ['quoteOverheadCore'], async () => [await measureQuoteOverhead(manifest)])),
    )
    console.log('browser flows: quotes, balances, hidden tab, a swap to Completed…')
    figures.push(
      ...(await attempt(
        'browser flows',
        ['rpcPerBalanceRefresh', 'rpcWhileHidden', 'quoteToPaint', 'statusLatency', 'tokenSearchBrowser'],
        (sink) => measureBrowserFlows(chromium, dist.app, manifest, sink).then(() => undefined),
      )),
    )
    console.log('solver: fill latency and 30 orders in a minute…')
    figures.push(...(await attempt('solver', ['solverFillBlocks', 'solverMissed'], () => measureSolver(manifest))))
  } finally {
    await browser?.close()
    await network?.stop()
    rmSync(workDir, { recursive: true, force: true })
  }
  const judged = figures.map(finish)
  const output = join(import.meta.dirname, 'results.json')
  writeFileSync(output, `${JSON.stringify({ measuredAt: new Date().toISOString(), figures: judged }, null, 2)}\n`)
  printTable(judged)
  console.log(`\nwritten to ${relative(process.cwd(), output)}`)
  process.exitCode = judged.every((figure) => figure.pass) ? 0 : 1
}

await main()
