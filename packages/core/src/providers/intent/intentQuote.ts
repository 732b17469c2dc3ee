import { type Address, isAddressEqual } from 'viem'
import { z } from 'zod'
import { listedTokenRef, NATIVE_TOKEN_ADDRESS } from '../../config/manifest.ts'
import { ServiceUnreachableError } from '../../errors/unreachableErrors.ts'
import { HttpNetworkError, HttpStatusError, HttpTimeoutError } from '../../http/httpErrors.ts'
import { httpRequest } from '../../http/request.ts'
import { InvalidQuoteError, RouteUnavailableError } from '../../routes/routeErrors.ts'
import type { QuoteRequest, Route } from '../../routes/types.ts'
import type { EscrowContext } from '../escrow/escrowProtocol.ts'
import { checkIntentDeadlines, readDeadlineBounds } from './intentDeadlines.ts'
import { checkGaslessOpenDeadline, gaslessTermsSchema } from './intentGasless.ts'
import { INTENT_NAME, INTENT_PROVIDER_ID } from './intentId.ts'

const uint = z.string().regex(/^[0-9]{1,78}$/)
const quoteSchema = z.object({
  originChainId: z.number(),
  destinationChainId: z.number(),
  inputToken: z.string(),
  outputToken: z.string(),
  inputAmount: uint,
  outputAmount: uint,
  // Gas on arrival: native coin for the recipient besides the output, and its cost in the output token.
  gasAmount: uint.default('0'),
  fees: z.object({ spread: uint, gas: uint, gasOnArrival: uint.default('0') }),
  estimatedFillSeconds: z.number().positive(),
  fillDeadline: z.number().int().positive(),
  expires: z.number().int().positive(),
  quoteExpiresAt: z.number().int().positive(),
  originSettler: z.string(),
  destinationSettler: z.string(),
  // The gasless terms (docs/gasless.md): malformed ones only mean no gasless route.
  gasless: gaslessTermsSchema.optional().catch(undefined),
})
/** The solver's refusal; an amount it does not take comes with the limit, in the input token's base units. */
const errorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    // A limit that is not an amount is left out: the refusal still says why.
    minInputAmount: uint.optional().catch(undefined),
    maxInputAmount: uint.optional().catch(undefined),
    // The chain the solver cannot follow now (CHAIN_UNAVAILABLE).
    chainId: z.number().int().optional().catch(undefined),
  }),
})

type IntentQuote = z.infer<typeof quoteSchema>

/**
 * A route from the solver's RFQ API (`/v1/quote`), between two chains that both have the settlers: taken only when
 * it is about this request and names the config's settlers. The solver's refusal of an amount says its limit.
 */
export async function quoteIntent(
  request: QuoteRequest,
  context: EscrowContext,
  options: { signal?: AbortSignal },
): Promise<Route | undefined> {
  const settlers = {
    origin: context.contracts(request.origin.chainId).origin as Address,
    destination: context.contracts(request.destination.chainId).destination as Address,
  }
  // What the quote's deadlines are held to, read from the origin while the solver answers.
  const bounds = readDeadlineBounds(context, request.origin.chainId, settlers.origin)
  bounds.catch(() => undefined) // unread when the solver's answer ends the quote first
  const raw = await requestQuote(context, request, options.signal)
  if (raw === undefined) return undefined
  const result = quoteSchema.safeParse(raw)
  if (!result.success) throw new InvalidQuoteError(INTENT_PROVIDER_ID, result.error.message)
  const quote = result.data
  // Never trust a quote about something else, or one that names other contracts.
  if (
    quote.originChainId !== request.origin.chainId ||
    quote.destinationChainId !== request.destination.chainId ||
    !isAddressEqual(quote.inputToken as Address, request.origin.address) ||
    !isAddressEqual(quote.outputToken as Address, request.destination.address) ||
    BigInt(quote.inputAmount) !== request.amount ||
    !isAddressEqual(quote.originSettler as Address, settlers.origin) ||
    !isAddressEqual(quote.destinationSettler as Address, settlers.destination)
  ) {
    throw new InvalidQuoteError(INTENT_PROVIDER_ID, 'the quote does not match the request or the known settlers')
  }
  // Never deadlines beyond the bridge's own windows: the person could not refund (or void the signature) until then.
  const held = await bounds
  checkIntentDeadlines(quote, held)
  if (quote.gasless) checkGaslessOpenDeadline(quote.gasless, held)
  return routeFromQuote(context, quote, request, settlers.origin)
}

/**
 * `GET /v1/quote` of the solver for the request; undefined for a token pair it does not trade. Its refusals as
 * reasons shown beside the route (an amount's limit, a network it cannot follow now); no answer at all as the
 * solver not answering.
 */
