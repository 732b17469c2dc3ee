import { HttpStatusError } from '../../http/httpErrors.ts'
import { httpRequestWithRetry } from '../../http/httpRequestWithRetry.ts'
import { InvalidQuoteError, RouteUnavailableError } from '../../routes/routeErrors.ts'
import type { QuoteRequest, Route } from '../../routes/types.ts'
import { describeIssues } from '../apiSupport.ts'
import { ACROSS_PROVIDER_ID } from './acrossConfig.ts'
import type { AcrossContext } from './acrossContext.ts'
import { type AcrossSent, routeFromFees } from './acrossRoute.ts'
import { acrossErrorSchema, acrossFeesSchema } from './acrossSchemas.ts'

/**
 * The route Across offers for the request: `/suggested-fees` for the tokens it moves (the wrapped token for the
 * native coin) between two SpokePools of the config, checked into a route (`routeFromFees`), with the token that
 * really arrives when the SpokePool unwraps or keeps wrapped what was asked. Undefined where Across has no route.
 */
export async function quoteAcross(
  context: AcrossContext,
  request: QuoteRequest,
  signal?: AbortSignal,
): Promise<Route | undefined> {
  const originPool = context.spokePool(request.origin.chainId)
  const inputToken = context.acrossToken(request.origin)
  const outputToken = context.acrossToken(request.destination)
  if (
    !originPool ||
    !context.spokePool(request.destination.chainId) ||
    !inputToken ||
    !outputToken ||
    request.origin.chainId === request.destination.chainId
  ) {
    return undefined
  }
  const sent: AcrossSent = { originPool, inputToken, outputToken }
  let raw: unknown
  try {
    raw = await requestFees(context, request, sent, signal)
  } catch (error) {
    const answer = unavailable(error)
    if (answer === 'none') return undefined
    throw answer ?? error
  }
  const parsed = acrossFeesSchema.safeParse(raw)
  if (!parsed.success) throw new InvalidQuoteError(ACROSS_PROVIDER_ID, describeIssues(parsed.error))
  const route = routeFromFees(context, parsed.data, request, sent)
  const delivered = await context.deliveredToken(request.destination.chainId, request.recipient, request.destination)
  return delivered ? { ...route, deliveredToken: delivered } : route
}

/** `GET /suggested-fees` for the request, in the tokens Across moves. */
function requestFees(context: AcrossContext, request: QuoteRequest, sent: AcrossSent, signal?: AbortSignal) {
  return httpRequestWithRetry(`${context.apiUrl}/suggested-fees`, {
    query: {
      inputToken: sent.inputToken,
      outputToken: sent.outputToken,
      originChainId: request.origin.chainId,
      destinationChainId: request.destination.chainId,
      amount: request.amount,
      recipient: request.recipient,
      // USDC/USDT have 18 decimals on BNB Chain and 6 elsewhere: without this Across refuses those
      // pairs as unsupported routes (its SDK always sends it).
      allowUnmatchedDecimals: 'true',
    },
    timeoutMs: context.quoteTimeoutMs,
    ...(signal ? { signal } : {}),
  })
}

/**
 * Across's 4xx answers: amount limits as reasons shown beside Across, a route it does not serve as
 * "no route" ('none'), anything else it refuses as an unsupported route.
 */
function unavailable(error: unknown): RouteUnavailableError | 'none' | undefined {
  if (!(error instanceof HttpStatusError) || error.status < 400 || error.status >= 500 || error.status === 429) {
    return undefined
  }
  const body = acrossErrorSchema.safeParse(error.body)
  const code = body.success ? body.data.code : undefined
  const message = body.success ? body.data.message : typeof error.body === 'string' ? error.body : undefined
  if (code === 'AMOUNT_TOO_LOW' || (!code && /too low/i.test(message ?? ''))) {
    return new RouteUnavailableError(ACROSS_PROVIDER_ID, 'amountTooLow', undefined, message)
  }
  if (code === 'AMOUNT_TOO_HIGH' || (!code && /exceeds max/i.test(message ?? ''))) {
    return new RouteUnavailableError(ACROSS_PROVIDER_ID, 'amountTooHigh', undefined, message)
  }
  if (code === 'ROUTE_NOT_ENABLED') return 'none'
  return new RouteUnavailableError(ACROSS_PROVIDER_ID, 'unsupportedRoute', undefined, message)
}
