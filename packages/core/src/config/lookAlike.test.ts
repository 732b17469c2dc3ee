import type { Address } from 'viem'
import { describe, expect, it } from 'vitest'
import { lookAlikeFinder, symbolSkeleton } from './lookAlike.ts'

const USDC = { address: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913' as Address, symbol: 'USDC' }
const WETH = { address: '0x4200000000000000000000000000000000000006' as Address, symbol: 'WETH' }
const lookAlikeOf = lookAlikeFinder([USDC, WETH])
const OTHER = '0x000000000000000000000000000000000000dEaD' as Address

describe('look-alike tokens', () => {
  it.each([
    ['the same symbol', 'USDC'],
    ['another case', 'usdc'],
    ['Cyrillic Ѕ and С', 'UЅDС'],
    ['Greek capitals', 'WΕΤΗ'],
    ['full-width letters', 'ＵＳＤＣ'],
    ['a zero-width space inside', 'US\u200BDC'],
    ['a space', 'USD C'],
    ['a digit for a letter', 'U5DC'],
  ])('finds the listed token behind %s at another address', (_case, symbol) => {
    const listed = lookAlikeOf({ address: OTHER, symbol })
    expect(listed).toBeDefined()
    expect(symbolSkeleton(listed?.symbol ?? '')).toBe(symbolSkeleton(symbol))
  })

  it('is nothing for the listed token itself, whatever case its address is written in', () => {
    expect(lookAlikeOf({ address: USDC.address.toLowerCase() as Address, symbol: 'USDC' })).toBeUndefined()
  })

  it('is nothing for a token of its own name, or one that only begins like a listed one', () => {
    expect(lookAlikeOf({ address: OTHER, symbol: 'USDC.e' })).toBeUndefined()
    expect(lookAlikeOf({ address: OTHER, symbol: 'DAI' })).toBeUndefined()
    expect(lookAlikeOf({ address: OTHER, symbol: '\u200B' })).toBeUndefined()
  })
})
