import { describe, expect, it } from 'vitest'
import { createTokenSearchIndex, filterTokens } from './filterTokens.ts'
import { makeToken, makeTokenList } from './testTokens.ts'

const eth = makeToken(0, { symbol: 'ETH', name: 'Ether', kind: 'native' })
const usdc = makeToken(1, {
  symbol: 'USDC',
  name: 'USD Coin',
  kind: 'usdc',
  address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
})
const usdt = makeToken(2, { symbol: 'USDT', name: 'Tether USD', kind: 'usdt' })
const weth = makeToken(3, { symbol: 'WETH', name: 'Wrapped Ether', kind: 'weth' })
const susd = makeToken(4, { symbol: 'sUSD', name: 'Synth sUSD' })
const tokens = [eth, usdc, usdt, weth, susd]
const index = createTokenSearchIndex(tokens)
const symbols = (query: string) => filterTokens(index, query).map((token) => token.symbol)

describe('filterTokens', () => {
  it('returns every token, in order, for empty or blank text', () => {
    expect(symbols('')).toEqual(['ETH', 'USDC', 'USDT', 'WETH', 'sUSD'])
    expect(symbols('   ')).toEqual(['ETH', 'USDC', 'USDT', 'WETH', 'sUSD'])
  })

  it('ranks the exact symbol, then symbol prefixes, then name prefixes, then the rest', () => {
    // WETH's symbol contains the text; Tether's name only does.
    expect(symbols('eth')).toEqual(['ETH', 'WETH', 'USDT'])
    expect(symbols('usd')).toEqual(['USDC', 'USDT', 'sUSD'])
    expect(symbols('usdt')).toEqual(['USDT'])
    expect(symbols('te')).toEqual(['USDT'])
    expect(symbols('ether')).toEqual(['ETH', 'USDT', 'WETH'])
  })

  it('puts name prefixes before symbols containing the text, and names containing it last', () => {
    const ranked = createTokenSearchIndex([
      makeToken(10, { symbol: 'QQ', name: 'Crab token' }), // name contains
      makeToken(11, { symbol: 'XAB', name: 'Ex' }), // symbol contains
      makeToken(12, { symbol: 'ZZZ', name: 'Abacus' }), // name prefix
      makeToken(13, { symbol: 'ABC', name: 'Alphabet' }), // symbol prefix
      makeToken(14, { symbol: 'AB', name: 'Ab' }), // exact symbol
    ])
    expect(filterTokens(ranked, 'ab').map((token) => token.symbol)).toEqual(['AB', 'ABC', 'ZZZ', 'XAB', 'QQ'])
  })

  it('ignores letter case and surrounding spaces', () => {
    expect(symbols('  UsD c ')).toEqual(['USDC'])
    expect(symbols('  UsDc ')).toEqual(['USDC'])
    expect(symbols('SUSD')).toEqual(['sUSD'])
    expect(symbols('wrapped ETHER')).toEqual(['WETH'])
  })

  it('finds a token by its exact contract address in any letter case', () => {
    expect(symbols('0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48')).toEqual(['USDC'])
    expect(symbols('0XA0B86991C6218B36C1D19D4A2E9EB0CE3606EB48'.replace('0X', '0x'))).toEqual(['USDC'])
    expect(symbols(` ${usdc.address} `)).toEqual(['USDC'])
    expect(symbols('0x0000000000000000000000000000000000000000')).toEqual(['ETH'])
  })

  it('matches nothing for a complete address that is not listed', () => {
    expect(symbols('0x1111111111111111111111111111111111111111')).toEqual([])
  })

  it('filters half an address normally: by address prefix, symbol or name', () => {
    expect(symbols('0xa0b869')).toEqual(['USDC'])
    expect(symbols('0x00000000000000000000000000000000000000')).toEqual(['ETH', 'USDT', 'WETH', 'sUSD'])
    expect(symbols('0xzz')).toEqual([])
  })

  it('keeps the index order (balance order) within a rank', () => {
    const reordered = createTokenSearchIndex([usdt, susd, usdc])
    expect(filterTokens(reordered, 'usd').map((token) => token.symbol)).toEqual(['USDT', 'USDC', 'sUSD'])
  })

  it('stays fast on 10,000 tokens', () => {
    const ROUNDS = 20
    const list = makeTokenList(10_000)
    let started = performance.now()
    const big = createTokenSearchIndex(list)
    const indexMs = performance.now() - started

    const queries = ['a', 'al', 'alp', 'alph', 'alpha', 'beta 12', 'zzz', 'OME99', list[5000]?.address ?? '', '0x00']
    let results = 0
    for (const query of queries) filterTokens(big, query) // warm up, as a few keystrokes would
    started = performance.now()
    for (let round = 0; round < ROUNDS; round++) for (const query of queries) results += filterTokens(big, query).length
    const perQueryMs = (performance.now() - started) / (ROUNDS * queries.length)

    console.log(
      `[filterTokens] 10,000 tokens: index ${indexMs.toFixed(2)} ms, ${perQueryMs.toFixed(3)} ms per keystroke`,
    )
    expect(results).toBeGreaterThan(0)
    expect(filterTokens(big, list[5000]?.address.toUpperCase().replace('0X', '0x') ?? '')).toEqual([list[5000]])
    expect(filterTokens(big, 'alp0')[0]).toBe(list[0])
  })

  it('narrows keystroke by keystroke to exactly what a fresh search finds', () => {
    const list = makeTokenList(2_000)
    const typed = createTokenSearchIndex(list)
    for (const query of ['alpha gam', 'bet', '0x7e570000000000000000000000000000000007d', 'OME1', '0', '0x7']) {
      for (let length = 1; length <= query.length; length++) {
        const text = query.slice(0, length)
        expect(filterTokens(typed, text)).toEqual(filterTokens(createTokenSearchIndex(list), text))
      }
      // Deleting goes back to the whole list.
      expect(filterTokens(typed, query.slice(0, 1))).toEqual(
        filterTokens(createTokenSearchIndex(list), query.slice(0, 1)),
      )
    }
  })
})
