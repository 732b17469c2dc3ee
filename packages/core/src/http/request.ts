import { HttpAbortError, HttpNetworkError, HttpParseError, HttpStatusError, HttpTimeoutError } from './httpErrors.ts'

/** SPEC §8: empty base URL, GET, JSON, 60000 ms, credentials off, success is 200–299. */
export const HTTP_DEFAULTS = { baseUrl: '', method: 'GET', timeoutMs: 60_000 } as const

export type RequestParameters = {
  method?: 'GET' | 'POST'
  query?: Record<string, string | number | bigint | undefined>
  body?: unknown
  timeoutMs?: number
  signal?: AbortSignal
  headers?: Record<string, string>
}

export function buildUrl(url: string, query?: RequestParameters['query']): string {
  if (!query) return url
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value))
  const text = params.toString()
  if (!text) return url
  return `${url}${url.includes('?') ? '&' : '?'}${text}`
}

function parseRetryAfter(value: string | null): number | undefined {
  if (!value) return undefined
  const seconds = Number(value)
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000
  const date = Date.parse(value)
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now())
}

/**
 * fetch with a time-out and typed failures: HttpTimeoutError, HttpAbortError, HttpNetworkError,
 * HttpStatusError (non-2xx, with the parsed body) and HttpParseError are distinct.
 */
export async function httpRequest<T = unknown>(url: string, parameters: RequestParameters = {}): Promise<T> {
  const target = buildUrl(`${HTTP_DEFAULTS.baseUrl}${url}`, parameters.query)
  const timeoutMs = parameters.timeoutMs ?? HTTP_DEFAULTS.timeoutMs
  const controller = new AbortController()
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    controller.abort()
  }, timeoutMs)
  const onAbort = () => controller.abort()
  if (parameters.signal?.aborted) controller.abort()
  parameters.signal?.addEventListener('abort', onAbort, { once: true })
  try {
    let response: Response
    try {
      response = await fetch(target, {
        method: parameters.method ?? HTTP_DEFAULTS.method,
        credentials: 'omit',
        headers: {
          accept: 'application/json',
          ...(parameters.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...parameters.headers,
        },
        body: parameters.body === undefined ? undefined : JSON.stringify(parameters.body),
        signal: controller.signal,
      })
    } catch (error) {
      if (timedOut) throw new HttpTimeoutError(target, timeoutMs)
      if (controller.signal.aborted) throw new HttpAbortError(target)
      throw new HttpNetworkError(target, error)
    }
    let text: string
    try {
      text = await response.text()
    } catch (error) {
      if (timedOut) throw new HttpTimeoutError(target, timeoutMs)
      if (controller.signal.aborted) throw new HttpAbortError(target)
      throw new HttpNetworkError(target, error)
    }
    if (response.status < 200 || response.status > 299) {
      let body: unknown = text
      try {
        body = text ? JSON.parse(text) : undefined
      } catch {
        // keep the raw text
      }
      throw new HttpStatusError(target, response.status, body, parseRetryAfter(response.headers.get('retry-after')))
    }
    if (!text) return undefined as T
    try {
      return JSON.parse(text) as T
    } catch (error) {
      throw new HttpParseError(target, error)
    }
  } finally {
    clearTimeout(timer)
    parameters.signal?.removeEventListener('abort', onAbort)
  }
}
