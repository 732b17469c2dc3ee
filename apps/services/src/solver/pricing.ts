import { type Manifest, type ManifestToken, MultiBridgeError } from '@multi-bridge/core'
import type { ServiceErrorCode } from '../shared/errors.ts'
import type { SolverPricing } from './pricingConfig.ts'

export {
  DEFAULT_PRICING,
  parsePricing,
  type SolverPricing,
  type SolverPricingConfig,
  usd,
} from './pricingConfig.ts'

/**
 * Gas a fill spends at most, by what it delivers, with the worst recipient (one that refuses the coin and is paid
 * in WETH): measured on the devnet's settler (94,000 / 114,000 / 152,000 used), rounded up. What the quote prices.
 */
export const FILL_GAS = { token: 100_000n, native: 120_000n, tokenWithGas: 160_000n } as const
export type FillKind = keyof typeof FILL_GAS

const BPS = 10_000n

export class UnpricedTokenError extends MultiBridgeError<ServiceErrorCode> {
  override name = 'UnpricedTokenError'

  constructor(readonly symbol: string) {
    super(`The solver has no price for ${symbol}`, { code: 'UNPRICED_TOKEN' })
  }
}

/** USD price of one whole token, scaled by 1e18. */
export function priceOf(config: SolverPricing, token: Pick<ManifestToken, 'symbol'>): bigint {
  const price = config.pricesUsd[token.symbol]
  if (price === undefined) throw new UnpricedTokenError(token.symbol)
  return price
}

type Priced = Pick<ManifestToken, 'symbol' | 'decimals'>

/** Converts base units of `from` into base units of `to` at the configured prices, rounding down. */
export function convert(config: SolverPricing, amount: bigint, from: Priced, to: Priced): bigint {
  const numerator = amount * priceOf(config, from) * 10n ** BigInt(to.decimals)
  const denominator = priceOf(config, to) * 10n ** BigInt(from.decimals)
  return numerator / denominator
}

/** The USD value of `amount` base units of `token`, scaled by 1e18, rounding down. */
export function tokenToUsd(config: SolverPricing, amount: bigint, token: Priced): bigint {
  return (amount * priceOf(config, token)) / 10n ** BigInt(token.decimals)
}

/** USD (1e18-scaled) into base units of `token`, rounding down. */
export function usdToToken(config: SolverPricing, usdAmount: bigint, token: Priced): bigint {
  return (usdAmount * 10n ** BigInt(token.decimals)) / priceOf(config, token)
}

export type OutputQuote = {
  /** Input converted at the reference price. */
  grossOutput: bigint
  spreadFee: bigint
  gasFee: bigint
  /** What the recipient gets; zero or less means the order is too small. */
  outputAmount: bigint
}

/** The flat least fee for destination gas, in the output token. */
export const minimumGasFee = (config: SolverPricing, output: Priced) => usdToToken(config, config.gasFeeUsd, output)

export type DestinationGas = {
  /** Gas the fill spends at most (FILL_GAS). */
  units: bigint
  /** Wei per gas the solver expects to pay there (the node's maxFeePerGas). */
  price: bigint
  native: Priced
}

/**
 * The fee for a fill's destination gas, in the output token, rounded up: what the gas costs at the destination's
 * price, and never less than `gasFeeUsd`. Without a price for the native coin, the flat fee alone.
 */
export function networkFee(config: SolverPricing, output: Priced, gas?: DestinationGas): bigint {
  const flat = minimumGasFee(config, output)
  if (!gas || !(gas.native.symbol in config.pricesUsd)) return flat
  const spent = gasCostInOutput(config, gas.units * gas.price, gas.native, output)
  // biome-ignore lint/complexity/useMathMinMax: Math.max does not take bigint
  return spent > flat ? spent : flat
}

/** The output for `inputAmount`: converted, less the spread and `gasFee` (the flat least fee when not given). */
export function quoteOutput(
  config: SolverPricing,
  inputAmount: bigint,
  input: Priced,
  output: Priced,
  gasFee: bigint = minimumGasFee(config, output),
): OutputQuote {
  const grossOutput = convert(config, inputAmount, input, output)
  const spreadFee = (grossOutput * config.spreadBps + BPS - 1n) / BPS
  return { grossOutput, spreadFee, gasFee, outputAmount: grossOutput - spreadFee - gasFee }
}

