import { isAddressEqual } from 'viem'
import { z } from 'zod'
import { NATIVE_TOKEN_ADDRESS } from '../../config/manifest.ts'
import { parseUsd } from '../../prices/usdValue.ts'
import { boundedSlippageBps } from '../../routes/minimumBound.ts'
import { InvalidQuoteError } from '../../routes/routeErrors.ts'
import {
  PROVIDER_GAS_ESTIMATE,
  type QuoteRequest,
  type Route,
  type RouteFee,
  type RouteLeg,
  type TokenPrice,
  type TokenRef,
} from '../../routes/types.ts'
import {
  addressString,
  apiTokenRef,
  assertListed,
  describeIssues,
  hexData,
  isNativeAddress,
  sameToken,
  uintString,
} from '../apiSupport.ts'
import { LIFI_PROVIDER_ID, LIFI_PROVIDER_NAME } from './lifiConfig.ts'
import type { LifiContext } from './lifiContext.ts'
import type { LifiGas } from './lifiGasSuggestion.ts'
import { type LifiQuote, lifiIncludedStepsSchema } from './lifiSchemas.ts'

const QUOTE_TTL_MS = 60_000

/** What a LI.FI route carries from its quote to the deposit. */
const routeDataSchema = z.object({
  tool: z.string(),
  approvalAddress: addressString,
  transaction: z.object({ to: addressString, data: hexData, value: uintString }),
  /** The fees the quote shows as taken out of the amount: the most the calldata's fee step may take. */
  includedFee: uintString,
  /** The part of the amount asked to become gas on arrival (`fromAmountForGas`): what the gas step must take. */
  gasFromAmount: uintString.optional(),
})

/** What a LI.FI route carries, read back (a route of another shape is refused). */
export function lifiRouteData(route: Route) {
  const parsed = routeDataSchema.safeParse(route.data)
  if (!parsed.success) throw new InvalidQuoteError(LIFI_PROVIDER_ID, describeIssues(parsed.error))
  return parsed.data
}

/** The quote as a route, after checking it is about this very request and sends only to known contracts. */
export function routeFromQuote(context: LifiContext, quote: LifiQuote, request: QuoteRequest): Route {
  const { manifest } = context
  const { action, estimate, transactionRequest } = quote
  const mismatch = quoteMismatch(quote, request)
  if (mismatch.length > 0) {
    throw new InvalidQuoteError(LIFI_PROVIDER_ID, `the quote does not match the request: ${mismatch.join(', ')}`)
  }
  const chainId = request.origin.chainId
  const to = assertListed(context.allowlist(chainId), transactionRequest.to)
  if (!isNativeAddress(request.origin.address)) assertListed(context.allowlist(chainId), estimate.approvalAddress)
  const value = BigInt(transactionRequest.value)
  const nativeFee = nativeFeeOf(quote, request)
  const outputAmount = BigInt(estimate.toAmount)
  const minOutputAmount = BigInt(estimate.toAmountMin)
  // The minimum is what is signed: within the slippage of the estimate, and the slippage shown is its own.
  const slippageBps = boundedSlippageBps(LIFI_PROVIDER_ID, request, outputAmount, minOutputAmount)
  const fees: RouteFee[] = [
    ...(estimate.feeCosts ?? []).map((fee) => ({
      label: fee.name,
      token: apiTokenRef(manifest, fee.token),
      amount: BigInt(fee.amount),
    })),
    // The person's own gas for the transaction, as LI.FI estimates it: paid besides the amount, not from it.
    ...(estimate.gasCosts ?? []).map((gas) => ({
      label: PROVIDER_GAS_ESTIMATE,
      token: apiTokenRef(manifest, gas.token),
      amount: BigInt(gas.amount),
      paidBy: 'sender' as const,
    })),
  ]
  // LI.FI's own prices (`priceUSD` on each token) for the USD values shown beside the amounts.
  const prices = [
    { token: request.origin, priceUSD: action.fromToken.priceUSD },
    { token: request.destination, priceUSD: action.toToken.priceUSD },
    ...[...(estimate.feeCosts ?? []), ...(estimate.gasCosts ?? [])].map((cost) => ({
      token: apiTokenRef(manifest, cost.token),
      priceUSD: cost.token.priceUSD,
    })),
  ].reduce<TokenPrice[] | undefined>((list, { token, priceUSD }) => withPrice(list, token, priceUSD), undefined)
  const now = Date.now()
  return {
    id: `${LIFI_PROVIDER_ID}:${quote.id}:${now}`,
    providerId: LIFI_PROVIDER_ID,
    providerName: quote.toolDetails ? `${LIFI_PROVIDER_NAME} (${quote.toolDetails.name})` : LIFI_PROVIDER_NAME,
    request,
    outputAmount,
    minOutputAmount,
    slippageBps,
    slippageMode: request.slippageBps === undefined ? 'auto' : 'custom',
    fees,
    ...(nativeFee > 0n ? { nativeFee } : {}),
    estimatedSeconds: Math.max(1, Math.ceil(estimate.executionDuration)),
    quotedAt: now,
    expiresAt: now + QUOTE_TTL_MS,
    depositAddress: to,
    data: {
      tool: quote.tool,
      approvalAddress: estimate.approvalAddress,
      transaction: { to, data: transactionRequest.data, value: value.toString() },
      includedFee: includedFeeOf(quote, request).toString(),
    },
    ...withLegs(lifiLegs(context, quote)),
    // `/status` is asked with the route's bridge (`bridge=<tool>`), as LI.FI recommends.
    ...(quote.tool ? { trackingData: { tool: quote.tool } } : {}),
    ...(prices ? { prices } : {}),
  }
}

