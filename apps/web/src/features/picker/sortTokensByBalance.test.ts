import { describe, expect, it } from 'vitest'
import { scaleTo18Decimals, sortTokensByBalance } from './sortTokensByBalance.ts'
import { makeToken } from './testTokens.ts'

const eth = makeToken(0, { symbol: 'ETH', kind: 'native' })
const usdc = makeToken(1, { symbol: 'USDC', decimals: 6 })
const wbtc = makeToken(2, { symbol: 'WBTC', decimals: 8 })
const weird = makeToken(3, { symbol: 'X24', decimals: 24 })
const tokens = [eth, usdc, wbtc, weird]
const balances = (entries: [typeof eth, bigint][]) =>
  new Map(entries.map(([token, value]) => [token.address.toLowerCase(), value]))

describe('sortTokensByBalance', () => {
  it('keeps list order without balances', () => {
    expect(sortTokensByBalance(tokens, undefined)).toEqual(tokens)
    expect(sortTokensByBalance(tokens, new Map())).toEqual(tokens)
  })

  it('compares amounts after scaling by decimals, largest first', () => {
    const sorted = sortTokensByBalance(
      tokens,
      balances([
        [eth, 10n ** 18n], // 1
        [usdc, 2_000_000n], // 2
        [wbtc, 50_000_000n], // 0.5
        [weird, 3n * 10n ** 24n], // 3
      ]),
    )
    expect(sorted.map((token) => token.symbol)).toEqual(['X24', 'USDC', 'ETH', 'WBTC'])
  })

  it('keeps list order for equal balances and for tokens without one', () => {
    const sorted = sortTokensByBalance(
      tokens,
      balances([
        [wbtc, 100_000_000n], // 1
        [eth, 10n ** 18n], // 1
      ]),
    )
    expect(sorted.map((token) => token.symbol)).toEqual(['ETH', 'WBTC', 'USDC', 'X24'])
  })

  it('scales to 18 decimals exactly', () => {
    expect(scaleTo18Decimals(1n, 6)).toBe(10n ** 12n)
    expect(scaleTo18Decimals(5n, 18)).toBe(5n)
    expect(scaleTo18Decimals(10n ** 6n, 24)).toBe(1n)
  })
})