/**
 * The largest input whose output fits in `available` output inventory: the inverse of
 * quoteOutput, rounded down so the quote for it never exceeds the inventory.
 */
export function maxInputForOutput(
  config: SolverPricing,
  available: bigint,
  input: Priced,
  output: Priced,
  gasFee: bigint = minimumGasFee(config, output),
) {
  if (available <= 0n) return 0n
  const gross = ((available + gasFee) * BPS) / (BPS - config.spreadBps)
  let candidate = convert(config, gross, output, input)
  while (candidate > 0n && quoteOutput(config, candidate, input, output, gasFee).outputAmount > available) {
    candidate -= candidate / 1_000_000n + 1n
  }
  return candidate
}

/**
 * The smallest input whose output is at least one base unit once the spread, `gasFee` and `extraCost` (the gas on
 * arrival's cost, in the output token) are taken: below it an order does not cover its fees. By bisection, as the
 * output only grows with the input.
 */
export function minInputForOutput(
  config: SolverPricing,
  input: Priced,
  output: Priced,
  gasFee: bigint = minimumGasFee(config, output),
  extraCost = 0n,
): bigint {
  const covers = (amount: bigint) => quoteOutput(config, amount, input, output, gasFee).outputAmount > extraCost
  let high = 1n
  while (!covers(high)) high *= 2n
  let low = high / 2n
  while (high - low > 1n) {
    const middle = (low + high) / 2n
    if (covers(middle)) high = middle
    else low = middle
  }
  return high
}

/** The native coin the solver delivers as gas on arrival, and what it costs in the output token (rounded up). */
export function quoteGasOnArrival(config: SolverPricing, native: Priced, output: Priced) {
  const gasAmount = usdToToken(config, config.gasOnArrivalUsd, native)
  return { gasAmount, cost: gasCostInOutput(config, gasAmount, native, output) }
}

/** What `gasAmount` of the native coin is worth in the output token, rounded up (the solver never pays for it). */
function gasCostInOutput(config: SolverPricing, gasAmount: bigint, native: Priced, output: Priced): bigint {
  const numerator = gasAmount * priceOf(config, native) * 10n ** BigInt(output.decimals)
  const denominator = priceOf(config, output) * 10n ** BigInt(native.decimals)
  return (numerator + denominator - 1n) / denominator
}

/**
 * True when a requested output, and the gas on arrival asked beside it, are within what the solver would
 * pay for this input: the gas is valued in the output token and must fit in the same fair output, and never
 * exceed the amount the solver offers (with the same tolerance). `gasFee` is the fill's network fee.
 */
export function isAcceptablePrice(
  config: SolverPricing,
  inputAmount: bigint,
  requestedOutput: bigint,
  input: Priced,
  output: Priced,
  gas?: { amount: bigint; native: Priced },
  gasFee: bigint = minimumGasFee(config, output),
): boolean {
  const fair = quoteOutput(config, inputAmount, input, output, gasFee).outputAmount
  if (fair <= 0n) return false
  let asked = requestedOutput
  if (gas && gas.amount > 0n) {
    const offered = quoteGasOnArrival(config, gas.native, output).gasAmount
    if (gas.amount * BPS > offered * (BPS + config.acceptToleranceBps)) return false
    asked += gasCostInOutput(config, gas.amount, gas.native, output)
  }
  return asked * BPS <= fair * (BPS + config.acceptToleranceBps)
}

/** One line of the solver's price table as `GET /v1/prices` serves it: USD per whole token, as decimal text. */
export type TokenPriceEntry = { chainId: number; address: ManifestToken['address']; symbol: string; usd: string }

/**
 * The price table the solver quotes at, per token of the manifest (by chain and address, so the app never has to
 * match symbols): the tokens it has no price for are left out, as it does not trade them.
 */
export function priceTable(config: SolverPricing, manifest: Pick<Manifest, 'chains'>): TokenPriceEntry[] {
  return manifest.chains.flatMap((chain) =>
    chain.tokens.flatMap((token) => {
      const price = config.settings.pricesUsd[token.symbol]
      return price === undefined
        ? []
        : [{ chainId: chain.id, address: token.address, symbol: token.symbol, usd: price }]
    }),
  )
}
