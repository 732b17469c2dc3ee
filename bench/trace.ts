import type { Browser } from 'playwright-core'
import { untilWorkerActivated } from './browser.ts'

/** One Chrome trace event, as far as the first-paint summary reads it. */
type TraceEvent = {
  name: string
  cat: string
  ph: string
  ts: number
  dur?: number
  pid: number
  tid: number
  args?: { name?: string; data?: { url?: string; frame?: string; isMainFrame?: boolean; documentLoaderURL?: string } }
}

/** What one cold load did before its first contentful paint, from the browser's own trace (times in ms). */
export type FirstPaintTrace = {
  /** Navigation start → first contentful paint. */
  fcpMs: number
  /** Main-thread time before the paint, by kind of work (parse, style, layout, script, …). */
  busy: Record<string, number>
  /** Main-thread time before the paint in which the renderer did nothing: waiting for the network. */
  idleMs: number
  /** When each file the page fetched before the paint arrived (ms after navigation start). */
  arrivals: { url: string; atMs: number }[]
  /** The main thread's tasks longer than 2 ms before the paint: start, length, and what took most of them. */
  tasks: { atMs: number; ms: number; work: string }[]
  /**
   * Work off the main thread before the paint is shown: tiles rastered (the renderer's raster workers) and the frame
   * drawn by the display compositor. Without a GPU (a headless browser, as a weak phone GPU) both are done in
   * software, and a wide blurred shadow or a blurred backdrop costs them milliseconds (issue #33).
   */
  offMain: { rasterMs: number; compositeMs: number }
}

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'loading',
  'blink.user_timing',
  'v8.execute',
  'toplevel',
  'cc',
  'viz',
].join(',')

/** The kind of work a trace event stands for, in the words of the summary. */
function kindOf(event: TraceEvent): string | undefined {
  switch (event.name) {
    case 'ParseHTML':
      return 'parse HTML'
    case 'ParseAuthorStyleSheet':
      return 'parse CSS'
    case 'UpdateLayoutTree':
    case 'RecalculateStyles':
      return 'style'
    case 'Layout':
      return 'layout'
    case 'PrePaint':
    case 'Paint':
    case 'Layerize':
    case 'UpdateLayer':
    case 'Commit':
      return 'paint'
    case 'EvaluateScript':
    case 'v8.evaluateModule':
    case 'FunctionCall':
    case 'TimerFire':
    case 'EventDispatch':
    case 'v8.run':
      return 'script'
    case 'v8.compile':
    case 'v8.compileModule':
    case 'v8.parseOnBackground':
      return 'compile'
    default:
      return undefined
  }
}

export type TraceOptions = {
  /** Stored as the page's language before it loads (`lang` in localStorage). */
  language?: string
  /** A User Timing mark to trace up to instead of the first contentful paint (e.g. `wallet-known`). */
  until?: string
  /**
   * Trace the second visit in the same profile instead of the first: once the page's service worker is active
   * (the HTTP cache, Cache Storage and the worker all warm), as the bench's "repeat" figure loads it.
   */
  repeat?: boolean
}

/**
 * One load of `url` in a fresh context with Chrome's tracing on: what the renderer's main thread did, and
 * what arrived from the network, between navigation start and the first contentful paint (or `until`).
 */
export async function traceFirstPaint(
  browser: Browser,
  url: string,
  { language, until, repeat = false }: TraceOptions = {},
): Promise<FirstPaintTrace> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  try {
    if (language) await context.addInitScript((stored) => localStorage.setItem('lang', stored), language)
    const page = await context.newPage()
    const reached = (name: string) =>
      page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, name, {
        timeout: 30_000,
        polling: 50,
      })
    if (repeat) {
      await page.goto(url)
      await reached(until ?? 'first-contentful-paint')
      await untilWorkerActivated(page)
    }
    await page.goto('about:blank')
    await browser.startTracing(page, { categories: CATEGORIES.split(',') })
    await page.goto(url)
    await reached(until ?? 'first-contentful-paint')
    const raw = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] }
    return summarize(raw.traceEvents, url, until)
  } finally {
    await context.close()
  }
}

