// biome-ignore lint/style/noRestrictedImports: the replay server is node test support, never shipped
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
// biome-ignore lint/style/noRestrictedImports: the replay server is node test support, never shipped
import type { AddressInfo } from 'node:net'

/**
 * A local HTTP server that replays canned API answers, so provider adapters are tested against the
 * documented response shapes (and their failures) without the internet.
 *
 *   const server = await startReplayServer({ routes: {
 *     '/v1/quote': { body: quoteFixture },                           // 200 JSON
 *     '/suggested-fees': [{ status: 429, headers: { 'retry-after': '1' } }, { body: fees }], // in order
 *     '/v1/status': (request) => ({ body: statusFor(request.query.txHash) }),
 *     'POST /rpc/1': jsonRpcHandler({ eth_chainId: () => '0x1' }),
 *   } })
 *   server.url        // http://127.0.0.1:<port>
 *   server.requests   // every request seen, in order
 *   server.setRoutes({ ... })  // replace or add routes
 *   await server.close()
 *
 * A route is keyed by path ("/v1/quote") or by method and path ("POST /rpc/1"); the query string is
 * not part of the key. An array answers its entries in order and then repeats the last one. Every
 * answer carries `Access-Control-Allow-Origin: *` (and exposes `retry-after`), and OPTIONS preflights
 * get 204, so a browser page on another origin can use the server too. Unknown paths get a 404 JSON.
 */
export type ReplayResponse = {
  /** HTTP status (default 200). */
  status?: number
  /** Sent as JSON. */
  body?: unknown
  /** Sent verbatim instead of `body`: malformed JSON, HTML error pages, … */
  rawBody?: string
  headers?: Record<string, string>
  /** Waits this long before answering (time-out tests). */
  delayMs?: number
}

export type ReplayRequest = {
  method: string
  path: string
  query: Record<string, string>
  headers: IncomingMessage['headers']
  /** The body parsed as JSON, or undefined. */
  body: unknown
  text: string
}

export type ReplayHandler =
  | ReplayResponse
  | ReplayResponse[]
  | ((request: ReplayRequest) => ReplayResponse | Promise<ReplayResponse>)

export type ReplayRoutes = Record<string, ReplayHandler>

export type ReplayServer = {
  url: string
  requests: ReplayRequest[]
  setRoutes: (routes: ReplayRoutes) => void
  close: () => Promise<void>
}

const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': '*',
  'access-control-expose-headers': 'retry-after',
} as const

