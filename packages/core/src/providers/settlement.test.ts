import { afterEach, describe, expect, it, vi } from 'vitest'
import { ServiceUnreachableError } from '../errors/unreachableErrors.ts'
import type { TrackedSwap } from '../swaps/types.ts'
import { askService, isOverdue, refundSignatures } from './settlement.ts'

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

afterEach(() => vi.unstubAllGlobals())

const originChain = { id: 1337001, name: 'Local Chain A' }
const origin = (timestamp: number) => ({ getBlock: async () => ({ timestamp: BigInt(timestamp) }) }) as never
/** The contract's unattested refund time, as `unattestedRefundAfter` reads it (no brake: `expires`). */
const unattestedAfter = async () => 2_000

describe('refundSignatures: an attester that does not answer is said', () => {
  it('gives the no-fill attestation when the attester has signed one', async () => {
    vi.stubGlobal('fetch', async () =>
      answer(200, { status: 'not-filled', attestation: { kind: 'no-fill', signatures: '0xabcd' } }),
    )
    await expect(
      refundSignatures({
        attestationUrl: 'http://a/1',
        notDeliveredStatus: 'not-filled',
        unattestedAfter,
        origin: origin(1_000),
        originChain,
      }),
    ).resolves.toBe('0xabcd')
  })

  it('is "not yet" while the attester has not decided (open, or not indexed: 404)', async () => {
    vi.stubGlobal('fetch', async () => answer(404, { error: { code: 'UNKNOWN_ORDER', message: 'not yet' } }))
    await expect(
      refundSignatures({
        attestationUrl: 'http://a/1',
        notDeliveredStatus: 'not-filled',
        unattestedAfter,
        origin: origin(1_000),
        originChain,
      }),
    ).resolves.toBeUndefined()
  })

  it('names the attester when it does not answer, instead of "preparing" forever', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('fetch failed')
    })
    await expect(
      refundSignatures({
        attestationUrl: 'http://a/1',
        notDeliveredStatus: 'not-filled',
        unattestedAfter,
        origin: origin(1_000),
        originChain,
      }),
    ).rejects.toMatchObject({ service: 'attester', code: 'serviceUnreachable' })
  })

  it('needs no attester at all once the origin is past `expires`', async () => {
    vi.stubGlobal('fetch', async () => answer(503, 'down'))
    await expect(
      refundSignatures({
        attestationUrl: 'http://a/1',
        notDeliveredStatus: 'not-filled',
        unattestedAfter,
        origin: origin(2_001),
        originChain,
      }),
    ).resolves.toBe('0x')
  })
  it('does not offer the unattested refund while the brake holds it, even past `expires`', async () => {
    vi.stubGlobal('fetch', async () => answer(404, { error: { code: 'UNKNOWN_ORDER', message: 'not yet' } }))
    const braked = async () => undefined
    await expect(
      refundSignatures({
        attestationUrl: 'http://a/1',
        notDeliveredStatus: 'not-filled',
        unattestedAfter: braked,
        origin: origin(9_999),
        originChain,
      }),
    ).resolves.toBeUndefined()
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

describe('isOverdue', () => {
  it('gives a swap its estimate and a grace before asking why it is late', () => {
    const swap = { depositedAt: 1_000, estimatedSeconds: 12 } as TrackedSwap
    expect(isOverdue(swap, 1_000 + 12 + 10)).toBe(false)
    expect(isOverdue(swap, 1_000 + 12 + 11)).toBe(true)
    // Restored from chain (no estimate of its own): 30 s and half of it.
    expect(isOverdue({ depositedAt: 1_000 } as TrackedSwap, 1_046)).toBe(true)
    expect(isOverdue({ depositedAt: 1_000 } as TrackedSwap, 1_044)).toBe(false)
  })
})

it('ServiceUnreachableError says which service', () => {
  expect(new ServiceUnreachableError('attester').shortMessage).toBe('The attester is not answering')
})