const withLegs = (legs: RouteLeg[] | undefined) => (legs && legs.length > 1 ? { legs } : {})

/**
 * The legs LI.FI says the call takes (`includedSteps`: its swaps and its bridge; LI.FI's own fee and gas steps are
 * not legs), with their tools as LI.FI names them. Undefined when the answer has no readable list. Their kinds and
 * ends are checked against the decoded call before the route is shown (`checkedAtQuote`).
 */
export function lifiLegs(context: LifiContext, quote: LifiQuote): RouteLeg[] | undefined {
  const parsed = lifiIncludedStepsSchema.safeParse(quote.includedSteps)
  if (!parsed.success) return undefined
  return parsed.data.flatMap((step) =>
    step.type === 'swap' || step.type === 'cross'
      ? [
          {
            kind: step.type === 'swap' ? ('swap' as const) : ('bridge' as const),
            tool: step.toolDetails?.name ?? step.tool,
            from: apiTokenRef(context.manifest, step.action.fromToken),
            to: apiTokenRef(context.manifest, step.action.toToken),
            fromAmount: BigInt(step.action.fromAmount),
            toAmount: BigInt(step.estimate.toAmount),
          },
        ]
      : [],
  )
}

/**
 * The route with the gas on arrival it was asked for: bought from the input (a fee), or said to be unavailable when
 * LI.FI has none to offer.
 */
export function withGasOnArrival(route: Route, gas: LifiGas | undefined): Route {
  const { request } = route
  if (!gas) return request.gasOnArrival ? { ...route, gasOnArrival: { status: 'unavailable' } } : route
  const prices = withPrice(route.prices, gas.token, gas.priceUSD)
  return {
    ...route,
    data: { ...route.data, gasFromAmount: gas.fromAmount.toString() },
    fees: [...route.fees, { label: 'Gas on arrival fee', token: request.origin, amount: gas.fromAmount }],
    gasOnArrival: { status: 'included', token: gas.token, amount: gas.amount },
    ...(prices ? { prices } : {}),
  }
}

/** The parts of a quote that name another transfer than the one asked for. */
function quoteMismatch({ action, transactionRequest }: LifiQuote, request: QuoteRequest): string[] {
  return [
    action.fromChainId !== request.origin.chainId && 'fromChainId',
    action.toChainId !== request.destination.chainId && 'toChainId',
    !sameToken(action.fromToken.address, request.origin.address) && 'fromToken',
    !sameToken(action.toToken.address, request.destination.address) && 'toToken',
    BigInt(action.fromAmount) !== request.amount && 'fromAmount',
    action.toAddress && !isAddressEqual(action.toAddress, request.recipient) && 'toAddress',
    action.fromAddress && !isAddressEqual(action.fromAddress, request.sender) && 'fromAddress',
    transactionRequest.from && !isAddressEqual(transactionRequest.from, request.sender) && 'transactionRequest.from',
    transactionRequest.chainId !== request.origin.chainId && 'transactionRequest.chainId',
  ].filter((name): name is string => typeof name === 'string')
}

/**
 * Fees of the quote in the origin chain's token `address`, paid on top of the amount (`included: false`) or out
 * of it (`included: true`); a fee that does not say is neither.
 */
const feesIn = (quote: LifiQuote, request: QuoteRequest, address: string, included: boolean) =>
  (quote.estimate.feeCosts ?? [])
    .filter(
      (fee) =>
        fee.included === included &&
        fee.token.chainId === request.origin.chainId &&
        sameToken(fee.token.address, address),
    )
    .reduce((sum, fee) => sum + BigInt(fee.amount), 0n)

/**
 * The native coin the transaction sends beyond a native amount. Only a fee the quote names, paid on top of the
 * amount in the native coin (`included: false`, e.g. a messaging fee), may explain it; it is shown among the
 * fees and becomes the route's `nativeFee`. Anything beyond is refused: it would leave the wallet unexplained.
 */
function nativeFeeOf(quote: LifiQuote, request: QuoteRequest): bigint {
  const value = BigInt(quote.transactionRequest.value)
  const carried = isNativeAddress(request.origin.address) ? request.amount : 0n
  if (value < carried) throw new InvalidQuoteError(LIFI_PROVIDER_ID, 'the transaction sends less than the amount')
  const named = feesIn(quote, request, NATIVE_TOKEN_ADDRESS, false)
  if (value - carried > named) {
    throw new InvalidQuoteError(
      LIFI_PROVIDER_ID,
      `the transaction sends ${value - carried} of the native coin beyond the amount; the quote's fees explain ${named}`,
    )
  }
  return value - carried
}

/** The fees the quote shows as taken out of the amount (origin token): the most LI.FI's fee step may take. */
const includedFeeOf = (quote: LifiQuote, request: QuoteRequest) => feesIn(quote, request, request.origin.address, true)

/** `prices` with LI.FI's `priceUSD` for `token` added (a token's first price is kept; an odd one is skipped). */
function withPrice(prices: TokenPrice[] | undefined, token: TokenRef, priceUSD: unknown): TokenPrice[] | undefined {
  const known = prices?.some((price) => price.chainId === token.chainId && isAddressEqual(price.address, token.address))
  const usd = parseUsd(priceUSD)
  if (known || usd === undefined || usd === 0n) return prices
  return [...(prices ?? []), { chainId: token.chainId, address: token.address, usd: String(priceUSD).trim() }]
}