export async function startReplayServer(options: { routes?: ReplayRoutes; host?: string } = {}): Promise<ReplayServer> {
  const routes = new Map<string, ReplayHandler>(Object.entries(options.routes ?? {}))
  const served = new Map<string, number>()
  const requests: ReplayRequest[] = []
  const timers = new Set<ReturnType<typeof setTimeout>>()

  const server = createServer((incoming, outgoing) => {
    void handle(incoming, outgoing).catch((error: unknown) => {
      if (outgoing.headersSent) return outgoing.destroy()
      outgoing.writeHead(500, { ...CORS_HEADERS, 'content-type': 'application/json' })
      outgoing.end(JSON.stringify({ message: `replay server: ${String(error)}` }))
    })
  })

  async function handle(incoming: IncomingMessage, outgoing: ServerResponse) {
    const method = incoming.method ?? 'GET'
    if (method === 'OPTIONS') {
      outgoing.writeHead(204, CORS_HEADERS)
      return outgoing.end()
    }
    const url = new URL(incoming.url ?? '/', 'http://replay')
    const chunks: Buffer[] = []
    for await (const chunk of incoming) chunks.push(chunk as Buffer)
    const text = Buffer.concat(chunks).toString('utf8')
    let body: unknown
    try {
      body = text ? JSON.parse(text) : undefined
    } catch {
      body = undefined
    }
    const request: ReplayRequest = {
      method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: incoming.headers,
      body,
      text,
    }
    requests.push(request)

    const key = routes.has(`${method} ${url.pathname}`) ? `${method} ${url.pathname}` : url.pathname
    const handler = routes.get(key)
    let response: ReplayResponse
    if (handler === undefined) {
      response = { status: 404, body: { message: `No replay for ${method} ${url.pathname}` } }
    } else if (typeof handler === 'function') {
      response = await handler(request)
    } else if (Array.isArray(handler)) {
      const index = served.get(key) ?? 0
      served.set(key, index + 1)
      response = handler[Math.min(index, handler.length - 1)] ?? { status: 500 }
    } else {
      response = handler
    }

    if (response.delayMs) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          timers.delete(timer)
          resolve()
        }, response.delayMs)
        timers.add(timer)
      })
      if (outgoing.destroyed) return
    }
    const payload = response.rawBody ?? (response.body === undefined ? '' : JSON.stringify(response.body, jsonBigInt))
    outgoing.writeHead(response.status ?? 200, {
      ...CORS_HEADERS,
      'content-type': 'application/json',
      ...response.headers,
    })
    outgoing.end(payload)
  }

  await new Promise<void>((resolve) => server.listen(0, options.host ?? '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    requests,
    setRoutes: (next) => {
      for (const [key, handler] of Object.entries(next)) {
        routes.set(key, handler)
        served.delete(key)
      }
    },
    close: async () => {
      for (const timer of timers) clearTimeout(timer)
      timers.clear()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

const jsonBigInt = (_key: string, value: unknown) => (typeof value === 'bigint' ? `0x${value.toString(16)}` : value)

/** What a JSON-RPC endpoint answers one call with: its result, or a JSON-RPC error. */
export type JsonRpcAnswer = { result: unknown } | { error: { code: number; message: string; data?: unknown } }

/**
 * A JSON-RPC 2.0 endpoint for a replay route (single and batched calls), so viem clients can read
 * receipts and blocks from canned data. A method runs when its call comes in, before the answer is
 * sent, so it may keep state (a mempool, a block count) or tell the test. A method it does not have
 * answers the JSON-RPC "method not found", unless `otherwise` says what to answer it:
 *
 *   jsonRpcHandler({ eth_chainId: () => '0x1' }, { otherwise: () => ({ result: null }) })   // null to the rest
 *   jsonRpcHandler(methods, { otherwise: ({ method }) => ({ error: { code: -32000, message: `no funds for ${method}` } }) })
 */
export function jsonRpcHandler(
  methods: Record<string, (params: unknown[]) => unknown>,
  options: { otherwise?: (call: { method: string; params: unknown[] }) => JsonRpcAnswer } = {},
): ReplayHandler {
  type Call = { id?: unknown; method?: string; params?: unknown[] }
  const answer = (call: Call) => {
    const method = call.method ? methods[call.method] : undefined
    if (method) return { jsonrpc: '2.0', id: call.id, result: method(call.params ?? []) ?? null }
    const other: JsonRpcAnswer = options.otherwise?.({ method: call.method ?? '', params: call.params ?? [] }) ?? {
      error: { code: -32601, message: `no ${call.method}` },
    }
    return { jsonrpc: '2.0', id: call.id, ...other }
  }
  return (request) => ({
    body: Array.isArray(request.body) ? (request.body as Call[]).map(answer) : answer(request.body as Call),
  })
}

/** A block as a JSON-RPC node returns it, with no transactions: enough for viem to read its number and time. */
/** A successful (or reverted) receipt of `hash` in block `blockNumber`, as a node answers it. */
/** A log of a canned receipt: the emitting contract, its topics and data. */
export type CannedLog = { address: string; topics: string[]; data: string }

/** An ERC-20 `Transfer(from, to, amount)` log of `token`. */
export function transferLog(token: string, from: string, to: string, amount: bigint): CannedLog {
  const word = (value: string | bigint) =>
    `0x${(typeof value === 'bigint' ? value.toString(16) : value.slice(2).toLowerCase()).padStart(64, '0')}`
  return {
    address: token.toLowerCase(),
    topics: ['0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef', word(from), word(to)],
    data: word(amount),
  }
}

export function cannedReceipt(
  hash: string,
  blockNumber: bigint,
  parameters: { to: string; from?: string; success?: boolean; logs?: CannedLog[] },
) {
  return {
    transactionHash: hash,
    transactionIndex: '0x1',
    blockHash: `0x${'b'.repeat(64)}`,
    blockNumber: `0x${blockNumber.toString(16)}`,
    from: (parameters.from ?? `0x${'0'.repeat(40)}`).toLowerCase(),
    to: parameters.to.toLowerCase(),
    cumulativeGasUsed: '0x5208',
    gasUsed: '0x5208',
    effectiveGasPrice: '0x989680',
    contractAddress: null,
    logs: (parameters.logs ?? []).map((log, index) => ({
      ...log,
      blockNumber: `0x${blockNumber.toString(16)}`,
      blockHash: `0x${'b'.repeat(64)}`,
      transactionHash: hash,
      transactionIndex: '0x1',
      logIndex: `0x${index.toString(16)}`,
      removed: false,
    })),
    logsBloom: `0x${'0'.repeat(512)}`,
    status: parameters.success === false ? '0x0' : '0x1',
    type: '0x2',
  }
}

export function cannedBlock(number: bigint, timestamp: bigint | number) {
  return {
    number: `0x${number.toString(16)}`,
    hash: `0x${'b'.repeat(64)}`,
    parentHash: `0x${'a'.repeat(64)}`,
    timestamp: `0x${timestamp.toString(16)}`,
    nonce: '0x0000000000000000',
    difficulty: '0x0',
    gasLimit: '0x1c9c380',
    gasUsed: '0x5208',
    miner: `0x${'0'.repeat(40)}`,
    extraData: '0x',
    baseFeePerGas: '0x989680',
    transactions: [],
    uncles: [],
  }
}

/**
 * A plain value transfer `hash` as a node answers `eth_getTransactionByHash`: pending (no block) unless `blockNumber`
 * is given; 1 wei and no calldata unless `value` and `input` say otherwise.
 */
export function cannedTransaction(
  hash: string,
  parameters: {
    from: string
    to: string
    nonce: number
    chainId: number
    blockNumber?: bigint
    value?: bigint
    input?: string
  },
) {
  const { blockNumber } = parameters
  return {
    hash,
    blockHash: blockNumber === undefined ? null : `0x${'bb'.repeat(32)}`,
    blockNumber: blockNumber === undefined ? null : `0x${blockNumber.toString(16)}`,
    transactionIndex: blockNumber === undefined ? null : '0x0',
    from: parameters.from,
    to: parameters.to,
    nonce: `0x${parameters.nonce.toString(16)}`,
    gas: '0x5208',
    maxFeePerGas: '0x10',
    maxPriorityFeePerGas: '0x1',
    value: `0x${(parameters.value ?? 1n).toString(16)}`,
    input: parameters.input ?? '0x',
    type: '0x2',
    chainId: `0x${parameters.chainId.toString(16)}`,
    v: '0x0',
    r: '0x1',
    s: '0x1',
  }
}
