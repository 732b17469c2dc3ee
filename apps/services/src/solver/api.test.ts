import { request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import { buildGaslessCrossChainOrder, type GaslessOrder } from '@multi-bridge/core'
import { getAddress } from 'viem'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { serveApi } from '../shared/http.ts'
import { type LogLine, recordingLogger } from '../shared/recordingLogger.ts'
import { solverApi } from './api.ts'
import type { SolverContext } from './context.ts'

// The solver's real API and server over no chains: a well-formed order gets as far as its origin chain, which the
// solver does not serve (400 UNSUPPORTED_CHAIN); what is looked at here is how its body is read.
const lines: LogLine[] = []
const log = recordingLogger(lines)
const context = {
  manifest: { chains: [] },
  chains: new Map(),
  solver: getAddress(`0x${'5'.repeat(40)}`),
  log,
} as unknown as SolverContext

let server: Awaited<ReturnType<typeof serveApi>>
let port: number
beforeAll(async () => {
  server = await serveApi(solverApi(context), 0, log)
  port = (server.address() as AddressInfo).port
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))
beforeEach(() => {
  lines.length = 0
})

const address = (n: number) => getAddress(`0x${n.toString(16).padStart(40, '0')}`)
const order: GaslessOrder = {
  originSettler: address(1),
  user: address(2),
  originChainId: 1337003n,
  openDeadline: 1_000_030,
  fillDeadline: 1_000_180,
  orderData: {
    inputToken: address(3),
    inputAmount: 100_000_000n,
    outputToken: address(4),
    outputAmount: 99_000_000n,
    gasAmount: 0n,
    destinationChainId: 1337002n,
    destinationSettler: address(5),
    recipient: address(6),
    nonce: 42n,
    expires: 1_003_780,
  },
}
const validBody = JSON.stringify(
  { order: buildGaslessCrossChainOrder(order), signature: `0x${'ab'.repeat(65)}` },
  (_key, value) => (typeof value === 'bigint' ? value.toString() : value),
)

/**
 * POSTs `body` with node's own client: `sized` with a Content-Length, otherwise with none, which node sends
 * `Transfer-Encoding: chunked`, in pieces of 1 KiB.
 */
function post(body: string, sized: boolean): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const bytes = Buffer.from(body)
    const headers: Record<string, string> = { 'content-type': 'application/json' }
    if (sized) headers['content-length'] = String(bytes.length)
    const request = httpRequest(
      { host: '127.0.0.1', port, path: '/v1/orders/gasless', method: 'POST', headers },
      (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => {
          text += chunk
        })
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }))
      },
    )
    request.on('error', reject)
    if (!sized) expect(request.getHeader('content-length')).toBeUndefined()
    for (let at = 0; at < bytes.length; at += 1024) request.write(bytes.subarray(at, at + 1024))
    request.end()
  })
}

const errorsLogged = () => lines.filter((line) => line.level === 'error')

describe('POST /v1/orders/gasless with a chunked body (no Content-Length)', () => {
  it('is read like a sized body: a well-formed order gets the same answer', async () => {
    const sized = await post(validBody, true)
    expect(sized).toEqual({
      status: 400,
      body: { error: { code: 'UNSUPPORTED_CHAIN', message: expect.any(String) } },
    })
    expect(await post(validBody, false)).toEqual(sized)
    expect(errorsLogged()).toEqual([])
  })

  it('answers an order that is not valid, or not JSON, with the same 400 as a sized body', async () => {
    for (const body of [JSON.stringify({ order: {} }), '{"order":', '']) {
      const sized = await post(body, true)
      expect(sized.status, body).toBe(400)
      expect(await post(body, false), body).toEqual(sized)
    }
    expect((await post('{"order":', false)).body).toMatchObject({ error: { code: 'INVALID_JSON' } })
    expect(errorsLogged()).toEqual([])
  })

  it('answers a body over the limit with 413, chunked or sized, and keeps serving', async () => {
    const tooLarge = JSON.stringify({ padding: 'x'.repeat(16 * 1024) })
    for (const sized of [true, false]) {
      expect(await post(tooLarge, sized), `sized: ${sized}`).toEqual({
        status: 413,
        body: { error: { code: 'BODY_TOO_LARGE', message: expect.any(String) } },
      })
    }
    // At the limit exactly is not over it.
    const atLimit = `${validBody}${' '.repeat(16 * 1024 - Buffer.byteLength(validBody))}`
    expect((await post(atLimit, false)).body).toMatchObject({ error: { code: 'UNSUPPORTED_CHAIN' } })
    expect(errorsLogged()).toEqual([])
  })
})
