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
import { APP_MARKS, BARE_MARKS, coldAndRepeatLoad, eagerScripts, gzipSize, median, usableLoad } from './browser.ts'
import { measureBrowserFlows } from './flows.ts'
import { measureQuoteOverhead, measureSolver, measureTokenSearch } from './node.ts'
import { type Figure, finish, printTable } from './report.ts'
import { measureOneSignature } from './swapConfirm.ts'
import { type FirstPaintTrace, printTrace, traceFirstPaint } from './trace.ts'

const root = join(import.meta.dirname, '..')
const COLD_RUNS = Number(process.env.BENCH_COLD_RUNS ?? 15)

type Builds = { app: string; bare: string; bareReact: string }

async function buildPages(outDir: string): Promise<Builds> {
  const webRoot = join(root, 'apps', 'web')
  const app = join(outDir, 'app')
  await build({
    root: webRoot,
    configFile: join(webRoot, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir: app, emptyOutDir: true },
  })
  // The yardsticks: a bare wagmi + viem + React page (wallet state), and a bare React page (painting, typing).
  const yardstick = async (name: string) => {
    const outDirOf = join(outDir, name)
    await build({
      root: join(import.meta.dirname, name),
      configFile: false,
      base: './',
      logLevel: 'error',
      build: { outDir: outDirOf, emptyOutDir: true, target: 'es2022' },
    })
    return outDirOf
  }
  return { app, bare: await yardstick('bare'), bareReact: await yardstick('bare-react') }
}

const ratio = (page: number[], yardstick: number[]) => median(page) / median(yardstick)
const versus = (page: number[], yardstick: number[], name: string) =>
  `app ${median(page).toFixed(0)} ms, ${name} ${median(yardstick).toFixed(0)} ms`

async function measureLoads(browser: Browser, dist: Builds, manifest: Manifest) {
  const figures: Figure[] = []
  const appServer = await startStaticServer({ distDir: dist.app, manifest })
  const bareServer = await startStaticServer({ distDir: dist.bare, manifest })
  const reactServer = await startStaticServer({ distDir: dist.bareReact, manifest })
  try {
    const times = {
      appCold: [] as number[],
      appRepeat: [] as number[],
      appPainted: [] as number[],
      appUsable: [] as number[],
      wagmiCold: [] as number[],
      wagmiRepeat: [] as number[],
      reactPainted: [] as number[],
      reactUsable: [] as number[],
    }
    const loads: { bytes: number; scripts: string[] }[] = []
    const appUrl = new URL('#/', appServer.url).toString()
    for (let run = 0; run < COLD_RUNS; run++) {
      // Interleaved, so that machine load drifts affect every page alike.
      const app = await coldAndRepeatLoad(browser, appUrl, { repeat: true, waitForWorker: true, marks: APP_MARKS })
      const wagmi = await coldAndRepeatLoad(browser, bareServer.url, {
        repeat: true,
        waitForWorker: false,
        marks: BARE_MARKS,
      })
      const react = await coldAndRepeatLoad(browser, reactServer.url, {
        repeat: false,
        waitForWorker: false,
        marks: BARE_MARKS,
      })
      times.appUsable.push(await usableLoad(browser, appUrl, 'Send'))
      times.reactUsable.push(await usableLoad(browser, reactServer.url, 'Send'))
      times.appCold.push(app.cold.interactiveMs)
      times.appRepeat.push(app.repeat?.interactiveMs ?? Number.NaN)
      times.appPainted.push(app.cold.formPaintedMs)
      times.wagmiCold.push(wagmi.cold.interactiveMs)
      times.wagmiRepeat.push(wagmi.repeat?.interactiveMs ?? Number.NaN)
      times.reactPainted.push(react.cold.formPaintedMs)
      const bytes = app.cold.scripts.reduce((sum, path) => sum + gzipSize(join(dist.app, path)), 0)
      loads.push({ bytes, scripts: app.cold.scripts })
    }
    const sorted = [...loads].sort((a, b) => a.bytes - b.bytes)
    const [lightest, heaviest] = [sorted[0], sorted.at(-1)]
    // What the heaviest run fetched beyond the lightest: code that raced the form on a busy machine.
    const extra = heaviest?.scripts.filter((script) => !lightest?.scripts.includes(script)) ?? []
    const eager = eagerScripts(dist.app).reduce((sum, file) => sum + gzipSize(file), 0)
    const bareEager = eagerScripts(dist.bare).reduce((sum, file) => sum + gzipSize(file), 0)
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
        id: 'formPaintedRatio',
        label: `Swap form painted vs bare React page (median of ${COLD_RUNS} cold runs)`,
        value: ratio(times.appPainted, times.reactPainted),
        unit: '×',
        budget: 1.1,
        note: versus(times.appPainted, times.reactPainted, 'bare React'),
      },
      {
        id: 'formUsableRatio',
        label: `Swap form usable (a keystroke in the amount painted) vs bare React page (median of ${COLD_RUNS})`,
        value: ratio(times.appUsable, times.reactUsable),
        unit: '×',
        budget: 1.3,
        note: versus(times.appUsable, times.reactUsable, 'bare React'),
      },
      {
        id: 'interactiveRatio',
        label: `Wallet state known, cold visit, vs bare wagmi page (median of ${COLD_RUNS})`,
        value: ratio(times.appCold, times.wagmiCold),
        unit: '×',
        budget: 1.5,
        note: versus(times.appCold, times.wagmiCold, 'bare wagmi'),
      },
      {
        id: 'walletKnownRepeatRatio',
        label: `Wallet state known, repeat visit, vs bare wagmi page (median of ${COLD_RUNS})`,
        value: ratio(times.appRepeat, times.wagmiRepeat),
        unit: '×',
        budget: 1.3,
        note: versus(times.appRepeat, times.wagmiRepeat, 'bare wagmi'),
      },
    )
  } finally {
    await appServer.stop()
    await bareServer.stop()
    await reactServer.stop()
  }
  return figures
}

