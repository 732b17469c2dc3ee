import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A JSON-RPC pass-through between the services and one chain that counts every call (a batch counts each
 * call in it) and can be cut off, as apps/services/test/rpcProxy.ts does for the tests.
 */
export type CountingProxy = {
  url: string
  calls: () => number
  byMethod: () => Record<string, number>
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

const methodsOf = (body: string): string[] => {
  try {
    const parsed = JSON.parse(body) as { method?: string } | { method?: string }[]
    return (Array.isArray(parsed) ? parsed : [parsed]).map((call) => call.method ?? 'unknown')
  } catch {
    return ['unparsable']
  }
}

export async function startCountingProxy(target: string): Promise<CountingProxy> {
  let isDown = false
  let total = 0
  const methods: Record<string, number> = {}
  const server = createServer(async (request, response) => {
    if (isDown) {
      request.socket.destroy()
      return
    }
    try {
      const body = await readBody(request)
      for (const method of methodsOf(body)) {
        total++
        methods[method] = (methods[method] ?? 0) + 1
      }
      const upstream = await fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
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
    calls: () => total,
    byMethod: () => ({ ...methods }),
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
