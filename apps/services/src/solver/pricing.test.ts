import { describe, expect, it } from 'vitest'
import {
  convert,
  DEFAULT_PRICING,
  FILL_GAS,
  isAcceptablePrice,
  maxInputForOutput,
  minInputForOutput,
  networkFee,
  parsePricing,
  priceTable,
  quoteGasOnArrival,
  quoteOutput,
  UnpricedTokenError,
} from './pricing.ts'

const USDC = { symbol: 'USDC', decimals: 6 }
const ETH = { symbol: 'ETH', decimals: 18 }
const config = parsePricing(DEFAULT_PRICING)

describe('solver pricing', () => {
  it('converts between decimals at configured prices without floating point', () => {
    expect(convert(config, 3_000_000_000n, USDC, ETH)).toBe(10n ** 18n) // 3000 USDC = 1 ETH
    expect(convert(config, 10n ** 18n, ETH, USDC)).toBe(3_000_000_000n)
    expect(convert(config, 1n, USDC, ETH)).toBe(333_333_333n) // $0.000001 / 3000 = 3.33e-10 ETH, rounded down
  })

  it('takes the spread (rounded up) and a flat gas fee from the output', () => {
    const quote = quoteOutput(config, 100_000_000n, USDC, USDC) // 100 USDC
    expect(quote.grossOutput).toBe(100_000_000n)
    expect(quote.spreadFee).toBe(100_000n) // 10 bps
    expect(quote.gasFee).toBe(100_000n) // $0.10
    expect(quote.outputAmount).toBe(99_800_000n)
  })

  it('reports dust orders as non-positive output', () => {
    expect(quoteOutput(config, 50_000n, USDC, USDC).outputAmount).toBeLessThanOrEqual(0n)
  })

  it('finds the largest input that inventory can serve', () => {
    const available = 250_000_000_000n // 250k USDC
    const max = maxInputForOutput(config, available, ETH, USDC)
    expect(quoteOutput(config, max, ETH, USDC).outputAmount).toBeLessThanOrEqual(available)
    expect(quoteOutput(config, max + 10n ** 15n, ETH, USDC).outputAmount).toBeGreaterThan(available)
    expect(maxInputForOutput(config, 0n, ETH, USDC)).toBe(0n)
  })

  it('finds the smallest input that covers the fees, the gas on arrival too: the least it can quote', () => {
    // 100,102 × (1 − 0.1 %, rounded up) − 0.1 USDC of gas = 1 base unit; one less leaves nothing.
    expect(minInputForOutput(config, USDC, USDC)).toBe(100_102n)
    expect(quoteOutput(config, 100_101n, USDC, USDC).outputAmount).toBe(0n)
    for (const [input, output, gasFee, extra] of [
      [USDC, USDC, 300_000n, 3_000_000n],
      [ETH, USDC, 960_000n, 0n],
      [USDC, ETH, 240_000_000_000_000n, 10n ** 15n],
    ] as const) {
      const least = minInputForOutput(config, input, output, gasFee, extra)
      expect(quoteOutput(config, least, input, output, gasFee).outputAmount - extra).toBeGreaterThan(0n)
      expect(quoteOutput(config, least - 1n, input, output, gasFee).outputAmount - extra).toBeLessThanOrEqual(0n)
    }
  })

  it('accepts orders at or below its price plus tolerance, refuses greedier ones', () => {
    const fair = quoteOutput(config, 100_000_000n, USDC, USDC).outputAmount
    expect(isAcceptablePrice(config, 100_000_000n, fair, USDC, USDC)).toBe(true)
    expect(isAcceptablePrice(config, 100_000_000n, (fair * 10_050n) / 10_000n, USDC, USDC)).toBe(true)
    expect(isAcceptablePrice(config, 100_000_000n, (fair * 10_060n) / 10_000n, USDC, USDC)).toBe(false)
  })

  it('prices gas on arrival from the input, and refuses an order asking more gas, or gas for free', () => {
    const input = 100_000_000n // 100 USDC
    const { gasAmount, cost } = quoteGasOnArrival(config, ETH, USDC)
    expect(gasAmount).toBe(10n ** 15n) // $3 at $3000: 0.001 ETH
    expect(cost).toBe(3_000_000n) // 3 USDC, rounded up
    const fair = quoteOutput(config, input, USDC, USDC).outputAmount
    const gas = { amount: gasAmount, native: ETH }
    expect(isAcceptablePrice(config, input, fair - cost, USDC, USDC, gas)).toBe(true)
    // The full output and the gas besides it: the gas would be paid by the solver.
    expect(isAcceptablePrice(config, input, fair, USDC, USDC, gas)).toBe(false)
    // More gas than offered, even with the output lowered to pay for it.
    const doubled = { amount: gasAmount * 2n, native: ETH }
    expect(isAcceptablePrice(config, input, fair - cost * 2n, USDC, USDC, doubled)).toBe(false)
    expect(isAcceptablePrice(config, input, fair - cost, USDC, USDC, { amount: 0n, native: ETH })).toBe(true)
  })

  it('prices the destination gas a fill really spends: its kind at the gas price there, never under the flat fee', () => {
    // 160,000 gas at 2 gwei is 0.00032 ETH, $0.96 at $3000: the flat $0.10 covered a tenth of it.
    const withGas = { units: FILL_GAS.tokenWithGas, price: 2_000_000_000n, native: ETH }
    expect(networkFee(config, USDC, withGas)).toBe(960_000n)
    expect(quoteOutput(config, 100_000_000n, USDC, USDC, networkFee(config, USDC, withGas)).outputAmount).toBe(
      98_940_000n,
    )
    // Rounded up, in the output's units; an order asking for the flat-fee output is then above the price.
    expect(networkFee(config, USDC, { ...withGas, price: 1n })).toBe(100_000n)
    expect(networkFee(config, ETH, { units: FILL_GAS.native, price: 2_000_000_000n, native: ETH })).toBe(
      240_000_000_000_000n,
    )
    const flatOutput = quoteOutput(config, 100_000_000n, USDC, USDC).outputAmount
    expect(isAcceptablePrice(config, 100_000_000n, flatOutput, USDC, USDC, undefined, 960_000n)).toBe(false)
    // No price for the native coin: the flat fee alone.
    expect(networkFee(config, USDC, { ...withGas, native: { symbol: 'POL', decimals: 18 } })).toBe(100_000n)
  })

  it('refuses tokens it has no price for', () => {
    expect(() => convert(config, 1n, { symbol: 'DOGE', decimals: 8 }, USDC)).toThrow(UnpricedTokenError)
  })

  it('serves its price table per token of the manifest, leaving out what it does not price', () => {
    const chains = [
      {
        id: 1,
        tokens: [
          { symbol: 'ETH', address: '0x0000000000000000000000000000000000000000' },
          { symbol: 'USDC', address: '0x00000000000000000000000000000000000000a1' },
          { symbol: 'DOGE', address: '0x00000000000000000000000000000000000000d0' },
        ],
      },
      { id: 2, tokens: [{ symbol: 'USDC', address: '0x00000000000000000000000000000000000000b2' }] },
    ]
    const table = priceTable(parsePricing({ ...DEFAULT_PRICING, pricesUsd: { ETH: '2500.5', USDC: '0.9999' } }), {
      chains,
    } as unknown as Parameters<typeof priceTable>[1])
    expect(table).toEqual([
      { chainId: 1, address: '0x0000000000000000000000000000000000000000', symbol: 'ETH', usd: '2500.5' },
      { chainId: 1, address: '0x00000000000000000000000000000000000000a1', symbol: 'USDC', usd: '0.9999' },
      { chainId: 2, address: '0x00000000000000000000000000000000000000b2', symbol: 'USDC', usd: '0.9999' },
    ])
  })
})
