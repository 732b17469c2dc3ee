import { createReadStream, existsSync, statSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize } from 'node:path'

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.map': 'application/json',
  '.png': 'image/png',
  '.webmanifest': 'application/manifest+json',
}

export type StaticServer = { url: string; server: Server; stop: () => Promise<void> }

/**
 * Serves the production build like any static host would, plus the network config at
 * `/config/manifest.json`. `routes` can answer other paths (or fail them) for a test.
 */
export async function startStaticServer(parameters: {
  distDir: string
  manifest: unknown
  routes?: Record<string, (response: import('node:http').ServerResponse) => void>
  /** Paths answered with 404, as a deploy that lost a file would. */
  missing?: RegExp
  /** Paths never answered, as a network that stalls would. */
  stalled?: RegExp
}): Promise<StaticServer> {
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(`http://x${request.url ?? '/'}`).pathname)
    if (parameters.stalled?.test(path)) return
    if (parameters.missing?.test(path)) {
      response.writeHead(404)
      return response.end('not found')
    }
    const custom = parameters.routes?.[path]
    if (custom) return custom(response)
    if (path === '/config/manifest.json') {
      response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' })
      return response.end(JSON.stringify(parameters.manifest))
    }
    const file = normalize(join(parameters.distDir, path === '/' ? 'index.html' : path))
    if (!file.startsWith(parameters.distDir) || !existsSync(file) || statSync(file).isDirectory()) {
      response.writeHead(404)
      return response.end('not found')
    }
    response.writeHead(200, {
      'content-type': types[extname(file)] ?? 'application/octet-stream',
      // As static hosts serve a Vite build: its hashed assets never change; everything else is checked each time.
      'cache-control': path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    })
    createReadStream(file).pipe(response)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/`,
    server,
    stop: async () => {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}
