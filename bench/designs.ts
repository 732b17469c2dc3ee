/**
 * An A/B run of first-page designs (issue #33): `npx tsx bench/designs.ts <name>=<dist> [<name>=<dist> …] [bare=<dist>]`
 * (a design named `bare…` is a yardstick page: loaded at its root, with no worker to wait for; `<name>=<dist>=en` loads
 * that design for an English reader, the stored language set before the page opens, as "form usable" always is).
 * Each design is a built app (`vite build` of one variant); they are loaded in turn, cold and then repeated
 * (service worker active), as `npm run bench` loads the app, and compared by the medians of: first paint of the form,
 * wallet known (the `wallet-known` mark, or `swap-form-interactive` for a build that has no such mark) and form
 * interactive (`swap-form-interactive`), and form usable (a keystroke painted, as `npm run bench` types it).
 * Served with a stand-in config: none of these moments reads a chain.
 * docs/history/first-page.md says which variants were compared, and how each was built.
 */
import type { Browser, Page } from 'playwright-core'
import { launchBrowser } from '../e2e/support/launchBrowser.ts'
import { startStaticServer } from '../e2e/support/staticServer.ts'
import { median, untilWorkerActivated, usableLoad } from './browser.ts'

const RUNS = Number(process.env.BENCH_COLD_RUNS ?? 15)
/**
 * `BENCH_LATENCY_MS`: every request of the app's pages takes this much longer (Chromium's network emulation, with
 * `BENCH_DOWN_KBPS` of download, default 9,000 kbit/s: a phone on a fair 4G network), so that a design that asks for
 * its files in more round trips pays for them. Unset: the local server's own speed.
 */
const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 0)
const DOWN_KBPS = Number(process.env.BENCH_DOWN_KBPS ?? 9_000)

async function emulateNetwork(page: Page): Promise<void> {
  if (LATENCY_MS <= 0) return
  const session = await page.context().newCDPSession(page)
  await session.send('Network.enable')
  await session.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: LATENCY_MS,
    downloadThroughput: (DOWN_KBPS * 1000) / 8,
    uploadThroughput: (DOWN_KBPS * 1000) / 8 / 4,
  })
}

const STAND_IN_MANIFEST = {
  version: 1,
  mode: 'production',
  generatedAt: '2026-01-01T00:00:00.000Z',
  chains: [
    {
      id: 31337,
      name: 'Local',
      shortName: 'local',
      rpcUrls: ['http://127.0.0.1:9/'],
      blockTime: 2,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      testnet: true,
      contracts: { multicall3: '0xcA11bde05977b3631167028862bE2a173976CA11' },
      tokens: [],
    },
  ],
  services: {},
}

type Visit = { painted: number; wallet: number; form: number }
type Run = { cold: Visit; repeat: Visit; usable: number }

/** The three moments of one load, in ms from navigation start. */
async function moments(page: Page): Promise<Visit> {
  const handle = await page.waitForFunction(
    () => {
      // No function declared in here: the page would lack the helper the TypeScript runner wraps them in.
      const form = performance.getEntriesByName('swap-form-interactive', 'mark')[0]?.startTime
      const wallet = performance.getEntriesByName('wallet-known', 'mark')[0]?.startTime
      const painted = (window as unknown as { __painted?: number }).__painted
      // A bare yardstick page marks no form element: its paint is not waited for.
      if (form === undefined || (painted === undefined && performance.now() - form < 1_000)) return undefined
      return { painted: painted ?? Number.NaN, wallet: wallet ?? form, form }
    },
    undefined,
    { timeout: 60_000, polling: 20 },
  )
  return (await handle.jsonValue()) as Visit
}

function watchPaint() {
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { identifier?: string; renderTime?: number })[]) {
      const window_ = window as unknown as { __painted?: number }
      if (entry.identifier === 'swap-form') window_.__painted ??= entry.renderTime || entry.startTime
    }
  }).observe({ type: 'element', buffered: true })
}

async function load(
  browser: Browser,
  url: string,
  withWorker: boolean,
  lang: string | undefined,
): Promise<{ cold: Visit; repeat: Visit }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  try {
    await context.addInitScript(watchPaint)
    if (lang) await context.addInitScript((stored) => localStorage.setItem('lang', stored), lang)
    const page = await context.newPage()
    await emulateNetwork(page)
    await page.goto(url)
    const cold = await moments(page)
    // A bare yardstick page has no worker: its repeat visit is served from the HTTP cache.
    if (withWorker) await untilWorkerActivated(page)
    await page.goto('about:blank')
    await page.goto(url)
    return { cold, repeat: await moments(page) }
  } finally {
    await context.close()
  }
}

async function main() {
  const designs = process.argv.slice(2).map((argument) => {
    const [name, dir, lang] = argument.split('=')
    if (!name || !dir) throw new Error(`expected <name>=<dist>[=<lang>], got "${argument}"`)
    return { name, dir, lang }
  })
  if (designs.length < 2) throw new Error('an A/B run needs two designs or more')
  const browser = await launchBrowser()
  const servers = await Promise.all(
    designs.map((design) => startStaticServer({ distDir: design.dir, manifest: STAND_IN_MANIFEST })),
  )
  const results = designs.map(() => [] as Run[])
  try {
    for (let run = 0; run < RUNS; run++) {
      for (const [index, server] of servers.entries()) {
        const { name, lang } = designs[index]!
        const bare = name.startsWith('bare')
        const url = bare ? server.url : new URL('#/', server.url).toString()
        const visits = await load(browser, url, !bare, lang)
        // "Form usable", as `npm run bench` measures it: a keystroke in the amount (labelled Send in English) painted.
        // The bare wagmi page (`bare`) has no such field.
        const usable = name === 'bare' ? Number.NaN : await usableLoad(browser, url, 'Send', emulateNetwork)
        results[index]!.push({ ...visits, usable })
      }
    }
  } finally {
    await Promise.all(servers.map((server) => server.stop()))
    await browser.close()
  }
  const of = (list: Run[], visit: 'cold' | 'repeat', moment: keyof Visit) =>
    median(list.map((item) => item[visit][moment])).toFixed(0)
  const network = LATENCY_MS > 0 ? `, ${LATENCY_MS} ms added to each request, ${DOWN_KBPS} kbit/s down` : ''
  console.log(`\nmedians of ${RUNS} interleaved loads, ms from navigation start${network}`)
  console.log(
    '| Design | Painted | Usable | Wallet known (cold) | Form interactive (cold) | Wallet known (repeat) | Form (repeat) |',
  )
  console.log('| --- | --- | --- | --- | --- | --- | --- |')
  for (const [index, design] of designs.entries()) {
    const list = results[index]!
    console.log(
      `| ${design.name} | ${of(list, 'cold', 'painted')} | ${median(list.map((run) => run.usable)).toFixed(0)} | ${of(list, 'cold', 'wallet')} | ${of(list, 'cold', 'form')} | ${of(list, 'repeat', 'wallet')} | ${of(list, 'repeat', 'form')} |`,
    )
  }
}

await main()
