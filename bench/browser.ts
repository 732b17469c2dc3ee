import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Browser, Page } from 'playwright-core'

/** The gzip size of a built file, as a static host would send it. */
export function gzipSize(file: string): number {
  return gzipSync(readFileSync(file)).length
}

/** The scripts `index.html` loads before anything runs: its module script and its modulepreload links. */
export function eagerScripts(distDir: string): string[] {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8')
  const sources = [
    ...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
  ].map((match) => match[1] ?? '')
  return [...new Set(sources)].map((source) => join(distDir, source.replace(/^\.\//, '')))
}

export type InteractiveRun = {
  /** ms from navigation start to the wallet mark: the wallet's state is known and its button takes a click. */
  interactiveMs: number
  /** ms from navigation start to the first paint of the element marked `elementtiming="swap-form"`. */
  formPaintedMs: number
  /** Built files (relative to dist) whose download ended before the `swap-form-interactive` mark. */
  scripts: string[]
}

type Probe = { elements: Record<string, number>; typed?: number }

/**
 * Runs in every page of a context before its own scripts: records when each `elementtiming` element is first
 * painted, and when the first keystroke that reaches a text field is painted (the frame after its input event).
 */
function installProbe() {
  const probe: Probe = { elements: {} }
  ;(window as unknown as { __bench: Probe }).__bench = probe
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { identifier?: string; renderTime?: number })[]) {
        const at = entry.renderTime || entry.startTime
        if (entry.identifier && probe.elements[entry.identifier] === undefined) probe.elements[entry.identifier] = at
      }
    }).observe({ type: 'element', buffered: true })
  } catch {
    // No Element Timing: formPaintedMs is NaN and the figure says the run failed.
  }
  document.addEventListener(
    'input',
    (event) => {
      if (probe.typed !== undefined || !(event.target as HTMLInputElement | null)?.value) return
      requestAnimationFrame(() => setTimeout(() => (probe.typed ??= performance.now())))
    },
    true,
  )
}

const readProbe = (page: Page) => page.evaluate(() => (window as unknown as { __bench: Probe }).__bench)

/**
 * The marks a page sets: `wallet` when the wallet's state is known and its button takes a click, `form` when the
 * form is interactive with its main button in the wallet's state (the bare pages set one mark for both).
 */
export type PageMarks = { wallet: string; form: string }
export const APP_MARKS: PageMarks = { wallet: 'wallet-known', form: 'swap-form-interactive' }
export const BARE_MARKS: PageMarks = { wallet: 'swap-form-interactive', form: 'swap-form-interactive' }

/** Waits for both marks; returns the wallet mark's time and the scripts fetched before the form's mark. */
async function untilInteractive(page: Page, marks: PageMarks): Promise<{ interactiveMs: number; scripts: string[] }> {
  const handle = await page.waitForFunction(
    ({ wallet, form }) => {
      const [walletMark] = performance.getEntriesByName(wallet, 'mark')
      const [mark] = performance.getEntriesByName(form, 'mark')
      if (!mark || !walletMark) return undefined
      const scripts = performance
        .getEntriesByType('resource')
        .filter(
          (entry) => entry.name.endsWith('.js') && (entry as PerformanceResourceTiming).responseEnd <= mark.startTime,
        )
        .map((entry) => new URL(entry.name).pathname)
      return { interactiveMs: walletMark.startTime, scripts }
    },
    marks,
    { timeout: 60_000, polling: 50 },
  )
  return (await handle.jsonValue()) as { interactiveMs: number; scripts: string[] }
}

export type VisitRuns = {
  cold: InteractiveRun
  /**
   * The same page opened again in the same browser profile (HTTP cache, code cache and the service worker, if any);
   * only with `repeat`.
   */
  repeat?: InteractiveRun
}

