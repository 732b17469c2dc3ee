import { type Address, isAddressEqual } from 'viem'
import { listedTokenRef, NATIVE_TOKEN_ADDRESS } from '../../config/manifest.ts'
import { at18, sameAsset } from '../../prices/routeValue.ts'
import { InvalidQuoteError, RouteUnavailableError } from '../../routes/routeErrors.ts'
import type { QuoteRequest, Route, RouteFee, TokenRef } from '../../routes/types.ts'
import { assertListed, isNativeAddress } from '../apiSupport.ts'
import { ACROSS_PROVIDER_ID, ACROSS_PROVIDER_NAME } from './acrossConfig.ts'
import type { AcrossContext } from './acrossContext.ts'
import { type AcrossFees, MAX_EXCLUSIVITY_SECONDS } from './acrossSchemas.ts'

const QUOTE_TTL_MS = 60_000
/**
 * The least time a deposit signed when its quote expires leaves relayers before the fill deadline, beyond Across's
 * estimated fill time: a shorter deadline is a deposit nobody fills, held until Across refunds it after the deadline
 * (hours later, in a bundle). Across's own deadlines are hours after the quote (quote time + 2 h by default), as are
 * the fixtures' (11,830 s); LI.FI's decoder asks the same of Across's deadlines in its calls.
 */
export const MIN_FILL_WINDOW_SECONDS = 600
/**
 * The SpokePool's MAX_EXCLUSIVITY_PERIOD_SECONDS (`_depositV3`): an `exclusivityParameter` up to it is an offset from
 * the deposit's block time, above it an absolute time (Across's API sends one on some origins).
 */
const EXCLUSIVITY_OFFSET_LIMIT_SECONDS = 31_536_000
/** How far this device's clock may be behind the chain's (an absolute exclusivity is the chain's time). */
const CLOCK_SKEW_SECONDS = 300

/** What the request sent Across: the origin SpokePool and the tokens as Across names them. */
export type AcrossSent = { originPool: Address; inputToken: Address; outputToken: Address }

/** The fee quote as a route, after checking it is about this request and names the listed SpokePool. */
export function routeFromFees(
  context: AcrossContext,
  fees: AcrossFees,
  request: QuoteRequest,
  sent: AcrossSent,
): Route {
  if (
    (fees.inputToken && !isAddressEqual(fees.inputToken.address, sent.inputToken)) ||
    (fees.outputToken && !isAddressEqual(fees.outputToken.address, sent.outputToken))
  ) {
    throw new InvalidQuoteError(ACROSS_PROVIDER_ID, 'the quote is for other tokens')
  }
  const depositAddress = assertListed([sent.originPool], fees.spokePoolAddress)
  const outputAmount = checkedOutput(context, fees, request)
  const now = Date.now()
  const expiresAt = now + QUOTE_TTL_MS
  const { fillDeadline, exclusivityParameter } = checkedDeadlines(fees, now, expiresAt)
  return {
    id: `${ACROSS_PROVIDER_ID}:${fees.timestamp}:${now}`,
    providerId: ACROSS_PROVIDER_ID,
    providerName: ACROSS_PROVIDER_NAME,
    request,
    outputAmount,
    // A relayer fills exactly this amount or the deposit is refunded: there is no slippage.
    minOutputAmount: outputAmount,
    slippageBps: 0,
    slippageMode: request.slippageBps === undefined ? 'auto' : 'custom',
    fees: feeParts(fees, request),
    estimatedSeconds: Math.max(1, Math.ceil(fees.estimatedFillTimeSec)),
    quotedAt: now,
    expiresAt,
    depositAddress,
    data: {
      inputToken: sent.inputToken,
      outputToken: sent.outputToken,
      outputAmount: outputAmount.toString(),
      exclusiveRelayer: fees.exclusiveRelayer,
      quoteTimestamp: Number(fees.timestamp),
      fillDeadline,
      exclusivityParameter,
    },
  }
}

/**
 * What arrives, within Across's deposit limits: the answer's output, or the amount less the fee when both tokens
 * have the same decimals; never more than is sent of the same asset (no relayer would fill it).
 */