const TRACE_RUNS = Number(process.env.BENCH_TRACE_RUNS ?? 5)

/**
 * Where the time before the first paint goes (issue #33): Chrome's trace of cold loads of the app and of the bare
 * React page, interleaved; prints the load with the median first paint of each.
 */
async function traceFirstPaints(browser: Browser, dist: Builds, manifest: Manifest) {
  const appServer = await startStaticServer({ distDir: dist.app, manifest })
  const reactServer = await startStaticServer({ distDir: dist.bareReact, manifest })
  try {
    const traces = { app: [] as FirstPaintTrace[], react: [] as FirstPaintTrace[] }
    for (let run = 0; run < TRACE_RUNS; run++) {
      traces.app.push(await traceFirstPaint(browser, new URL('#/', appServer.url).toString()))
      traces.react.push(await traceFirstPaint(browser, reactServer.url))
    }
    const middle = (list: FirstPaintTrace[]) =>
      [...list].sort((a, b) => a.fcpMs - b.fcpMs)[Math.floor(list.length / 2)]!
    printTrace(`the app (median of ${TRACE_RUNS})`, middle(traces.app))
    printTrace(`bare React (median of ${TRACE_RUNS})`, middle(traces.react))
  } finally {
    await appServer.stop()
    await reactServer.stop()
  }
}

/**
 * Runs `measure` with the solver, the attesters and the relayer stopped (the chains keep running), then starts them
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

/** `npm run bench -- --only solver,one-signature`: only those groups (the build and the browser only when needed). */
const GROUPS = [
  'cold-loads',
  'first-paint-trace',
  'quote-overhead',
  'browser-flows',
  'solver',
  'one-signature',
] as const
function chosenGroups(argv: string[]): Set<string> {
  const at = argv.indexOf('--only')
  if (at === -1) return new Set(GROUPS)
  const chosen = (argv[at + 1] ?? '').split(',').filter(Boolean)
  const unknown = chosen.filter((group) => !(GROUPS as readonly string[]).includes(group))
  if (chosen.length === 0 || unknown.length > 0) {
    throw new Error(`--only takes groups among ${GROUPS.join(', ')}; got "${argv[at + 1] ?? ''}"`)
  }
  return new Set(chosen)
}

