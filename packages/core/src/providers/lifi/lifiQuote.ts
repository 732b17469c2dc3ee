import { HttpStatusError } from '../../http/httpErrors.ts'
import { httpRequestWithRetry } from '../../http/httpRequestWithRetry.ts'
import { RouteUnavailableError, type RouteUnavailableReason } from '../../routes/routeErrors.ts'
import type { QuoteRequest } from '../../routes/types.ts'
import { bpsToFraction } from '../apiSupport.ts'
import { LIFI_CHECKED_BRIDGES } from './lifiCalldata.ts'
import { LIFI_PROVIDER_ID } from './lifiConfig.ts'
import type { LifiContext } from './lifiContext.ts'
import type { LifiGas } from './lifiGasSuggestion.ts'
import { lifiErrorSchema, lifiToolErrorsSchema } from './lifiSchemas.ts'

/** `GET /quote` for the request (and the gas on arrival asked of it); LI.FI's "no route" as `RouteUnavailableError`. */
export async function requestLifiQuote(
  context: LifiContext,
  request: QuoteRequest,
  gas: LifiGas | undefined,
  signal: AbortSignal | undefined,
): Promise<unknown> {
  try {
    return await httpRequestWithRetry(`${context.apiUrl}/quote`, {
      query: {
        fromChain: request.origin.chainId,
        toChain: request.destination.chainId,
        fromToken: request.origin.address,
        toToken: request.destination.address,
        fromAmount: request.amount,
        fromAddress: request.sender,
        toAddress: request.recipient,
        // Only bridges whose calls the decoder can check (LI.FI's SDK joins a list with commas).
        allowBridges: LIFI_CHECKED_BRIDGES.join(','),
        slippage: request.slippageBps === undefined ? undefined : bpsToFraction(request.slippageBps),
        // Gas on arrival: this much of the input becomes the destination's native coin for the recipient
        // (bought through Gas.zip by LI.FI's GasZipPeriphery, a step the decoder checks).
        fromAmountForGas: gas?.fromAmount,
        ...context.common,
      },
      timeoutMs: context.quoteTimeoutMs,
      ...(signal ? { signal } : {}),
    })
  } catch (error) {
    throw unavailable(error) ?? error
  }
}

/** LI.FI's "no route" answers (404, and 400 for requests it cannot serve) as a reason shown beside LI.FI. */
function unavailable(error: unknown): RouteUnavailableError | undefined {
  if (!(error instanceof HttpStatusError) || (error.status !== 404 && error.status !== 400)) return undefined
  const body = lifiErrorSchema.safeParse(error.body)
  const message = body.success ? body.data.message : typeof error.body === 'string' ? error.body : undefined
  const toolErrors = lifiToolErrorsSchema.safeParse((error.body as { errors?: unknown } | undefined)?.errors)
  const errors = toolErrors.success ? toolErrors.data : undefined
  const codes = new Set(
    Array.isArray(errors)
      ? errors.map((toolError) => toolError.code)
      : (errors?.failed ?? []).flatMap((failed) =>
          Object.values(failed.subpaths).flatMap((subpath) => subpath.map((toolError) => toolError.code)),
        ),
  )
  const reason: RouteUnavailableReason = codes.has('AMOUNT_TOO_LOW')
    ? 'amountTooLow'
    : codes.has('AMOUNT_TOO_HIGH')
      ? 'amountTooHigh'
      : codes.has('INSUFFICIENT_LIQUIDITY')
        ? 'insufficientLiquidity'
        : 'unsupportedRoute'
  return new RouteUnavailableError(LIFI_PROVIDER_ID, reason, undefined, message)
}
