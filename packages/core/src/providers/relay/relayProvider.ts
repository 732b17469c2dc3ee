import type { Hex } from 'viem'
import { z } from 'zod'
import { HttpStatusError } from '../../http/httpErrors.ts'
import { httpRequestWithRetry } from '../../http/httpRequestWithRetry.ts'
import {
  InvalidQuoteError,
  QuoteExpiredError,
  RefundByProviderError,
  RouteUnavailableError,
  type RouteUnavailableReason,
} from '../../routes/routeErrors.ts'
import type { QuoteRequest } from '../../routes/types.ts'
import { prepareDeposit } from '../../signing/checkDeposit.ts'
import {
  addressString,
  assertListed,
  depositMinedUpdate,
  describeIssues,
  hexData,
  isNativeAddress,
  uintString,
} from '../apiSupport.ts'
import { type ProviderContext, providerSection, type RouteProvider } from '../types.ts'
import { RELAY_PROVIDER_ID, type RelayConfig } from './relayConfig.ts'
import { createRelayContext, type RelayContext } from './relayContext.ts'
import { decodeRelayDeposit } from './relayDeposit.ts'
import { findRelaySwapByDeposit } from './relayReceipt.ts'
import { findRelaySwaps } from './relayRestore.ts'
import { routeFromQuote } from './relayRoute.ts'
import { relayErrorSchema, relayQuoteSchema } from './relaySchemas.ts'
import { trackRelay } from './relayStatus.ts'

/** Relay's explorer: a request's page by its id (or a transaction hash). */
export const RELAY_EXPLORER_URL = 'https://relay.link'
/** Relay asks integrators to poll its status about every few seconds, and to stop at a final state. */
const STATUS_POLL_MS = 5_000

/** What a Relay route carries from its quote to the deposit. */
const routeDataSchema = z.object({
  requestId: z.string().min(1),
  transaction: z.object({ to: addressString, data: hexData, value: uintString }),
})

/**
 * Relay (relay.link): quotes from `POST /quote/v2` (with the protocol order, `includeProtocolData`), status from
 * `/intents/status/v3` by the quote's request id, History's restore from `/requests/v3` (which needs an API key).
 * A deposit is signed only as a depository `depositErc20` / `depositNative` whose id is the hash of an order that
 * pays the person's recipient on the destination (`decodeRelayDeposit`), checked when quoting and again before
 * signing. Relay refunds a fill that fails by itself, on the origin chain: there is no Refund button.
 */
export function createRelayProvider({ manifest, clients }: ProviderContext): RouteProvider | undefined {
  const config = providerSection<RelayConfig>(manifest, RELAY_PROVIDER_ID)
  if (!config) return undefined
  const context = createRelayContext(manifest, clients, config)

  const provider: RouteProvider = {
    id: RELAY_PROVIDER_ID,
    name: 'Relay',
    pollIntervalMs: STATUS_POLL_MS,

    async getQuote(request, options = {}) {
      const { origin, destination } = request
      if (origin.chainId === destination.chainId || !context.served(origin.chainId)) return undefined
      if (!context.served(destination.chainId)) return undefined
      const parsed = relayQuoteSchema.safeParse(await requestQuote(context, request, options.signal))
      if (!parsed.success) throw new InvalidQuoteError(RELAY_PROVIDER_ID, describeIssues(parsed.error))
      const route = routeFromQuote(context, parsed.data, request)
      // A hostile quote never shows as a route: its deposit is decoded and checked now, as before signing.
      await prepareDeposit(provider, route)
      return route
    },

    async planDeposit(route) {
      const parsed = routeDataSchema.safeParse(route.data)
      if (!parsed.success) throw new InvalidQuoteError(RELAY_PROVIDER_ID, describeIssues(parsed.error))
      if (Date.now() >= route.expiresAt) throw new QuoteExpiredError()
      const { request } = route
      const chainId = request.origin.chainId
      const { transaction } = parsed.data
      const to = assertListed(context.allowlist(chainId), transaction.to)
      const deposit = { chainId, to, data: transaction.data as Hex, value: BigInt(transaction.value) }
      if (isNativeAddress(request.origin.address)) return { transaction: deposit }
      // Our own exact approval, to the contract the deposit calls (the depository pulls the tokens).
      return { transaction: deposit, approval: { token: request.origin, spender: to, amount: request.amount } }
    },

    decodeDeposit: (transaction, route) =>
      decodeRelayDeposit(transaction, route, context.allowlist(transaction.chainId)),

    onDepositMined: (record) => depositMinedUpdate(clients, record),

    explorerUrl: (record) => {
      const requestId = typeof record.data?.requestId === 'string' ? record.data.requestId : undefined
      return `${RELAY_EXPLORER_URL}/transaction/${requestId ?? record.depositTx}`
    },

    track: (record) => trackRelay(context, record),

    async planRefund() {
      throw new RefundByProviderError(provider.name)
    },

    findSwaps: (owner) => findRelaySwaps(context, owner),

    findSwapByDeposit: (chainId, receipt) => findRelaySwapByDeposit(context, chainId, receipt),

    knownContracts: (chainId) => context.allowlist(chainId),
  }
  return provider
}

/** `POST /quote/v2` for the request; Relay's "no route" errors as `RouteUnavailableError`. */
async function requestQuote(context: RelayContext, request: QuoteRequest, signal?: AbortSignal): Promise<unknown> {
  const { origin, destination } = request
  try {
    return await httpRequestWithRetry(`${context.apiUrl}/quote/v2`, {
      method: 'POST',
      headers: context.headers,
      body: {
        user: request.sender,
        recipient: request.recipient,
        // Relay's docs disagree on where an unset refund goes: always the sender, on the origin chain.
        refundTo: request.sender,
        originChainId: origin.chainId,
        destinationChainId: destination.chainId,
        originCurrency: origin.address,
        destinationCurrency: destination.address,
        amount: request.amount.toString(),
        tradeType: 'EXACT_INPUT',
        referrer: context.referrer,
        // A depository call, never a plain transfer; and the order it commits to, to check the deposit against.
        explicitDeposit: true,
        includeProtocolData: true,
        ...(request.slippageBps === undefined ? {} : { slippageTolerance: String(request.slippageBps) }),
        ...(request.gasOnArrival && !isNativeAddress(destination.address) ? { topupGas: true } : {}),
      },
      timeoutMs: context.quoteTimeoutMs,
      ...(signal ? { signal } : {}),
    })
  } catch (error) {
    throw unavailable(error) ?? error
  }
}

/** Relay's quote errors (`{message, errorCode}`) that mean "no route", as a reason shown beside Relay. */
function unavailable(error: unknown): RouteUnavailableError | undefined {
  if (!(error instanceof HttpStatusError) || error.status !== 400) return undefined
  const body = relayErrorSchema.safeParse(error.body)
  if (!body.success) return undefined
  const reasons: Record<string, RouteUnavailableReason> = {
    AMOUNT_TOO_LOW: 'amountTooLow',
    INSUFFICIENT_LIQUIDITY: 'insufficientLiquidity',
    UNSUPPORTED_CURRENCY: 'unsupportedToken',
    INVALID_INPUT_CURRENCY: 'unsupportedToken',
    INVALID_OUTPUT_CURRENCY: 'unsupportedToken',
  }
  const reason = reasons[body.data.errorCode ?? ''] ?? 'unsupportedRoute'
  return new RouteUnavailableError(RELAY_PROVIDER_ID, reason, undefined, body.data.message)
}
