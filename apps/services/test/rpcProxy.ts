import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'

export type RpcProxy = {
  url: string
  /** From now on every connection is cut at once, as a dead RPC endpoint does. */
  down: () => void
  up: () => void
  stop: () => Promise<void>
}

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let body = ''
    request.setEncoding('utf8')
    request.on('data', (chunk: string) => {
      body += chunk
    })
    request.on('end', () => resolve(body))
    request.on('error', reject)
  })

/** A JSON-RPC pass-through to `target` on a free port, which a test can switch off and on. */
export async function startRpcProxy(target: string): Promise<RpcProxy> {
  let isDown = false
  const server = createServer(async (request, response) => {
    if (isDown) {
      request.socket.destroy()
      return
    }
    try {
      const upstream = await fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: await readBody(request),
      })
      response.writeHead(upstream.status, { 'content-type': 'application/json' })
      response.end(await upstream.text())
    } catch {
      request.socket.destroy()
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    down: () => {
      isDown = true
      server.closeAllConnections()
    },
    up: () => {
      isDown = false
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
