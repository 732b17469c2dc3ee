import { createServer, type Server } from 'node:http'
import { getRequestListener, RequestError } from '@hono/node-server'
import { MultiBridgeError } from '@multi-bridge/core'
import { type Context, Hono } from 'hono'
import { cors } from 'hono/cors'
import { matchedRoutes } from 'hono/route'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { HttpRequestError, TimeoutError, BaseError as ViemError } from 'viem'
import type { Logger } from './logger.ts'

/**
 * An error a handler throws to answer with a 4xx/5xx JSON body `{ error: { code, message, ...fields } }`: `fields`
 * are what a client can act on besides the words (the least amount a quote takes, in base units).
 */
export class HttpError extends MultiBridgeError<string> {
  override name = 'HttpError'

  constructor(
    readonly status: ContentfulStatusCode,
    code: string,
    message: string,
    readonly fields: Readonly<Record<string, unknown>> = {},
  ) {
    super(message, { code })
  }
}

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' }

/** Amounts are bigint in the services and decimal text on the wire. */
const toJson = (value: unknown) =>
  JSON.stringify(value, (_key, item) => (typeof item === 'bigint' ? item.toString() : item))

/** Answers `body` as JSON (Hono's `c.json` refuses bigint). */
export const json = (c: Context, body: unknown, status: ContentfulStatusCode = 200) =>
  c.body(toJson(body), status, JSON_HEADERS)

const errorBody = (code: string, message: string, fields: Readonly<Record<string, unknown>> = {}) => ({
  error: { ...fields, code, message },
})

/** A chain's RPC that did not answer (refused, failed or timed out), somewhere under `error`. */
const isChainUnreachable = (error: unknown) =>
  error instanceof ViemError && Boolean(error.walk((e) => e instanceof HttpRequestError || e instanceof TimeoutError))

/** The path as the client sent it: not percent-decoded. */
const rawPath = (c: Context) => new URL(c.req.url).pathname

const isDecodable = (path: string) =>
  path.split('/').every((segment) => {
    try {
      decodeURIComponent(segment)
      return true
    } catch {
      return false
    }
  })

/** The most a request body may take unless `createApi` is told otherwise: 16 KiB. */
export const MAX_BODY_BYTES = 16 * 1024

const bodyTooLarge = (maxBytes: number) =>
  new HttpError(413, 'BODY_TOO_LARGE', `The request body is above ${formatBytes(maxBytes)}`)

const formatBytes = (bytes: number) => (bytes % 1024 === 0 ? `${bytes / 1024} KiB` : `${bytes} bytes`)

/**
 * The request's body read whole, at most `maxBytes` of it, whether it came with a Content-Length or chunked (none);
 * undefined when it has none. Above the limit 413 BODY_TOO_LARGE, as soon as it is known: a sized body is left unread
 * (the server drains it), a chunked one is broken off and its connection closed after the answer.
 */
async function readBody(c: Context, maxBytes: number): Promise<Uint8Array<ArrayBuffer> | undefined> {
  const { headers } = c.req.raw
  const chunked = headers.has('transfer-encoding')
  const length = Number(headers.get('content-length') ?? 0)
  if (!chunked && length === 0) return undefined
  if (!chunked && length > maxBytes) throw bodyTooLarge(maxBytes)
  // Looked at only now: the server starts reading the body once it is asked for.
  const stream = c.req.raw.body
  if (!stream) return undefined
  const chunks: Uint8Array[] = []
  let size = 0
  const reader = stream.getReader()
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return Buffer.concat(chunks, size)
      size += value.length
      if (size > maxBytes) {
        // The rest of it is not read: the connection cannot carry another request after it.
        c.header('connection', 'close')
        throw bodyTooLarge(maxBytes)
      }
      chunks.push(value)
    }
  } catch (error) {
    if (error instanceof HttpError) throw error
    // The client went away or broke off its body: nothing to answer, and not a bug of the service.
    throw new HttpError(400, 'INVALID_BODY', 'The request body could not be read')
  } finally {
    reader.releaseLock()
  }
}

