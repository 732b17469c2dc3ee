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
  /** ms from navigation start to the `swap-form-interactive` mark. */
  interactiveMs: number
  /** Built files (relative to dist) whose download ended before that mark. */
  scripts: string[]
}

/**
 * One cold load in a fresh context (empty cache): the time to the `swap-form-interactive` mark and the
 * JavaScript fetched before it.
 */
export async function coldLoad(browser: Browser, url: string): Promise<InteractiveRun> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  try {
    const page = await context.newPage()
    await page.goto(url)
    const handle = await page.waitForFunction(
      () => {
        const [mark] = performance.getEntriesByName('swap-form-interactive', 'mark')
        if (!mark) return undefined
        const scripts = performance
          .getEntriesByType('resource')
          .filter(
            (entry) => entry.name.endsWith('.js') && (entry as PerformanceResourceTiming).responseEnd <= mark.startTime,
          )
          .map((entry) => new URL(entry.name).pathname)
        return { interactiveMs: mark.startTime, scripts }
      },
      undefined,
      { timeout: 60_000, polling: 50 },
    )
    return (await handle.jsonValue()) as InteractiveRun
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

export const median = (values: readonly number[]) => percentile(values, 50)

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  return sorted[rank] as number
}
