import { parseUnits } from 'viem'

/** Solver economics, all from configuration: prices and spread are the solver's own choice. */
export type SolverPricingConfig = {
  /** USD price per token symbol, as decimal text (no floats). */
  pricesUsd: Record<string, string>
  /** Kept by the solver on every fill, in basis points of the output. */
  spreadBps: number
  /**
   * The least fee per fill for destination gas, in USD. The fee is the gas a fill of its kind spends at most
   * (FILL_GAS) at the destination's current gas price, when that is more.
   */
  gasFeeUsd: string
  /**
   * Gas on arrival: how much of the destination's native coin, in USD, the solver delivers beside the output
   * when asked (paid for from the input, at the reference price). Orders asking for more are declined.
   */
  gasOnArrivalUsd: string
  /** Smallest order the solver quotes, in USD. */
  minOrderUsd: string
  /** Largest order the solver quotes, in USD (also capped by inventory). */
  maxOrderUsd: string
  /** How far above its own price an order's output may be and still get filled. */
  acceptToleranceBps: number
  quoteTtlSeconds: number
  fillWindowSeconds: number
  /**
   * After the fill deadline, how long until the user can refund without any attestation. The origin
   * settler's `minRefundDelay` wins when it is longer.
   */
  refundGraceSeconds: number
  /**
   * Most USD the solver has delivered, per origin chain, against opens that are not final there yet.
   * A reorg can take such an open back after the fill: this is the loss the solver accepts for speed.
   * Orders beyond it wait for their open to be final before they are filled.
   */
  maxUnconfirmedUsd: string
  /**
   * Of that, most USD the solver has delivered, per origin chain, for gasless orders whose `openFor` it sent and
   * that are not final yet. Filled before the open is even mined, so the person waits one destination block: a
   * person who cancels the authorization or moves the tokens before the open is mined makes it fail, at no cost
   * but gas, and this is what such people can take at a time. Orders beyond it wait for their open to be final.
   */
  maxUnopenedUsd: string
  /**
   * How long a gasless loss (an order filled whose open its person made fail) counts against `maxUnopenedUsd`, from
   * when it is booked: the cap bounds what such people take in this window, not at a time. Its signer's orders are
   * never filled before their open is mined again while the loss is kept.
   */
  gaslessLossWindowSeconds: number
  /**
   * Most gas the solver lets one fill cost: a fill whose estimate is above it is declined, and every fill is sent
   * with at most this gas limit. The settler pays native coin with a fixed stipend, so a fill costs under 200,000
   * whoever the recipient; the cap keeps a recipient or a token from making the solver pay for more.
   */
  maxFillGas: number
}

/** Used for every setting the pricing file and the environment leave out (see loadPricing.ts). */
export const DEFAULT_PRICING: SolverPricingConfig = {
  pricesUsd: { ETH: '3000', WETH: '3000', USDC: '1', USDT: '1' },
  spreadBps: 10,
  gasFeeUsd: '0.10',
  gasOnArrivalUsd: '3',
  minOrderUsd: '1',
  maxOrderUsd: '500000',
  acceptToleranceBps: 50,
  quoteTtlSeconds: 30,
  fillWindowSeconds: 180,
  refundGraceSeconds: 3600,
  maxUnconfirmedUsd: '10000',
  maxUnopenedUsd: '1000',
  gaslessLossWindowSeconds: 86_400,
  maxFillGas: 250_000,
}

const USD_DECIMALS = 18

/**
 * The pricing as the solver computes with it, parsed once at start (`parsePricing`): USD amounts and prices are
 * 1e18-scaled bigints, basis points and the gas cap bigints, so no quote or check parses text again.
 */
export type SolverPricing = {
  /** The settings as configured (decimal text), for the price table the solver serves. */
  settings: SolverPricingConfig
  pricesUsd: Readonly<Record<string, bigint>>
  spreadBps: bigint
  gasFeeUsd: bigint
  gasOnArrivalUsd: bigint
  minOrderUsd: bigint
  maxOrderUsd: bigint
  acceptToleranceBps: bigint
  quoteTtlSeconds: number
  fillWindowSeconds: number
  refundGraceSeconds: number
  maxUnconfirmedUsd: bigint
  maxUnopenedUsd: bigint
  gaslessLossWindowSeconds: number
  maxFillGas: bigint
}

/** Decimal USD text scaled by 1e18. */
export const usd = (text: string): bigint => parseUnits(text, USD_DECIMALS)

/** `config` (checked by `resolvePricing`) in the form the solver computes with. */
export function parsePricing(config: SolverPricingConfig): SolverPricing {
  return {
    settings: config,
    pricesUsd: Object.fromEntries(Object.entries(config.pricesUsd).map(([symbol, price]) => [symbol, usd(price)])),
    spreadBps: BigInt(config.spreadBps),
    gasFeeUsd: usd(config.gasFeeUsd),
    gasOnArrivalUsd: usd(config.gasOnArrivalUsd),
    minOrderUsd: usd(config.minOrderUsd),
    maxOrderUsd: usd(config.maxOrderUsd),
    acceptToleranceBps: BigInt(config.acceptToleranceBps),
    quoteTtlSeconds: config.quoteTtlSeconds,
    fillWindowSeconds: config.fillWindowSeconds,
    refundGraceSeconds: config.refundGraceSeconds,
    maxUnconfirmedUsd: usd(config.maxUnconfirmedUsd),
    maxUnopenedUsd: usd(config.maxUnopenedUsd),
    gaslessLossWindowSeconds: config.gaslessLossWindowSeconds,
    maxFillGas: BigInt(config.maxFillGas),
  }
}
