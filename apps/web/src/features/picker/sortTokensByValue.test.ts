import { describe, expect, it } from 'vitest'
import { scaleTo18Decimals, sortTokensByValue, tokenValue } from './sortTokensByValue.ts'
import { makeToken } from './testTokens.ts'
import { priceKey } from './tokenPrices.ts'
import type { PickerToken } from './types.ts'

const eth = makeToken(0, { symbol: 'ETH', kind: 'native' })
const usdc = makeToken(1, { symbol: 'USDC', decimals: 6 })
const wbtc = makeToken(2, { symbol: 'WBTC', decimals: 8 })
const weird = makeToken(3, { symbol: 'X24', decimals: 24 })
const shib = makeToken(4, { symbol: 'SHIB' })
const tokens = [eth, usdc, wbtc, weird, shib]
const symbols = (list: PickerToken[]) => list.map((token) => token.symbol)
const balances = (entries: [PickerToken, bigint][]) =>
  new Map(entries.map(([token, value]) => [token.address.toLowerCase(), value]))
/** Prices in whole dollars (scaled by 10^18, as core's `priceOf`), by the table's key. */
const prices = (entries: [PickerToken, bigint][]) =>
  new Map(entries.map(([token, usd]) => [priceKey(token.chainId, token.address), usd * 10n ** 18n]))

describe('sortTokensByValue', () => {
  it('keeps list order without balances', () => {
    expect(sortTokensByValue(tokens, undefined, undefined)).toEqual(tokens)
    expect(sortTokensByValue(tokens, new Map(), prices([[eth, 3000n]]))).toEqual(tokens)
  })

  it('puts 1 ETH before a million of a cheap token: held tokens with a price by their USD value', () => {
    const held = balances([
      [shib, 1_000_000n * 10n ** 18n], // $10
      [eth, 10n ** 18n], // $3000
      [usdc, 2_000_000_000n], // $2000
    ])
    const table = new Map([
      ...prices([
        [eth, 3000n],
        [usdc, 1n],
      ]),
      [priceKey(shib.chainId, shib.address), 10n ** 13n],
    ])
    expect(symbols(sortTokensByValue(tokens, held, table))).toEqual(['ETH', 'USDC', 'SHIB', 'WBTC', 'X24'])
  })

  it('puts held tokens without a price after the valued ones, by balance after scaling by decimals', () => {
    const held = balances([
      [eth, 10n ** 16n], // 0.01 ETH: $30, but it has a price
      [usdc, 2_000_000n], // 2, no price
      [wbtc, 50_000_000n], // 0.5, no price
      [weird, 3n * 10n ** 24n], // 3, no price
    ])
    expect(symbols(sortTokensByValue(tokens, held, prices([[eth, 3000n]])))).toEqual([
      'ETH',
      'X24',
      'USDC',
      'WBTC',
      'SHIB',
    ])
  })

  it('sorts by balance, as before, when no price is known at all', () => {
    const held = balances([
      [eth, 10n ** 18n], // 1
      [usdc, 2_000_000n], // 2
      [wbtc, 50_000_000n], // 0.5
      [weird, 3n * 10n ** 24n], // 3
    ])
    expect(symbols(sortTokensByValue(tokens, held, undefined))).toEqual(['X24', 'USDC', 'ETH', 'WBTC', 'SHIB'])
    expect(symbols(sortTokensByValue(tokens, held, new Map()))).toEqual(['X24', 'USDC', 'ETH', 'WBTC', 'SHIB'])
  })

  it('breaks equal values by balance, then keeps list order; tokens not held stay in list order', () => {
    const held = balances([
      [wbtc, 100_000_000n], // 1 WBTC at $2: $2
      [usdc, 2_000_000n], // 2 USDC at $1: $2, the larger balance
      [eth, 0n],
    ])
    const table = prices([
      [wbtc, 2n],
      [usdc, 1n],
      [eth, 3000n],
    ])
    expect(symbols(sortTokensByValue(tokens, held, table))).toEqual(['USDC', 'WBTC', 'ETH', 'X24', 'SHIB'])
    const same = balances([
      [wbtc, 100_000_000n],
      [eth, 10n ** 18n],
    ])
    expect(symbols(sortTokensByValue(tokens, same, undefined))).toEqual(['ETH', 'WBTC', 'USDC', 'X24', 'SHIB'])
  })

  it('matches prices by chain and address in any letter case', () => {
    const mixed = makeToken(0xabc, { symbol: 'MIX', address: '0x0000000000000000000000000000000000000AbC' })
    const table = new Map([[priceKey(1, '0x0000000000000000000000000000000000000abc'), 5n * 10n ** 18n]])
    expect(tokenValue(mixed, 2n * 10n ** 18n, table)).toBe(10n * 10n ** 18n)
    expect(tokenValue({ ...mixed, chainId: 2 }, 2n * 10n ** 18n, table)).toBeUndefined()
    expect(tokenValue(mixed, 0n, table)).toBeUndefined()
  })

  it('scales to 18 decimals exactly', () => {
    expect(scaleTo18Decimals(1n, 6)).toBe(10n ** 12n)
    expect(scaleTo18Decimals(5n, 18)).toBe(5n)
    expect(scaleTo18Decimals(10n ** 6n, 24)).toBe(1n)
  })
})