function summarize(events: readonly TraceEvent[], url: string, until?: string): FirstPaintTrace {
  const start = events.find(
    (event) => event.name === 'navigationStart' && event.args?.data?.documentLoaderURL?.startsWith(url.split('#')[0]!),
  )
  if (!start) throw new Error(`the trace has no navigation to ${url}`)
  const endName = until ?? 'firstContentfulPaint'
  const fcp = events.find((event) => event.name === endName && event.ts > start.ts)
  if (!fcp) throw new Error(`the trace has no ${endName}`)
  const ms = (ts: number) => (ts - start.ts) / 1000
  const main = events.filter((event) => event.pid === start.pid && event.tid === start.tid && event.ts >= start.ts)
  const before = main.filter((event) => event.ts < fcp.ts && event.ph === 'X')
  // The renderer's tasks (RunTask) hold the work; inside one, only the outermost event of each kind counts.
  const tasks = before.filter((event) => event.name === 'RunTask')
  const busy: Record<string, number> = {}
  const summaries: FirstPaintTrace['tasks'] = []
  let taskTime = 0
  for (const task of tasks) {
    const end = Math.min(task.ts + (task.dur ?? 0), fcp.ts)
    taskTime += end - task.ts
    const inside = before.filter((event) => event !== task && event.ts >= task.ts && event.ts < end)
    const byKind: Record<string, number> = {}
    let coveredUntil = 0
    for (const event of inside.sort((a, b) => a.ts - b.ts)) {
      const kind = kindOf(event)
      if (!kind || event.ts < coveredUntil) continue
      const eventEnd = Math.min(event.ts + (event.dur ?? 0), end)
      coveredUntil = eventEnd
      byKind[kind] = (byKind[kind] ?? 0) + (eventEnd - event.ts) / 1000
    }
    for (const [kind, time] of Object.entries(byKind)) busy[kind] = (busy[kind] ?? 0) + time
    const length = (end - task.ts) / 1000
    if (length > 2) {
      const script = inside.find((event) => event.name === 'EvaluateScript' || event.name === 'v8.compileModule')
      const top = Object.entries(byKind).sort((a, b) => b[1] - a[1])[0]
      const file = script?.args?.data?.url?.split('/').pop()
      summaries.push({
        atMs: round(ms(task.ts)),
        ms: round(length),
        work: top ? `${top[0]}${file ? ` (${file})` : ''}` : 'other',
      })
    }
  }
  const accounted = Object.values(busy).reduce((sum, time) => sum + time, 0)
  busy.other = Math.max(0, taskTime / 1000 - accounted)
  for (const kind of Object.keys(busy)) busy[kind] = round(busy[kind] ?? 0)
  const arrivals = events
    .filter((event) => event.name === 'ResourceFinish' && event.ts > start.ts && event.ts < fcp.ts)
    .map((event) => {
      const request = events.find(
        (other) =>
          other.name === 'ResourceSendRequest' &&
          (other.args?.data as { requestId?: string } | undefined)?.requestId ===
            (event.args?.data as { requestId?: string } | undefined)?.requestId,
      )
      return { url: request?.args?.data?.url?.split('/').pop() ?? '?', atMs: round(ms(event.ts)) }
    })
  const offMainTime = (name: string) =>
    round(
      events
        .filter((event) => event.name === name && event.ph === 'X' && event.ts > start.ts && event.ts < fcp.ts)
        .reduce((sum, event) => sum + Math.min(event.dur ?? 0, fcp.ts - event.ts), 0) / 1000,
    )
  return {
    fcpMs: round(ms(fcp.ts)),
    busy,
    idleMs: round(ms(fcp.ts) - taskTime / 1000),
    arrivals,
    tasks: summaries,
    offMain: { rasterMs: offMainTime('RasterTask'), compositeMs: offMainTime('DirectRenderer::DrawFrame') },
  }
}

const round = (value: number) => Math.round(value * 10) / 10

/** Prints one page's trace summary as the bench prints it. */
export function printTrace(name: string, trace: FirstPaintTrace): void {
  console.log(`\n${name}: first contentful paint at ${trace.fcpMs} ms`)
  console.log(`  arrived: ${trace.arrivals.map((item) => `${item.url} ${item.atMs}`).join(', ') || 'nothing'}`)
  const busy = Object.entries(trace.busy)
    .filter(([, time]) => time > 0)
    .sort((a, b) => b[1] - a[1])
  console.log(`  main thread: ${busy.map(([kind, time]) => `${kind} ${time}`).join(', ')}; idle ${trace.idleMs}`)
  console.log(`  off it: raster ${trace.offMain.rasterMs}, compositing ${trace.offMain.compositeMs}`)
  for (const task of trace.tasks) console.log(`  ${String(task.atMs).padStart(7)} ms  ${task.ms} ms  ${task.work}`)
}
