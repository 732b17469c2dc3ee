import { type Hex, hashTypedData, size } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { combineSignatures, packSignatures } from './attestation.ts'
import { intentSettlerDomain, noFillAttestationTypes } from './intent.ts'

const keys = [0, 1, 2, 3].map(() => privateKeyToAccount(generatePrivateKey()))
const [a, b, c, stranger] = keys as [(typeof keys)[0], (typeof keys)[0], (typeof keys)[0], (typeof keys)[0]]
const typedData = {
  domain: intentSettlerDomain(1337001, '0x00000000000000000000000000000000000000aa'),
  types: noFillAttestationTypes,
  primaryType: 'NoFillAttestation',
  message: { orderId: `0x${'11'.repeat(32)}` },
} as const
const digest = hashTypedData(typedData)
const set = { signers: [a.address, b.address, c.address], threshold: 2 }
const sign = (key: typeof a) => key.signTypedData(typedData)

describe('combineSignatures', () => {
  it('packs exactly the threshold of valid signatures, by ascending signer, whatever order they came in', async () => {
    const signatures = await Promise.all([c, a, b].map(sign))
    const combined = await combineSignatures(digest, signatures, set)
    expect(size(combined!)).toBe(130)
    const byAddress = [a, b, c].sort((x, y) => (BigInt(x.address) < BigInt(y.address) ? -1 : 1))
    const chosen = await Promise.all(
      byAddress.slice(0, 2).map(async (k) => ({ signer: k.address, signature: await sign(k) })),
    )
    expect(combined).toBe(packSignatures(chosen))
  })

  it("leaves out a stranger's, a copy, another digest's and junk: below the threshold there is nothing", async () => {
    const other = await a.signTypedData({ ...typedData, message: { orderId: `0x${'22'.repeat(32)}` } })
    const junk: Hex[] = ['0x', '0x1234', `0x${'00'.repeat(65)}`]
    const signatures = [await sign(a), await sign(a), await sign(stranger), other, ...junk]
    expect(await combineSignatures(digest, signatures, set)).toBeUndefined()
    expect(await combineSignatures(digest, [...signatures, await sign(b)], set)).toBeDefined()
  })

  it('follows the verifier: a signer rotated out no longer counts', async () => {
    const rotated = { signers: [a.address, stranger.address, c.address], threshold: 2 }
    expect(await combineSignatures(digest, [await sign(b), await sign(a)], rotated)).toBeUndefined()
    expect(await combineSignatures(digest, [await sign(b), await sign(a), await sign(stranger)], rotated)).toBeDefined()
  })
})