async function main() {
  const groups = chosenGroups(process.argv.slice(2))
  const needsPages = groups.has('cold-loads') || groups.has('first-paint-trace') || groups.has('browser-flows')
  const workDir = mkdtempSync(join(tmpdir(), 'multibridge-bench-'))
  let network: Network | undefined
  let browser: Browser | undefined
  const figures: Figure[] = []
  try {
    // Pure computation: measured first, before the build's worker threads and then the chains and services
    // compete for the 2 cores.
    if (groups.size === GROUPS.length) {
      console.log('token search in node…')
      figures.push(measureTokenSearch())
    }
    console.log(needsPages ? 'building the app, the bare wagmi page and the bare React page…' : 'no pages to build…')
    const dist = needsPages ? await buildPages(join(workDir, 'dist')) : undefined
    console.log('starting the local network…')
    network = await startNetwork({ stateDir: join(workDir, 'state') })
    const manifest = parseManifest(JSON.parse(readFileSync(network.manifestPath, 'utf8')))
    browser = needsPages ? await launchBrowser() : undefined
    const chromium = browser
    const running = network
    if (groups.has('cold-loads') && chromium && dist) {
      console.log('cold loads…')
      figures.push(
        ...(await attempt(
          'cold loads',
          [
            'eagerJs',
            'jsBeforeInteractive',
            'formPaintedRatio',
            'formUsableRatio',
            'interactiveRatio',
            'walletKnownRepeatRatio',
          ],
          () => withServicesPaused(running, () => measureLoads(chromium, dist, manifest)),
        )),
      )
    }
    if (groups.has('first-paint-trace') && chromium && dist) {
      console.log('first paint, traced…')
      await withServicesPaused(running, () => traceFirstPaints(chromium, dist, manifest))
    }
    if (groups.has('quote-overhead')) {
      console.log('quote overhead in core…')
      figures.push(
        ...(await attempt('quote overhead', ['quoteOverheadCore'], async () => [await measureQuoteOverhead(manifest)])),
      )
    }
    if (groups.has('browser-flows') && chromium && dist) {
      console.log('browser flows: quotes, balances, hidden tab, a swap to Completed…')
      figures.push(
        ...(await attempt(
          'browser flows',
          ['rpcPerBalanceRefresh', 'rpcWhileHidden', 'quoteToPaint', 'statusLatency', 'tokenSearchBrowser'],
          (sink) => measureBrowserFlows(chromium, dist.app, manifest, sink).then(() => undefined),
        )),
      )
    }
    if (groups.has('solver')) {
      console.log('solver: fill latency and 30 orders in a minute…')
      figures.push(...(await attempt('solver', ['solverFillBlocks', 'solverMissed'], () => measureSolver(manifest))))
    }
    if (groups.has('one-signature')) {
      console.log('one signature: confirmations per swap, gasless confirm → Completed…')
      figures.push(
        ...(await attempt(
          'one signature',
          [
            'confirmationsGasless',
            'confirmationsBatched',
            'gaslessConfirmToCompletedMedian',
            'gaslessConfirmToCompletedWorst',
          ],
          () => measureOneSignature(manifest),
        )),
      )
    }
  } finally {
    await browser?.close()
    await network?.stop()
    rmSync(workDir, { recursive: true, force: true })
  }
  const judged = figures.map(finish)
  // A partial run is printed, not written over the last full run's results.
  if (groups.size === GROUPS.length) {
    const output = join(import.meta.dirname, 'results.json')
    writeFileSync(output, `${JSON.stringify({ measuredAt: new Date().toISOString(), figures: judged }, null, 2)}\n`)
    console.log(`\nwritten to ${relative(process.cwd(), output)}`)
  }
  printTable(judged)
  process.exitCode = judged.every((figure) => figure.pass) ? 0 : 1
}

await main()
