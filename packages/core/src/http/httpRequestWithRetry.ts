import { HttpAbortError, HttpStatusError } from './httpErrors.ts'
import { buildUrl, httpRequest, type RequestParameters } from './request.ts'

export type HttpRequestWithRetryParameters = RequestParameters & {
  /** The longest `retry-after` honoured; a longer one fails at once with the 429 (default 5000 ms). */
  maxRetryWaitMs?: number
  /** The wait when a 429 names no `retry-after` (default 1000 ms). */
  defaultRetryWaitMs?: number
}

/**
 * `httpRequest` that answers one 429 by waiting as the server asks (bounded, cancelled by the
 * caller's signal) and trying once more. Public APIs rate-limit bursts; a second 429 is the answer.
 */
export async function httpRequestWithRetry<T = unknown>(
  url: string,
  parameters: HttpRequestWithRetryParameters = {},
): Promise<T> {
  const { maxRetryWaitMs = 5_000, defaultRetryWaitMs = 1_000, ...request } = parameters
  try {
    return await httpRequest<T>(url, request)
  } catch (error) {
    if (!(error instanceof HttpStatusError) || error.status !== 429) throw error
    const waitMs = error.retryAfterMs ?? defaultRetryWaitMs
    if (waitMs > maxRetryWaitMs) throw error
    await wait(waitMs, request.signal, buildUrl(url, request.query))
    return httpRequest<T>(url, request)
  }
}

function wait(ms: number, signal: AbortSignal | undefined, url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new HttpAbortError(url))
    const onAbort = () => {
      clearTimeout(timer)
      reject(new HttpAbortError(url))
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}
