import { describe, expect, it } from 'vitest'
import { slippageLevel, valueLossLevel } from './moneyWarnings.ts'

describe('money warnings', () => {
  it('warns above 3 % of the value lost and asks for a confirm above 10 %', () => {
    expect(valueLossLevel(undefined)).toBe('none')
    expect(valueLossLevel(-50)).toBe('none')
    expect(valueLossLevel(300)).toBe('none')
    expect(valueLossLevel(301)).toBe('warn')
    expect(valueLossLevel(843)).toBe('warn') // 1.2 USDC through the solver
    expect(valueLossLevel(1_000)).toBe('warn')
    expect(valueLossLevel(1_001)).toBe('confirm')
  })

  it('warns about a custom slippage above 1 %, strongly above 5 %', () => {
    expect(slippageLevel(undefined)).toBe('none')
    expect(slippageLevel(50)).toBe('none')
    expect(slippageLevel(100)).toBe('none')
    expect(slippageLevel(101)).toBe('high')
    expect(slippageLevel(500)).toBe('high')
    expect(slippageLevel(2_000)).toBe('veryHigh')
  })
})
