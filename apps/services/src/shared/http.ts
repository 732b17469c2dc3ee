import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { Logger } from './logger.ts'

/** An error a handler throws to answer with a 4xx/5xx JSON body. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message)
    this.name = 'HttpError'
  }
}

export type Route = {
  method: 'GET' | 'POST'
  /** Path pattern with `:name` segments, e.g. `/v1/intents/:orderId`. */
  path: string
  handler: (request: { params: Record<string, string>; query: URLSearchParams }) => unknown | Promise<unknown>
}

/** A path segment decoded, or a 400 when it is not valid percent-encoding (e.g. `%ZZ`). */
function decodeSegment(value: string): string {
  try {
    return decodeURIComponent(value)
  } catch {
    throw new HttpError(400, 'INVALID_PATH', 'The request path is not valid percent-encoded text')
  }
}

function parseRequestUrl(url: string | undefined): URL {
  try {
    return new URL(url ?? '/', 'http://localhost')
  } catch {
    throw new HttpError(400, 'INVALID_PATH', 'The request path is not a valid URL path')
  }
}

function matchPath(pattern: string, path: string): Record<string, string> | undefined {
  const want = pattern.split('/')
  const got = path.split('/')
  if (want.length !== got.length) return undefined
  if (want.some((segment, i) => !segment.startsWith(':') && segment !== got[i])) return undefined
  const params: Record<string, string> = {}
  want.forEach((segment, i) => {
    if (segment.startsWith(':')) params[segment.slice(1)] = decodeSegment(got[i]!)
  })
  return params
}

const toJson = (value: unknown) =>
  JSON.stringify(value, (_key, item) => (typeof item === 'bigint' ? item.toString() : item))

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    // The dApp is a static site on another origin: it reads these APIs from the browser.
    'access-control-allow-origin': '*',
    'access-control-allow-methods': 'GET, POST, OPTIONS',
    'access-control-allow-headers': 'content-type',
    'cache-control': 'no-store',
  })
  response.end(toJson(body))
}

/** A small JSON HTTP server: every answer is JSON, every failure a JSON error body, never a crash. */
export function startHttpServer(port: number, routes: Route[], log: Logger): Promise<Server> {
  const server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    try {
      if (request.method === 'OPTIONS') return send(response, 204, null)
      const url = parseRequestUrl(request.url)
      let pathMatched = false
      for (const route of routes) {
        const params = matchPath(route.path, url.pathname)
        if (!params) continue
        pathMatched = true
        if (route.method !== request.method) continue
        const body = await route.handler({ params, query: url.searchParams })
        return send(response, 200, body)
      }
      if (pathMatched) throw new HttpError(405, 'METHOD_NOT_ALLOWED', `${request.method} is not allowed here`)
      throw new HttpError(404, 'NOT_FOUND', `No route for ${url.pathname}`)
    } catch (error) {
      if (error instanceof HttpError) {
        return send(response, error.status, { error: { code: error.code, message: error.message } })
      }
      log.error('request failed', { url: request.url, error })
      return send(response, 500, { error: { code: 'INTERNAL', message: 'Internal error' } })
    }
  })
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve(server))
  })
}