/**
 * A JSON API on Hono: every answer JSON and never cached, readable from any origin (the dApp is a
 * static site on another origin), and every failure a JSON error body, never a crash. A request body
 * is read before its handler, at most `maxBodyBytes` of it (413 above), sized or chunked alike. Add the
 * routes, then `serveApi` it.
 */
export function createApi(log: Logger, options: { maxBodyBytes?: number } = {}): Hono {
  const maxBodyBytes = options.maxBodyBytes ?? MAX_BODY_BYTES
  const app = new Hono()
  app.use(async (c, next) => {
    await next()
    c.res.headers.set('cache-control', 'no-store')
  })
  app.use(cors({ origin: '*', allowMethods: ['GET', 'POST', 'OPTIONS'], allowHeaders: ['content-type'] }))
  // Hono hands a parameter that is not valid percent-encoding (`%ZZ`) to the handler as it is.
  app.use(async (c, next) => {
    if (matchedRoutes(c).some((route) => route.path.includes('/:')) && !isDecodable(rawPath(c))) {
      throw new HttpError(400, 'INVALID_PATH', 'The request path is not valid percent-encoded text')
    }
    await next()
  })
  // Hono's bodyLimit cannot hand on a chunked body here (it rebuilds the server's Request, which the global Request
  // refuses): the body is read once, within the limit, and the handler is given it as a plain Request. Only for a
  // route of the request's method: a 404 or 405 is answered without reading it.
  app.use(async (c, next) => {
    const raw = c.req.raw
    const body = matchedRoutes(c).some((route) => route.method === raw.method)
      ? await readBody(c, maxBodyBytes)
      : undefined
    if (body) c.req.raw = new Request(raw.url, { method: raw.method, headers: raw.headers, body })
    await next()
  })
  app.notFound((c) => json(c, errorBody('NOT_FOUND', `No route for ${rawPath(c)}`), 404))
  app.onError((error, c) => {
    if (error instanceof HttpError) {
      // A refusal for now, not for good (a chain the answer needs is out of sight): worth asking again shortly.
      if (error.status === 503) c.header('retry-after', '5')
      return json(c, errorBody(error.code, error.message, error.fields), error.status)
    }
    const url = new URL(c.req.url)
    if (isChainUnreachable(error)) {
      // Not a bug: a chain the answer needs is down. Said as such, and worth asking again shortly.
      log.warn('request needs a chain that is not answering', { url: `${url.pathname}${url.search}` })
      c.header('retry-after', '5')
      return json(c, errorBody('CHAIN_UNAVAILABLE', 'A chain this answer needs is not answering'), 503)
    }
    log.error('request failed', { url: `${url.pathname}${url.search}`, error })
    return json(c, errorBody('INTERNAL', 'Internal error'), 500)
  })
  return app
}

/**
 * Serves `app` on 127.0.0.1:`port` (0: a free port; read it from `server.address()`). A path
 * registered for some methods answers the others with 405, not 404.
 */
export function serveApi(app: Hono, port: number, log: Logger): Promise<Server> {
  const paths = new Set(app.routes.filter((route) => route.method !== 'ALL').map((route) => route.path))
  for (const path of paths) {
    app.all(path, (c) => {
      throw new HttpError(405, 'METHOD_NOT_ALLOWED', `${c.req.method} is not allowed here`)
    })
  }
  const listener = getRequestListener(app.fetch, {
    hostname: '127.0.0.1',
    // The services run in test processes too: leave their global Request and Response alone.
    overrideGlobalObjects: false,
    // Only what happens before Hono sees the request: a request target the URL parser refuses.
    errorHandler: (error) => {
      if (error instanceof RequestError) {
        return plainJson(errorBody('INVALID_PATH', 'The request path is not a valid URL path'), 400)
      }
      log.error('request failed', { error })
      return plainJson(errorBody('INTERNAL', 'Internal error'), 500)
    },
  })
  const server = createServer(listener)
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve(server))
  })
}

const plainJson = (body: unknown, status: number) =>
  new Response(toJson(body), {
    status,
    headers: { ...JSON_HEADERS, 'access-control-allow-origin': '*', 'cache-control': 'no-store' },
  })