/**
 * A first visit in a fresh context (empty cache) and, with `repeat`, a second visit in the same context (once the
 * page's service worker is active, with `waitForWorker`): the time to the `swap-form-interactive` mark, the form's
 * first paint, and the JavaScript fetched before the mark, for each.
 */
export async function coldAndRepeatLoad(
  browser: Browser,
  url: string,
  visits: { repeat: boolean; waitForWorker: boolean; marks: PageMarks },
): Promise<VisitRuns> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  try {
    await context.addInitScript(installProbe)
    const page = await context.newPage()
    const visit = async (): Promise<InteractiveRun> => {
      // From a blank page: going to the app's own URL (with its `#/`) again would only move to the hash.
      await page.goto('about:blank')
      await page.goto(url)
      const interactive = await untilInteractive(page, visits.marks)
      // Painted before it was interactive; read once the paint entry is surely delivered.
      const painted = await page
        .waitForFunction(() => (window as unknown as { __bench: Probe }).__bench.elements['swap-form'], undefined, {
          timeout: 10_000,
          polling: 50,
        })
        .then((handle) => handle.jsonValue() as Promise<number>)
        .catch(() => Number.NaN)
      return { ...interactive, formPaintedMs: painted }
    }
    const cold = await visit()
    if (!visits.repeat) return { cold }
    // The app registers its worker when the browser is idle after the first page: the repeat visit comes after.
    if (visits.waitForWorker) {
      await untilWorkerActivated(page)
    }
    const repeat = await visit()
    return { cold, repeat }
  } finally {
    await context.close()
  }
}

/**
 * "Form usable": a fresh visit in which a person types "5" into the field labelled `label` as soon as the page
 * lets them; the time from navigation start to that keystroke painted.
 */
export async function usableLoad(
  browser: Browser,
  url: string,
  label: string,
  /** Set up before the page is opened (an A/B run's network emulation). */
  prepare?: (page: Page) => Promise<void>,
): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  try {
    await context.addInitScript(installProbe)
    await context.addInitScript(() => localStorage.setItem('lang', 'en'))
    const page = await context.newPage()
    await prepare?.(page)
    await page.goto(url, { waitUntil: 'commit' })
    await page.getByLabel(label, { exact: true }).pressSequentially('5', { timeout: 60_000 })
    await page.waitForFunction(() => (window as unknown as { __bench: Probe }).__bench.typed !== undefined, undefined, {
      timeout: 10_000,
      polling: 20,
    })
    return (await readProbe(page)).typed ?? Number.NaN
  } finally {
    await context.close()
  }
}

/** Collects the JSON-RPC calls a page sends to the given RPC URLs (a batch counts each call in it). */
export function countRpcCalls(page: Page, rpcUrls: Map<string, number>) {
  const calls: { chainId: number; method: string; at: number }[] = []
  page.on('request', (request) => {
    const chainId = rpcUrls.get(request.url().replace(/\/$/, ''))
    if (chainId === undefined || request.method() !== 'POST') return
    let body: unknown
    try {
      body = JSON.parse(request.postData() ?? 'null')
    } catch {
      return
    }
    for (const call of Array.isArray(body) ? body : [body]) {
      const method = (call as { method?: unknown } | null)?.method
      if (typeof method === 'string') calls.push({ chainId, method, at: Date.now() })
    }
  })
  return calls
}

/**
 * Waits until the page's service worker is activated. Polled with `evaluate`, which awaits the page's promise:
 * `waitForFunction` takes a promise returned by its predicate as a truthy answer and returns at once, and the
 * "repeat" visits were then loaded before the app had even registered its worker (found for issue #33).
 */
export async function untilWorkerActivated(page: Page, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  const state = () => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state)
  while ((await state()) !== 'activated') {
    if (Date.now() > deadline) throw new Error(`the page's service worker was not activated within ${timeoutMs} ms`)
    await page.waitForTimeout(100)
  }
}

export const median = (values: readonly number[]) => percentile(values, 50)

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  return sorted[rank] as number
}
