import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'

export type RpcProxy = {
  url: string
  /** From now on every connection is cut at once, as a dead RPC endpoint does. */
  down: () => void
  up: () => void
  /**
   * From now on `eth_call`s (to `to` only, when given) get no answer at all, as from a node that answers block
   * numbers and logs but whose state reads hang; `up` cuts the held ones and answers again.
   */
  holdCalls: (to?: string) => void
  /**
   * `eth_call`s held now (not answered, not given up by the caller), the most held at once, and how many were held
   * in all (each attempt of a caller's read counts).
   */
  held: () => { now: number; most: number; total: number }
  stop: () => Promise<void>
}

/** True when `body` is a single `eth_call` to `to` (`'*'`: to any contract). */
function isCallTo(body: string, to: string | undefined): boolean {
  if (!to) return false
  try {
    const request = JSON.parse(body) as { method?: string; params?: [{ to?: string }] }
    return request.method === 'eth_call' && (to === '*' || request.params?.[0]?.to?.toLowerCase() === to)
  } catch {
    return false
  }
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
  let holdTo: string | undefined
  const held = new Set<IncomingMessage>()
  let most = 0
  let total = 0
  const server = createServer(async (request, response) => {
    if (isDown) {
      request.socket.destroy()
      return
    }
    try {
      const body = await readBody(request)
      if (isCallTo(body, holdTo)) {
        held.add(request)
        total++
        most = Math.max(most, held.size)
        request.socket.once('close', () => held.delete(request))
        return
      }
      const upstream = await fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
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
      holdTo = undefined
      for (const request of held) request.socket.destroy()
      held.clear()
    },
    holdCalls: (to) => {
      holdTo = to?.toLowerCase() ?? '*'
    },
    held: () => ({ now: held.size, most, total }),
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
