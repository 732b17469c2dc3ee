import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAttesterClient } from './attesterClient.ts'
import { ServiceError } from './errors.ts'
import { createApi, HttpError, json, serveApi } from './http.ts'
import type { Logger } from './logger.ts'

const log: Logger = { debug() {}, info() {}, warn() {}, error() {}, child: () => log }
const id = (byte: string) => `0x${byte.repeat(32)}` as const
const solver = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'
/** What this fake attester answers for each order id. */
const answers = new Map<string, unknown>([
  [
    id('01'),
    {
      status: 'filled',
      originChainId: 1,
      attestation: { kind: 'fill', solver, fillTime: 12, signatures: '0xabcd' },
    },
  ],
  [
    id('02'),
    {
      status: 'filled',
      originChainId: 1,
      attestation: { kind: 'fill', solver: 'not an address', fillTime: 12, signatures: '0x' },
    },
  ],
  [id('03'), { status: 'paid', originChainId: 1, attestation: null }],
])

let server: Awaited<ReturnType<typeof serveApi>>
let client: ReturnType<typeof createAttesterClient>

beforeAll(async () => {
  const api = createApi(log)
  api.get('/v1/intents/:orderId', (c) => {
    const orderId = c.req.param('orderId')
    if (orderId === id('ee')) throw new Error('the attester broke')
    const answer = answers.get(orderId)
    if (!answer) throw new HttpError(404, 'UNKNOWN_ORDER', 'No final order with this id (yet)')
    return json(c, answer)
  })
  server = await serveApi(api, 0, log)
  client = createAttesterClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  )

describe('the attester client', () => {
  it('reads an answer through its schema', async () => {
    expect(await client.intent(id('01'))).toEqual({
      status: 'filled',
      originChainId: 1,
      attestation: {
        kind: 'fill',
        solver: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
        fillTime: 12,
        signatures: '0xabcd',
      },
    })
  })

  it('answers undefined for an order the attester has not seen', async () => {
    expect(await client.intent(id('aa'))).toBeUndefined()
  })

  it('refuses an answer of the wrong shape, and an attester failure, with stable codes', async () => {
    for (const orderId of [id('02'), id('03')]) {
      const error = await failure(client.intent(orderId))
      expect(error, orderId).toBeInstanceOf(ServiceError)
      expect(error, orderId).toMatchObject({ code: 'ATTESTER_ANSWER_INVALID' })
      expect((error as Error).message).toContain(
        `the attester's answer for /v1/intents/${orderId} has an unexpected shape`,
      )
    }
    expect(await failure(client.intent(id('ee')))).toMatchObject({
      code: 'ATTESTER_FAILED',
      message: `the attester answered 500 for /v1/intents/${id('ee')}`,
    })
  })
})
