import type { Address } from 'viem'
import { describe, expect, it } from 'vitest'
import { tokenCautionFinder } from './tokenCaution.ts'

const address = (n: number) => `0x${n.toString(16).padStart(40, '0')}` as Address
const USDC = { address: address(1), symbol: 'USDC' }
const chain = {
  tokens: [
    { ...USDC, name: 'USD Coin', decimals: 6, kind: 'usdc' as const },
    { address: address(2), symbol: 'WETH', name: 'Wrapped Ether', decimals: 18, kind: 'weth' as const },
  ],
}
/** A provider's list: a token of its own, and a "USDC" that is not the config's. */
const PEPE = { address: address(10), symbol: 'PEPE' }
const BRIDGED_USDC = { address: address(11), symbol: 'USDC' }
const cautionOf = tokenCautionFinder(chain, [PEPE, BRIDGED_USDC])

describe('token cautions', () => {
  it('has none for a token of the config, nor for a provider token of a name of its own', () => {
    expect(cautionOf({ ...USDC, listed: true })).toBeUndefined()
    expect(cautionOf({ ...PEPE, listed: true })).toBeUndefined()
  })

  it("names the config's token that a provider's same-looking token is not", () => {
    expect(cautionOf({ ...BRIDGED_USDC, listed: true })).toEqual({ kind: 'lookAlike', listed: USDC })
  })

  it("names the listed token an unlisted one copies, the config's first, whatever script its letters are in", () => {
    expect(cautionOf({ address: address(99), symbol: 'UЅDС', listed: false })).toEqual({
      kind: 'lookAlike',
      listed: USDC,
    })
    expect(cautionOf({ address: address(99), symbol: 'pepe', listed: false })).toEqual({
      kind: 'lookAlike',
      listed: PEPE,
    })
  })

  it('says an unlisted token of a name of its own is unlisted', () => {
    expect(cautionOf({ address: address(99), symbol: 'NEW', listed: false })).toEqual({ kind: 'unlisted' })
  })
})