async function requestQuote(
  { manifest }: EscrowContext,
  request: QuoteRequest,
  signal: AbortSignal | undefined,
): Promise<unknown> {
  try {
    return await httpRequest(`${manifest.services.solver?.url}/v1/quote`, {
      query: {
        originChainId: request.origin.chainId,
        destinationChainId: request.destination.chainId,
        inputToken: request.origin.address,
        outputToken: request.destination.address,
        amount: request.amount,
        ...(request.gasOnArrival ? { gasOnArrival: 'true' } : {}),
      },
      timeoutMs: 10_000,
      ...(signal ? { signal } : {}),
    })
  } catch (error) {
    if (error instanceof HttpTimeoutError || error instanceof HttpNetworkError) {
      throw new ServiceUnreachableError('solver', error)
    }
    const parsed = error instanceof HttpStatusError ? errorSchema.safeParse(error.body) : undefined
    const answer = parsed?.success ? parsed.data.error : undefined
    // The amount is in the sent token: so is the limit the solver names. One the amount does not cross is
    // not said: it would not be the reason.
    const limit = (text: string | undefined, crossed: (amount: bigint) => boolean) => {
      const amount = text === undefined ? undefined : BigInt(text)
      return amount !== undefined && crossed(amount) ? { amount, token: request.origin } : undefined
    }
    if (answer?.code === 'AMOUNT_TOO_LOW') {
      const least = limit(answer.minInputAmount, (amount) => amount > request.amount)
      throw new RouteUnavailableError(INTENT_PROVIDER_ID, 'amountTooLow', least)
    }
    if (answer?.code === 'AMOUNT_TOO_HIGH') {
      const most = limit(answer.maxInputAmount, (amount) => amount < request.amount)
      throw new RouteUnavailableError(INTENT_PROVIDER_ID, 'amountTooHigh', most)
    }
    if (answer?.code === 'UNSUPPORTED_TOKEN') return undefined
    if (answer?.code === 'CHAIN_UNAVAILABLE') {
      const network = manifest.chains.find((chain) => chain.id === answer.chainId)?.name
      throw new RouteUnavailableError(INTENT_PROVIDER_ID, 'networkUnavailable', undefined, undefined, network)
    }
    throw error
  }
}

/** The checked quote as a route: gas on arrival only when asked for, on a network whose native coin is listed. */
function routeFromQuote(
  { manifest }: EscrowContext,
  quote: IntentQuote,
  request: QuoteRequest,
  originSettler: Address,
): Route {
  const gasAmount = BigInt(quote.gasAmount)
  // Gas nobody asked for is paid from the output: never take it.
  if (gasAmount > 0n && !request.gasOnArrival) {
    throw new InvalidQuoteError(INTENT_PROVIDER_ID, 'the quote adds gas on arrival that was not asked for')
  }
  const nativeToken =
    gasAmount > 0n ? listedTokenRef(manifest, request.destination.chainId, NATIVE_TOKEN_ADDRESS) : undefined
  if (gasAmount > 0n && !nativeToken) {
    throw new InvalidQuoteError(INTENT_PROVIDER_ID, 'gas on arrival on a network without a native coin listed')
  }
  // The solver delivers the order's output exactly, or nothing and the input is refunded: the order asks for
  // the quoted amount, and a slippage the person set would only be a gift to the solver.
  const outputAmount = BigInt(quote.outputAmount)
  const now = Date.now()
  return {
    id: `${INTENT_PROVIDER_ID}:${now}:${quote.outputAmount}`,
    providerId: INTENT_PROVIDER_ID,
    providerName: INTENT_NAME,
    request,
    outputAmount,
    minOutputAmount: outputAmount,
    slippageBps: 0,
    slippageMode: 'fixed',
    fees: [
      { label: 'Solver fee', token: request.destination, amount: BigInt(quote.fees.spread) },
      // The solver's gas for the fill on the destination, taken from the amount: not the person's own gas.
      { label: 'Solver gas fee', token: request.destination, amount: BigInt(quote.fees.gas) },
      ...(gasAmount > 0n
        ? [{ label: 'Gas on arrival fee', token: request.destination, amount: BigInt(quote.fees.gasOnArrival) }]
        : []),
    ],
    estimatedSeconds: quote.estimatedFillSeconds,
    quotedAt: now,
    expiresAt: Math.min(quote.quoteExpiresAt * 1000, now + 60_000),
    depositAddress: originSettler,
    data: {
      fillDeadline: quote.fillDeadline,
      expires: quote.expires,
      ...(quote.gasless ? { gasless: quote.gasless } : {}),
    },
    ...(nativeToken ? { gasOnArrival: { status: 'included', token: nativeToken, amount: gasAmount } } : {}),
  }
}
