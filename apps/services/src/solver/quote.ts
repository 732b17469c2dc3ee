import { HttpError } from '../shared/http.ts'
import { parseAmount, parseChain, parseFlag, parseToken, type Query, requireParam } from '../shared/validation.ts'
import { requireReady } from './chainSetup.ts'
import { chainOf, chainTime, type SolverContext } from './context.ts'
import { gaslessQuote } from './gaslessTerms.ts'
import { availableInventory, fillNetworkFee, gasOnArrivalOffer } from './inventory.ts'
import { maxInputForOutput, minInputForOutput, quoteOutput, usdToToken } from './pricing.ts'
import { requireWatched } from './watch.ts'

/** Blocks a fill takes: the open's block on the origin, then two on the destination. */
const estimatedFillSeconds = (originBlockTime: number, destinationBlockTime: number) =>
  Math.ceil(originBlockTime + destinationBlockTime * 2)

/** The request of `GET /v1/quote`, checked: an answer to anything else is a 400 naming the parameter. */
function parseQuoteRequest(context: Pick<SolverContext, 'manifest' | 'pricing'>, query: Query) {
  const { manifest, pricing } = context
  const origin = parseChain(manifest, requireParam(query, 'originChainId'), 'originChainId')
  const destination = parseChain(manifest, requireParam(query, 'destinationChainId'), 'destinationChainId')
  if (origin.id === destination.id) {
    throw new HttpError(400, 'SAME_CHAIN', 'originChainId and destinationChainId must differ')
  }
  const inputToken = parseToken(origin, requireParam(query, 'inputToken'), 'inputToken')
  const outputToken = parseToken(destination, requireParam(query, 'outputToken'), 'outputToken')
  const inputAmount = parseAmount(requireParam(query, 'amount'), 'amount')
  const gasOnArrival = parseFlag(query, 'gasOnArrival')
  if (!origin.contracts.intentOriginSettler || !destination.contracts.intentDestinationSettler) {
    throw new HttpError(400, 'UNSUPPORTED_ROUTE', 'No intent settlers on this route')
  }
  if (!(inputToken.symbol in pricing.pricesUsd) || !(outputToken.symbol in pricing.pricesUsd)) {
    throw new HttpError(400, 'UNSUPPORTED_TOKEN', 'The solver does not trade this token pair')
  }
  return {
    origin,
    destination,
    inputToken,
    outputToken,
    inputAmount,
    gasOnArrival,
    originSettler: origin.contracts.intentOriginSettler,
    destinationSettler: destination.contracts.intentDestinationSettler,
  }
}

/**
 * The smallest and the largest input the solver quotes now: the smallest is its least order, or what covers the fees
 * (and the gas on arrival's `gasCost`) when that is more; the largest is also bounded by its inventory.
 */
async function quoteLimits(
  context: SolverContext,
  request: ReturnType<typeof parseQuoteRequest>,
  gasFee: bigint,
  gasCost: bigint,
): Promise<{ minInputAmount: bigint; maxInputAmount: bigint }> {
  const { pricing } = context
  const available = await availableInventory(context, request.destination.id, request.outputToken.address)
  const leastOrder = usdToToken(pricing, pricing.minOrderUsd, request.inputToken)
  const coversFees = minInputForOutput(pricing, request.inputToken, request.outputToken, gasFee, gasCost)
  // biome-ignore lint/complexity/useMathMinMax: Math.max does not take bigint
  const minInputAmount = leastOrder > coversFees ? leastOrder : coversFees
  const inventoryMax = maxInputForOutput(pricing, available, request.inputToken, request.outputToken, gasFee)
  const configuredMax = usdToToken(pricing, pricing.maxOrderUsd, request.inputToken)
  // biome-ignore lint/complexity/useMathMinMax: Math.min does not take bigint
  return { minInputAmount, maxInputAmount: inventoryMax < configuredMax ? inventoryMax : configuredMax }
}

/** `GET /v1/quote`: what the solver delivers for an input, its fees, limits and deadlines. */
export async function quote(context: SolverContext, query: Query) {
  const request = parseQuoteRequest(context, query)
  const { pricing } = context
  const { origin, destination, inputToken, outputToken, inputAmount } = request
  requireWatched(context, [origin, destination])
  requireReady(context, [origin, destination])
  const gas = request.gasOnArrival ? await gasOnArrivalOffer(context, destination, outputToken) : undefined
  const gasFee = await fillNetworkFee(context, chainOf(context, destination.id), outputToken, gas !== undefined)
  const gasCost = gas?.cost ?? 0n
  const limits = await quoteLimits(context, request, gasFee, gasCost)
  // The limit crossed goes with the refusal, in the input token's base units: the app names it.
  const { minInputAmount, maxInputAmount } = limits
  if (inputAmount < minInputAmount) {
    const message = `amount is below the minimum of ${minInputAmount} base units`
    throw new HttpError(400, 'AMOUNT_TOO_LOW', message, { minInputAmount })
  }
  if (inputAmount > maxInputAmount) {
    const message = `amount is above the maximum of ${maxInputAmount} base units`
    throw new HttpError(400, 'AMOUNT_TOO_HIGH', message, { maxInputAmount })
  }
  const priced = quoteOutput(pricing, inputAmount, inputToken, outputToken, gasFee)
  const outputAmount = priced.outputAmount - gasCost
  if (outputAmount <= 0n) {
    throw new HttpError(400, 'AMOUNT_TOO_LOW', 'amount does not cover the fees', { minInputAmount })
  }
  const now = await chainTime(chainOf(context, destination.id))
  const fillDeadline = now + pricing.fillWindowSeconds
  const refundDelay = Math.max(pricing.refundGraceSeconds, context.setUp.minRefundDelays.get(origin.id) ?? 0)
  const gasless = await gaslessQuote(context, { ...request, inputAmount, fillFee: gasFee, gasCost })
  return {
    provider: 'intent',
    originChainId: origin.id,
    destinationChainId: destination.id,
    inputToken: inputToken.address,
    outputToken: outputToken.address,
    inputAmount,
    outputAmount,
    // Native coin for the recipient beside the output; 0 when not asked or not offered on this route.
    gasAmount: gas?.gasAmount ?? 0n,
    fees: {
      token: outputToken.address,
      spread: priced.spreadFee,
      gas: priced.gasFee,
      gasOnArrival: gasCost,
      total: priced.spreadFee + priced.gasFee + gasCost,
    },
    estimatedFillSeconds: estimatedFillSeconds(origin.blockTime, destination.blockTime),
    fillDeadline,
    expires: fillDeadline + refundDelay,
    quoteExpiresAt: now + pricing.quoteTtlSeconds,
    limits,
    solver: context.solver,
    originSettler: request.originSettler,
    destinationSettler: request.destinationSettler,
    // Present where the solver opens the order from one signature (docs/gasless.md): a lower output, paying the open.
    ...(gasless ? { gasless } : {}),
  }
}
