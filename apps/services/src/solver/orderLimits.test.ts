import { describe, expect, it } from 'vitest'
import { fillTimingProblem, orderTermsProblem } from './orderLimits.ts'
import { DEFAULT_PRICING, parsePricing } from './pricing.ts'

const USDC = { symbol: 'USDC', decimals: 6 }
const now = 1_000_000
const conditions = { now, destinationBlockTime: 2, marginSeconds: 60 }
const order = (change: Partial<Parameters<typeof orderTermsProblem>[1]> = {}) => ({
  input: USDC,
  inputAmount: 100_000_000n, // 100 USDC
  fillDeadline: now + 180,
  expires: now + 180 + 3600,
  ...change,
})

describe('which on-chain orders the solver fills', () => {
  it.each([
    ['a quoted order', order(), undefined],
    ['below the smallest quote', order({ inputAmount: 999_999n }), 'below the minimum order size'],
    ['above the largest quote', order({ inputAmount: 500_000_000_001n }), 'above the maximum order size'],
    [
      'a fill window no quote gives',
      order({ fillDeadline: now + 180 + 31, expires: now + 7200 }),
      'fill window longer than the solver quotes',
    ],
    ['a deadline two blocks away', order({ fillDeadline: now + 3 }), 'fill deadline too close'],
    // The attack: expires one second after the fill deadline, so the refund races the claim.
    [
      'expires right after the fill deadline',
      order({ expires: now + 181 }),
      'too little time between the fill deadline and expires to be repaid',
    ],
    [
      'expires one second short of the margin',
      order({ expires: now + 180 + 59 }),
      'too little time between the fill deadline and expires to be repaid',
    ],
    ['expires exactly at the margin', order({ expires: now + 180 + 60 }), undefined],
  ])('%s', (_name, terms, problem) => {
    expect(orderTermsProblem(parsePricing(DEFAULT_PRICING), terms, conditions)).toBe(problem)
  })

  it('re-checks the timing before each attempt: a late retry is refused', () => {
    const terms = order()
    expect(fillTimingProblem(terms, conditions)).toBeUndefined()
    expect(fillTimingProblem(terms, { ...conditions, now: terms.fillDeadline - 3 })).toBe('fill deadline too close')
  })
})
