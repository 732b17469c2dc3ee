import { describe, expect, it } from 'vitest'
import { cappedGas } from './gasCap.ts'

describe('the gas cap of a delivery', () => {
  it('sends with headroom above the estimate, never above the cap', () => {
    expect(cappedGas(100_000n, 250_000n)).toEqual({ gas: 120_000n })
    expect(cappedGas(240_000n, 250_000n)).toEqual({ gas: 250_000n })
    expect(cappedGas(250_000n, 250_000n)).toEqual({ gas: 250_000n })
  })

  it('declines a delivery whose estimate is above the cap, as a gas-burning recipient would make it', () => {
    expect(cappedGas(10_113_084n, 250_000n)).toEqual({
      problem: 'it would cost 10113084 gas, above the cap of 250000',
    })
  })
})
