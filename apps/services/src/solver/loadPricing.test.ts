import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { MultiBridgeError } from '@multi-bridge/core'
import { afterAll, describe, expect, it } from 'vitest'
import { loadPricing, PricingConfigError, resolvePricing } from './loadPricing.ts'
import { DEFAULT_PRICING, parsePricing, quoteOutput } from './pricing.ts'

const dir = mkdtempSync(join(tmpdir(), 'solver-pricing-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
let files = 0
const pricingFile = (content: unknown) => {
  const path = join(dir, `pricing-${files++}.json`)
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content))
  return path
}
const failure = (load: () => unknown) => {
  try {
    load()
  } catch (error) {
    expect(error).toBeInstanceOf(PricingConfigError)
    expect(error).toBeInstanceOf(MultiBridgeError)
    expect(error).toMatchObject({ code: 'INVALID_PRICING' })
    return (error as Error).message
  }
  throw new Error('expected a PricingConfigError')
}

const USDC = { symbol: 'USDC', decimals: 6 }
const ETH = { symbol: 'ETH', decimals: 18 }

describe('solver pricing configuration', () => {
  it('keeps the defaults when nothing is configured', () => {
    expect(loadPricing({ env: {} })).toEqual(DEFAULT_PRICING)
  })

  it('takes prices and spread from the pricing file, and the rest from the defaults', () => {
    const file = pricingFile({ pricesUsd: { ETH: '2500', USDC: '1', DAI: '0.999' }, spreadBps: 25 })
    const config = loadPricing({ env: { SOLVER_PRICING_FILE: file } })
    expect(config).toEqual({
      ...DEFAULT_PRICING,
      pricesUsd: { ETH: '2500', USDC: '1', DAI: '0.999' },
      spreadBps: 25,
    })
    // The prices are what quotes use: 2500 USDC buys 1 ETH gross, 25 bps spread rounded up.
    const quote = quoteOutput(parsePricing(config), 2_500_000_000n, USDC, ETH)
    expect(quote.grossOutput).toBe(10n ** 18n)
    expect(quote.spreadFee).toBe(25n * 10n ** 14n)
    // A token the file does not price is not traded.
    expect(config.pricesUsd.USDT).toBeUndefined()
  })

  it('lets an explicit file path win over SOLVER_PRICING_FILE, and the environment over the file', () => {
    const fromEnv = pricingFile({ spreadBps: 1 })
    const explicit = pricingFile({ spreadBps: 2, fillWindowSeconds: 60 })
    expect(loadPricing({ file: explicit, env: { SOLVER_PRICING_FILE: fromEnv } }).spreadBps).toBe(2)
    const config = loadPricing({
      file: explicit,
      env: { SOLVER_SPREAD_BPS: '40', SOLVER_FILL_WINDOW_SECONDS: '30' },
    })
    expect(config).toMatchObject({ spreadBps: 40, fillWindowSeconds: 30 })
    expect(loadPricing({ env: { SOLVER_SPREAD_BPS: '0' } }).spreadBps).toBe(0)
  })

  it('refuses invalid settings with a message naming the source and the field', () => {
    const cases: [unknown, RegExp][] = [
      [{ spreadBps: 10_000 }, /spreadBps must be a whole number from 0 to 9999/],
      [{ spreadBps: 1.5 }, /spreadBps must be a whole number/],
      [{ spreadBps: '10' }, /spreadBps must be a whole number/],
      [{ pricesUsd: { ETH: 3000 } }, /pricesUsd\.ETH must be decimal text/],
      [{ pricesUsd: { ETH: '3e3' } }, /pricesUsd\.ETH must be decimal text/],
      [{ pricesUsd: { ETH: '-1' } }, /pricesUsd\.ETH must be decimal text/],
      [{ pricesUsd: { ETH: '0' } }, /pricesUsd\.ETH must be greater than zero/],
      [{ pricesUsd: {} }, /pricesUsd must price at least one token/],
      [{ gasFeeUsd: '0.1.0' }, /gasFeeUsd must be decimal text/],
      [{ fillWindowSeconds: 0 }, /fillWindowSeconds must be a whole number from 1/],
      [{ maxFillGas: 21_000 }, /maxFillGas must be a whole number from 50000 to 10000000/],
      [{ spred: 5 }, /Unrecognized key.*spred/],
      [{ minOrderUsd: '10', maxOrderUsd: '5' }, /minOrderUsd \(10\) is above maxOrderUsd \(5\)/],
      [[1, 2], /expected object/],
    ]
    for (const [content, message] of cases) {
      const file = pricingFile(content)
      const text = failure(() => loadPricing({ file, env: {} }))
      expect(text, JSON.stringify(content)).toContain(file)
      expect(text, JSON.stringify(content)).toMatch(message)
    }
  })

  it('refuses an unreadable or non-JSON pricing file', () => {
    const missing = join(dir, 'missing.json')
    expect(failure(() => loadPricing({ env: { SOLVER_PRICING_FILE: missing } }))).toMatch(
      new RegExp(`Cannot read the solver pricing file ${missing}`),
    )
    const broken = pricingFile('{ "spreadBps": ')
    expect(failure(() => loadPricing({ file: broken, env: {} }))).toMatch(/is not valid JSON/)
  })

  it('refuses malformed or out-of-range environment variables, naming them', () => {
    expect(failure(() => loadPricing({ env: { SOLVER_SPREAD_BPS: 'ten' } }))).toBe(
      'Invalid solver pricing in SOLVER_SPREAD_BPS: must be a whole number, got "ten"',
    )
    expect(failure(() => loadPricing({ env: { SOLVER_SPREAD_BPS: '-3' } }))).toMatch(/SOLVER_SPREAD_BPS/)
    expect(failure(() => loadPricing({ env: { SOLVER_FILL_WINDOW_SECONDS: '0' } }))).toMatch(
      /SOLVER_FILL_WINDOW_SECONDS: fillWindowSeconds must be a whole number from 1/,
    )
  })

  it('checks settings passed in code the same way', () => {
    expect(resolvePricing({ spreadBps: 5 }).spreadBps).toBe(5)
    expect(failure(() => resolvePricing({ quoteTtlSeconds: -1 }))).toMatch(/quoteTtlSeconds must be a whole number/)
  })
})
