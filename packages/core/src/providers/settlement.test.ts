import { concat, type Hex } from 'viem'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ServiceUnreachableError } from '../errors/unreachableErrors.ts'
import { askService, refundSignatures } from './settlement.ts'

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

afterEach(() => vi.unstubAllGlobals())

const originChain = { id: 1337001, name: 'Local Chain A' }
const origin = (timestamp: number) => ({ getBlock: async () => ({ timestamp: BigInt(timestamp) }) }) as never
/** The contract's unattested refund time, as `unattestedRefundAfter` reads it (no brake: `expires`). */
const unattestedAfter = async () => 2_000

const URLS = ['http://a1/1', 'http://a2/1', 'http://a3/1']
/** A fake verifier's combination: each attester's signature is its own byte; two distinct ones make it. */
const combine = async (signatures: Hex[]) => {
  const distinct = [...new Set(signatures)].sort()
  return distinct.length >= 2 ? (concat(distinct.slice(0, 2)) as Hex) : undefined
}
const ask = (parameters: Partial<Parameters<typeof refundSignatures>[0]> = {}) =>
  refundSignatures({
    attestationUrls: URLS,
    threshold: 2,
    notDeliveredStatus: 'not-filled',
    combine,
    unattestedAfter,
    origin: origin(1_000),
    originChain,
    ...parameters,
  })
/** Each attester's answer by its URL's host: a no-fill signed with its own byte, 404, or no answer at all. */
const attesters = (answers: Record<string, 'signed' | 'open' | 404 | 'down'>) =>
  vi.stubGlobal('fetch', async (input: string | URL) => {
    const host = new URL(String(input)).host
    const said = answers[host] ?? 'down'
    if (said === 'down') throw new TypeError('fetch failed')
    if (said === 404) return answer(404, { error: { code: 'UNKNOWN_ORDER', message: 'not yet' } })
    if (said === 'open') return answer(200, { status: 'open', attestation: null })
    const signature = `0x${host.slice(1).padStart(2, '0')}`
    return answer(200, { status: 'not-filled', attestation: { kind: 'no-fill', signatures: signature } })
  })

describe('refundSignatures: the attesters that do not answer are said only below the threshold', () => {
  it('gives the no-fill attestation combined once two of the three have signed it', async () => {
    attesters({ a1: 'signed', a2: 'down', a3: 'signed' })
    await expect(ask()).resolves.toBe('0x0103')
  })

  it('is "not yet" while fewer than two have signed (open, or not indexed: 404), even with one down', async () => {
    attesters({ a1: 'signed', a2: 'open', a3: 'down' })
    await expect(ask()).resolves.toBeUndefined()
    attesters({ a1: 404, a2: 404, a3: 404 })
    await expect(ask()).resolves.toBeUndefined()
  })

  it('counts a signature only once: the same attester twice is not two', async () => {
    vi.stubGlobal('fetch', async () =>
      answer(200, { status: 'not-filled', attestation: { kind: 'no-fill', signatures: '0x01' } }),
    )
    await expect(ask()).resolves.toBeUndefined()
  })

  it('names the attester when fewer than the threshold answer, instead of "preparing" forever', async () => {
    attesters({ a1: 'signed', a2: 'down', a3: 'down' })
    await expect(ask()).rejects.toMatchObject({ service: 'attester', code: 'serviceUnreachable' })
    attesters({})
    await expect(ask()).rejects.toBeInstanceOf(ServiceUnreachableError)
  })

  it('needs no attester at all once the origin is past `expires`', async () => {
    vi.stubGlobal('fetch', async () => answer(503, 'down'))
    await expect(ask({ origin: origin(2_001) })).resolves.toBe('0x')
  })

  it('does not offer the unattested refund while the brake holds it, even past `expires`', async () => {
    attesters({ a1: 404, a2: 404, a3: 404 })
    await expect(ask({ unattestedAfter: async () => undefined, origin: origin(9_999) })).resolves.toBeUndefined()
  })
})

describe('askService', () => {
  it("gives the service's status, nothing for an item it does not know, and 'unreachable' when it does not answer", async () => {
    vi.stubGlobal('fetch', async () => answer(200, { status: 'declined', reason: 'no inventory' }))
    await expect(askService({ url: 'http://s/1' })).resolves.toEqual({ status: 'declined' })
    vi.stubGlobal('fetch', async () => answer(404, { error: { code: 'UNKNOWN_ORDER', message: '' } }))
    await expect(askService({ url: 'http://s/1' })).resolves.toBeUndefined()
    vi.stubGlobal('fetch', async () => answer(502, 'bad gateway'))
    await expect(askService({ url: 'http://s/1' })).resolves.toBe('unreachable')
  })
})

it('ServiceUnreachableError says which service', () => {
  expect(new ServiceUnreachableError('attester').shortMessage).toBe('The attester is not answering')
})
