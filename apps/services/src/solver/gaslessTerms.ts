import {
  findManifestToken,
  type ManifestChain,
  type ManifestToken,
  NATIVE_TOKEN_ADDRESS,
  supportsGaslessIntents,
} from '@multi-bridge/core'
import { chainOf, chainTime, type SolverContext } from './context.ts'
import { gasPrice } from './inventory.ts'
import { networkFee, quoteOutput } from './pricing.ts'

/**
 * Gas an `openFor` spends at most: the escrow's writes, both nonces, the EIP-3009 pull (a signature check, two balances)
 * and the Open event. Measured on the devnet's settler: 240,363 for the first order it ever escrows (its balance from
 * zero), rounded up. The solver pays it on the origin and prices it into a gasless quote; an open estimated above it is
 * not sent (packages/contracts/test/gasless.test.ts keeps the measured cost under it).
 */
export const OPEN_FOR_GAS = 260_000n

/**
 * The share of its network fees a gasless quote keeps back, so that the gas prices can rise this much between the
 * quote and the solver's submission of the signed order, which is priced strictly with the prices of that moment.
 */
export const GASLESS_FEE_HEADROOM_PERCENT = 25n

/** The input token of a gasless order on `origin`, when it is listed there with EIP-3009; undefined otherwise. */
export function gaslessInputToken(origin: ManifestChain, token: string): ManifestToken | undefined {
  const listed = findManifestToken(origin, token)
  return listed && supportsGaslessIntents(listed) && origin.contracts.intentOriginSettler ? listed : undefined
}

/**
 * What the `openFor` the solver submits on `originChainId` costs, in the `output` token: its gas at the origin's price
 * now, and never less than the flat least fee (`gasFeeUsd`). Undefined where the origin's native coin has no price.
 */
export async function gaslessOpenFee(
  context: Pick<SolverContext, 'chains' | 'caches' | 'pricing'>,
  originChainId: number,
  output: ManifestToken,
): Promise<bigint | undefined> {
  const origin = chainOf(context, originChainId)
  const native = findManifestToken(origin.config, NATIVE_TOKEN_ADDRESS)
  if (!native || !(native.symbol in context.pricing.pricesUsd)) return undefined
  const price = await gasPrice(context, origin)
  return networkFee(context.pricing, output, { units: OPEN_FOR_GAS, price, native })
}

/** The network fees of a gasless quote with their headroom (rounded up). */
export const withFeeHeadroom = (fees: bigint) => fees + (fees * GASLESS_FEE_HEADROOM_PERCENT + 99n) / 100n

export type GaslessQuoteParameters = {
  origin: ManifestChain
  inputToken: ManifestToken
  outputToken: ManifestToken
  inputAmount: bigint
  /** The fill's network fee and the gas on arrival's cost, as the plain quote priced them, in the output token. */
  fillFee: bigint
  gasCost: bigint
}

/** The `gasless` part of a quote: its lower output, the fee for the open (with headroom) and the open deadline. */
export type GaslessQuote = { outputAmount: bigint; openFee: bigint; openDeadline: number }

/**
 * The terms on which the solver opens the order itself (`POST /v1/orders/gasless`): only for an input token with
 * EIP-3009, and only when the output still covers the open. Undefined where gasless orders are not offered.
 */
export async function gaslessQuote(
  context: Pick<SolverContext, 'chains' | 'caches' | 'pricing'>,
  p: GaslessQuoteParameters,
): Promise<GaslessQuote | undefined> {
  // Gas on arrival is not offered with gasless orders yet (the submission refuses it).
  if (!gaslessInputToken(p.origin, p.inputToken.address) || p.gasCost > 0n) return undefined
  const openFee = await gaslessOpenFee(context, p.origin.id, p.outputToken)
  if (openFee === undefined) return undefined
  const fees = withFeeHeadroom(p.fillFee + openFee)
  const priced = quoteOutput(context.pricing, p.inputAmount, p.inputToken, p.outputToken, fees)
  const { outputAmount } = priced
  if (outputAmount <= 0n) return undefined
  const now = await chainTime(chainOf(context, p.origin.id))
  return { outputAmount, openFee: fees - p.fillFee, openDeadline: now + context.pricing.quoteTtlSeconds }
}
