import { describe, expect, it } from 'vitest'
import { NATIVE_TOKEN_ADDRESS } from '../config/manifest.ts'
import type { TokenPrice } from '../routes/types.ts'
import { formatUsdValue, impliedPrice, parseUsd, priceOf, pricesFor, usdToAmount, usdValueOf } from './usdValue.ts'

const USDC = { chainId: 1, address: '0x00000000000000000000000000000000000000A1' as const }
const ETH = { chainId: 1, address: NATIVE_TOKEN_ADDRESS }

describe('USD prices as decimal text, exact', () => {
  it('reads plain decimal text only: no floats, signs, exponents or empty text', () => {
    expect(parseUsd('0.99985')).toBe(999_850_000_000_000_000n)
    expect(parseUsd('3000')).toBe(3_000n * 10n ** 18n)
    expect(parseUsd(' 1.5 ')).toBe(15n * 10n ** 17n)
    expect(parseUsd('0.1234567890123456789999')).toBe(123_456_789_012_345_678n) // beyond 18 digits: dropped
    for (const odd of [3000, '', '-1', '1e3', 'NaN', '$1', '1,000', null, undefined, '.5']) {
      expect(parseUsd(odd), String(odd)).toBeUndefined()
    }
  })

  it('values amounts in base units at a price per whole token, without floating point', () => {
    // 1.2 USDC at $1; 0.1 + 0.2 ETH at $3000 is exactly $900.
    expect(formatUsdValue(usdValueOf(1_200_000n, 6, parseUsd('1')!))).toBe('1.2')
    expect(formatUsdValue(usdValueOf(3n * 10n ** 17n, 18, parseUsd('3000')!))).toBe('900')
    expect(formatUsdValue(usdValueOf(100_000_000n, 6, parseUsd('0.99985')!))).toBe('99.985')
    expect(usdToAmount(parseUsd('3')!, 18, parseUsd('3000')!)).toBe(10n ** 15n)
  })

  it('derives the price a USD value implies (Relay gives values), and none from zero', () => {
    expect(impliedPrice(663_068_000_000_000n, 18, '2.000000')).toBe('3016.281889640278221841')
    expect(impliedPrice(100_000_000n, 6, '99.985')).toBe('0.99985')
    expect(impliedPrice(100_000_000n, 6, '0')).toBeUndefined()
    expect(impliedPrice(0n, 6, '1')).toBeUndefined()
    expect(impliedPrice(1n, 6, 1)).toBeUndefined()
  })

  it('finds a price by chain and address in any case, and keeps only the tokens asked', () => {
    const table: TokenPrice[] = [
      { chainId: 1, address: '0x00000000000000000000000000000000000000a1', usd: '1' },
      { chainId: 2, address: '0x00000000000000000000000000000000000000a1', usd: '2' },
      { chainId: 1, address: NATIVE_TOKEN_ADDRESS, usd: '0' },
    ]
    expect(priceOf(table, USDC)).toBe(10n ** 18n)
    expect(priceOf(table, { ...USDC, chainId: 3 })).toBeUndefined()
    expect(priceOf(table, ETH)).toBeUndefined() // zero is no price
    expect(pricesFor(table, [USDC, USDC, ETH])).toEqual([{ ...USDC, usd: '1' }])
  })
})
