import { readFileSync } from 'node:fs'
import { MultiBridgeError } from '@multi-bridge/core'
import { parseUnits } from 'viem'
import { z } from 'zod'
import type { ServiceErrorCode } from '../shared/errors.ts'
import { DEFAULT_PRICING, type SolverPricingConfig } from './pricing.ts'

/** A pricing setting the solver must not start with; the message names the source and the field. */
export class PricingConfigError extends MultiBridgeError<ServiceErrorCode> {
  override name = 'PricingConfigError'

  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, { code: 'INVALID_PRICING', cause: options.cause })
  }
}

const DECIMAL = /^(0|[1-9][0-9]*)(\.[0-9]{1,18})?$/
const decimal = z
  .string('must be decimal text, e.g. "3000" or "0.10"')
  .regex(DECIMAL, 'must be decimal text, e.g. "3000" or "0.10"')
// Zod runs every check even after one failed: only well-formed text reaches parseUnits.
const positiveDecimal = decimal.refine(
  (value) => !DECIMAL.test(value) || parseUnits(value, 18) > 0n,
  'must be greater than zero',
)
const integer = (min: number, max: number) =>
  z
    .number(`must be a whole number from ${min} to ${max}`)
    .int(`must be a whole number from ${min} to ${max}`)
    .min(min, `must be a whole number from ${min} to ${max}`)
    .max(max, `must be a whole number from ${min} to ${max}`)

/** Any subset of the settings; unknown keys are refused, since a typo would otherwise go unnoticed. */
const pricingSchema = z.strictObject({
  pricesUsd: z
    .record(z.string().regex(/^\S+$/, 'token symbols have no spaces'), positiveDecimal)
    .refine((prices) => Object.keys(prices).length > 0, 'must price at least one token')
    .optional(),
  // Below 100 %: the solver's inverse pricing divides by (10,000 - spreadBps).
  spreadBps: integer(0, 9_999).optional(),
  gasFeeUsd: decimal.optional(),
  gasOnArrivalUsd: decimal.optional(),
  minOrderUsd: decimal.optional(),
  maxOrderUsd: positiveDecimal.optional(),
  acceptToleranceBps: integer(0, 10_000).optional(),
  quoteTtlSeconds: integer(1, 86_400).optional(),
  fillWindowSeconds: integer(1, 86_400).optional(),
  refundGraceSeconds: integer(1, 30 * 86_400).optional(),
  maxUnconfirmedUsd: decimal.optional(),
  maxUnopenedUsd: decimal.optional(),
  gaslessLossWindowSeconds: integer(60, 365 * 86_400).optional(),
  maxFillGas: integer(50_000, 10_000_000).optional(),
})

export type SolverPricingSettings = z.infer<typeof pricingSchema>

/** Validates settings from `source` (a file path or an environment variable, named in errors). */
function parsePricingSettings(value: unknown, source: string): SolverPricingSettings {
  const result = pricingSchema.safeParse(value)
  if (result.success) return result.data
  const problems = result.error.issues.map((issue) => {
    const field = issue.path.map(String).join('.')
    return field ? `${field} ${issue.message}` : issue.message
  })
  throw new PricingConfigError(`Invalid solver pricing in ${source}: ${problems.join('; ')}`)
}

/** The defaults with `settings` on top, checked as a whole. */
export function resolvePricing(settings: SolverPricingSettings = {}, source = 'the solver settings') {
  const config: SolverPricingConfig = { ...DEFAULT_PRICING, ...parsePricingSettings(settings, source) }
  if (parseUnits(config.minOrderUsd, 18) > parseUnits(config.maxOrderUsd, 18)) {
    throw new PricingConfigError(
      `Invalid solver pricing in ${source}: minOrderUsd (${config.minOrderUsd}) is above maxOrderUsd (${config.maxOrderUsd})`,
    )
  }
  return config
}

export type LoadPricingParameters = {
  /** A JSON file with any subset of the settings; SOLVER_PRICING_FILE when omitted. */
  file?: string
  env?: NodeJS.ProcessEnv
}

/** Environment variables that override single settings (after the file). */
const PRICING_ENV = { SOLVER_SPREAD_BPS: 'spreadBps', SOLVER_FILL_WINDOW_SECONDS: 'fillWindowSeconds' } as const

/**
 * The solver's prices, spread and limits: the defaults, then the pricing file, then the
 * environment. Anything invalid throws a PricingConfigError naming the source and the field.
 */
export function loadPricing(parameters: LoadPricingParameters = {}): SolverPricingConfig {
  const env = parameters.env ?? process.env
  const file = parameters.file ?? (env.SOLVER_PRICING_FILE || undefined)
  let settings: SolverPricingSettings = {}
  if (file) settings = parsePricingSettings(readJson(file), file)
  for (const [variable, field] of Object.entries(PRICING_ENV)) {
    const text = env[variable]
    if (text === undefined || text === '') continue
    if (!/^[0-9]+$/.test(text.trim())) {
      throw new PricingConfigError(`Invalid solver pricing in ${variable}: must be a whole number, got "${text}"`)
    }
    settings = { ...settings, ...parsePricingSettings({ [field]: Number(text) }, variable) }
  }
  return resolvePricing(settings, file ? `${file} and the environment` : 'the environment')
}

function readJson(file: string): unknown {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    throw new PricingConfigError(`Cannot read the solver pricing file ${file}: ${(error as Error).message}`, {
      cause: error,
    })
  }
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new PricingConfigError(`The solver pricing file ${file} is not valid JSON: ${(error as Error).message}`, {
      cause: error,
    })
  }
}