function checkedOutput(context: AcrossContext, fees: AcrossFees, request: QuoteRequest): bigint {
  const minDeposit = BigInt(fees.limits.minDeposit)
  const maxDeposit = BigInt(fees.limits.maxDeposit)
  if (fees.isAmountTooLow || request.amount < minDeposit) {
    throw new RouteUnavailableError(
      ACROSS_PROVIDER_ID,
      'amountTooLow',
      { amount: minDeposit, token: request.origin },
      'The amount is too low for the fees',
    )
  }
  if (request.amount > maxDeposit) {
    throw new RouteUnavailableError(
      ACROSS_PROVIDER_ID,
      'amountTooHigh',
      { amount: maxDeposit, token: request.origin },
      'The amount is above the maximum deposit',
    )
  }
  const totalFee = BigInt(fees.totalRelayFee.total)
  // Fees are in the input token's units: "amount − fee" is an output amount only when both tokens have the
  // same decimals. Otherwise the answer must say what arrives.
  if (fees.outputAmount === undefined && request.origin.decimals !== request.destination.decimals) {
    throw new InvalidQuoteError(ACROSS_PROVIDER_ID, 'the quote has no output amount for tokens of other decimals')
  }
  const outputAmount = fees.outputAmount === undefined ? request.amount - totalFee : BigInt(fees.outputAmount)
  if (outputAmount <= 0n) {
    const limit = { amount: minDeposit, token: request.origin }
    throw new RouteUnavailableError(ACROSS_PROVIDER_ID, 'amountTooLow', limit, 'The fees exceed the amount')
  }
  // A relayer fills exactly the output or not at all: one larger than what is sent is never filled, and the
  // deposit waits for its refund after the fill deadline. Told for the same asset (the tokens Across moves, WETH
  // for ETH), at 18 decimals; Across's answers carry no prices, so other pairs are not compared.
  const sentAsset = assetOf(context, request.origin)
  const paidAsset = assetOf(context, request.destination)
  if (
    sentAsset &&
    paidAsset &&
    sameAsset(sentAsset, paidAsset) &&
    at18(outputAmount, paidAsset.decimals) > at18(request.amount, sentAsset.decimals)
  ) {
    throw new InvalidQuoteError(ACROSS_PROVIDER_ID, 'the quote pays out more than is sent: no relayer would fill it')
  }
  return outputAmount
}

/**
 * The fill deadline and the exclusivity, checked: a deadline not passed that leaves relayers the fill window after
 * the quote's expiry and Across's estimate, and an exclusivity (only with an exclusive relayer: without one the
 * SpokePool reverts it, or lets nobody fill while it lasts) that `exclusivityRefusal` does not refuse.
 */
function checkedDeadlines(fees: AcrossFees, now: number, expiresAt: number) {
  const fillDeadline = Number(fees.fillDeadline)
  if (fillDeadline * 1000 <= now) throw new InvalidQuoteError(ACROSS_PROVIDER_ID, 'the fill deadline has passed')
  const exclusive = !isAddressEqual(fees.exclusiveRelayer, NATIVE_TOKEN_ADDRESS)
  const exclusivityParameter = exclusive ? Number(fees.exclusivityDeadline) : 0
  const exclusivity = exclusivityRefusal(exclusivityParameter, fillDeadline, expiresAt / 1000, now / 1000)
  if (exclusivity) throw new InvalidQuoteError(ACROSS_PROVIDER_ID, exclusivity)
  if (fillDeadline < expiresAt / 1000 + Math.ceil(fees.estimatedFillTimeSec) + MIN_FILL_WINDOW_SECONDS) {
    throw new InvalidQuoteError(ACROSS_PROVIDER_ID, 'the fill deadline leaves relayers no time to fill the deposit')
  }
  return { fillDeadline, exclusivityParameter }
}

/** The fee's parts Across names, in the token sent; its total as the bridge fee when it names none. */
function feeParts(fees: AcrossFees, request: QuoteRequest): RouteFee[] {
  const parts: RouteFee[] = [
    ['LP fee', fees.lpFee],
    ['Relayer fee', fees.relayerCapitalFee],
    ['Relayer gas fee', fees.relayerGasFee],
  ].flatMap(([label, part]) =>
    part && typeof part === 'object' && BigInt(part.total) > 0n
      ? [{ label: label as string, token: request.origin, amount: BigInt(part.total) }]
      : [],
  )
  const totalFee = BigInt(fees.totalRelayFee.total)
  return parts.length > 0 ? parts : [{ label: 'Bridge fee', token: request.origin, amount: totalFee }]
}

/** The listed token Across moves for one of the request's (the wrapped token for the native coin). */
function assetOf(context: AcrossContext, token: TokenRef): TokenRef | undefined {
  if (!isNativeAddress(token.address)) return token
  const wrapped = context.acrossToken(token)
  return wrapped && listedTokenRef(context.manifest, token.chainId, wrapped)
}

/**
 * Why an exclusivity (`exclusivityParameter`: 0 none, up to a year an offset from the deposit's block time, above
 * that the chain's time) is refused, if it is: while it lasts only the named relayer may fill, so it may last no
 * longer than MAX_EXCLUSIVITY_SECONDS, nor past the fill deadline (the deposit would wait for its refund). An offset
 * is counted from the latest deposit, at the quote's expiry; a time may be the clocks' difference further ahead. A
 * time already passed is no exclusivity at all.
 */
function exclusivityRefusal(
  parameter: number,
  fillDeadline: number,
  lastDeposit: number,
  now: number,
): string | undefined {
  if (parameter === 0) return undefined
  const absolute = parameter > EXCLUSIVITY_OFFSET_LIMIT_SECONDS
  if (absolute && parameter <= now) return undefined
  const length = absolute ? parameter - now - CLOCK_SKEW_SECONDS : parameter
  if (length > MAX_EXCLUSIVITY_SECONDS) return 'the quote gives one relayer a long exclusivity'
  const end = absolute ? parameter : lastDeposit + parameter
  if (end > fillDeadline) return "the quote's exclusivity for one relayer outlasts the fill deadline"
  return undefined
}
