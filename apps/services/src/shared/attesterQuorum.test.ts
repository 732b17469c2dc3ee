import type { AddressInfo } from 'node:net'
import { fillAttestationTypes, intentSettlerDomain, type SignerSet } from '@multi-bridge/core'
import { type Hex, size } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createAttesterQuorum } from './attesterQuorum.ts'
import { createApi, HttpError, json, serveApi } from './http.ts'
import type { Logger } from './logger.ts'

const log: Logger = { debug() {}, info() {}, warn() {}, error() {}, child: () => log }
const CHAIN = 1337001
const SETTLER = '0x00000000000000000000000000000000000000a1'
const SOLVER = '0x00000000000000000000000000000000000000b2'
const ORDER = `0x${'11'.repeat(32)}` as const
const keys = [0, 1, 2, 3].map(() => privateKeyToAccount(generatePrivateKey()))
const [k1, k2, k3, stranger] = keys as [(typeof keys)[0], (typeof keys)[0], (typeof keys)[0], (typeof keys)[0]]
const set: SignerSet = { signers: [k1.address, k2.address, k3.address], threshold: 2 }

/** What each fake attester does: sign a fill (with a key, for a solver), say open, 404, or fail. */
type Behaviour = { sign: typeof k1; solver?: `0x${string}` } | 'open' | 404 | 500
let behaviours: Behaviour[] = []
const servers: Awaited<ReturnType<typeof serveApi>>[] = []

async function fill(key: typeof k1, solver: `0x${string}`): Promise<Hex> {
  return key.signTypedData({
    domain: intentSettlerDomain(CHAIN, SETTLER),
    types: fillAttestationTypes,
    primaryType: 'FillAttestation',
    message: { orderId: ORDER, solver, fillTime: 100 },
  })
}

beforeAll(async () => {
  for (const index of [0, 1, 2]) {
    const api = createApi(log)
    api.get('/v1/intents/:orderId', async (c) => {
      const behaviour = behaviours[index]
      if (behaviour === 404) throw new HttpError(404, 'UNKNOWN_ORDER', 'not yet')
      if (behaviour === 500 || behaviour === undefined) throw new Error('broken')
      if (behaviour === 'open') return json(c, { status: 'open', originChainId: CHAIN, attestation: null })
      const solver = behaviour.solver ?? SOLVER
      const signatures = await fill(behaviour.sign, solver)
      return json(c, {
        status: 'filled',
        originChainId: CHAIN,
        attestation: { kind: 'fill', solver, fillTime: 100, signatures },
      })
    })
    servers.push(await serveApi(api, 0, log))
  }
})
afterAll(() => Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve)))))
beforeEach(() => {
  behaviours = []
})

const quorum = () =>
  createAttesterQuorum({
    manifest: {
      services: {
        attesters: {
          threshold: 2,
          urls: servers.map((server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`),
        },
      },
    } as never,
    chains: new Map([[CHAIN, { config: { contracts: { intentOriginSettler: SETTLER } } }]]) as never,
    role: 'solver',
    signerSets: async () => set,
  })

describe('the attester quorum', () => {
  it('combines two valid signatures into what the verifier reads, with one attester down', async () => {
    behaviours = [{ sign: k1 }, 500, { sign: k3 }]
    const answer = await quorum().intent(ORDER)
    expect(answer).toMatchObject({ status: 'filled', attestation: { kind: 'fill', solver: SOLVER, fillTime: 100 } })
    const sorted = [k1, k3].sort((a, b) => (BigInt(a.address) < BigInt(b.address) ? -1 : 1))
    const expected = `0x${(await Promise.all(sorted.map((k) => fill(k, SOLVER)))).map((s) => s.slice(2)).join('')}`
    expect(answer?.attestation?.signatures).toBe(expected)
    expect(size(answer!.attestation!.signatures)).toBe(130)
  })

  it('is no attestation with one signature: a stranger, or a disagreeing attester, adds nothing', async () => {
    behaviours = [{ sign: k1 }, { sign: stranger }, 'open']
    expect(await quorum().intent(ORDER)).toMatchObject({ status: 'open', attestation: null })
    behaviours = [{ sign: k1 }, { sign: k2, solver: stranger.address }, 404]
    expect(await quorum().intent(ORDER)).toMatchObject({ status: 'open', attestation: null })
    behaviours = [404, 404, 404]
    expect(await quorum().intent(ORDER)).toBeUndefined()
  })

  it('waits (throws, the next round asks again) while fewer than the threshold answer', async () => {
    behaviours = [{ sign: k1 }, 500, 500]
    await expect(quorum().intent(ORDER)).rejects.toMatchObject({ code: 'ATTESTERS_UNREACHABLE' })
  })
})
