// biome-ignore lint/style/noRestrictedImports: node test support, never shipped
import { createServer, type IncomingMessage } from 'node:http'
// biome-ignore lint/style/noRestrictedImports: node test support, never shipped
import type { AddressInfo } from 'node:net'

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

/**
 * A node that does not offer some methods, in front of a real one: those get geth's JSON-RPC answer for a method it
 * does not have (-32601); every other request is the real node's answer. One request per call (viem's HTTP transport
 * sends no batches unless asked).
 */
export async function startLimitedNode(target: string, missing: readonly string[]) {
  const server = createServer(async (request, response) => {
    try {
      const body = await readBody(request)
      const call = JSON.parse(body) as { id?: unknown; method?: string }
      if (call.method && missing.includes(call.method)) {
        const error = { code: -32601, message: `the method ${call.method} does not exist/is not available` }
        response.writeHead(200, { 'content-type': 'application/json' })
        response.end(JSON.stringify({ jsonrpc: '2.0', id: call.id ?? null, error }))
        return
      }
      const upstream = await fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
      response.writeHead(upstream.status, { 'content-type': 'application/json' })
      response.end(await upstream.text())
    } catch {
      request.socket.destroy()
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
