import { type Address, decodeFunctionData, erc20Abi, type Hex, isAddressEqual } from 'viem'
import { z } from 'zod'
import { getManifestChain, listedTokenRef, NATIVE_TOKEN_ADDRESS } from '../../config/manifest.ts'
import { HttpStatusError } from '../../http/httpErrors.ts'
import { httpRequestWithRetry } from '../../http/httpRequestWithRetry.ts'
import {
  InvalidQuoteError,
  InvalidResponseError,
  QuoteExpiredError,
  RefundByProviderError,
  RouteUnavailableError,
  type RouteUnavailableReason,
} from '../../routes/routeErrors.ts'
import type { QuoteRequest, Route, RouteFee } from '../../routes/types.ts'
import { applySwapEvent } from '../../swaps/swapMachine.ts'
import type { DepositedSwap, SwapEvent, SwapRecord } from '../../swaps/types.ts'
import {
  addressString,
  apiTokenRef,
  assertListed,
  depositMinedUpdate,
  describeIssues,
  hexData,
  isNativeAddress,
  sameToken,
  uintString,
} from '../apiSupport.ts'
import type { ProviderContext, RouteProvider } from '../types.ts'
import {
  type RelayQuote,
  type RelayStatus,
  relayErrorSchema,
  relayQuoteSchema,
  relayRequestSchema,
  relayRequestsSchema,
  relayStatusSchema,
  relayTransactionSchema,
} from './relaySchemas.ts'

export const RELAY_PROVIDER_ID = 'relay'
/** Relay's explorer: a request's page by its id (or a transaction hash). */
export const RELAY_EXPLORER_URL = 'https://relay.link'
const QUOTE_TIMEOUT_MS = 20_000
const STATUS_TIMEOUT_MS = 15_000
/** Relay asks integrators to poll its status about every few seconds, and to stop at a final state. */
const STATUS_POLL_MS = 5_000
/** Relay re-validates a quote when filling it: keep them fresh. */
const QUOTE_TTL_MS = 30_000

const routeDataSchema = z.object({
  requestId: z.string().min(1),
  spender: addressString.optional(),
  transaction: z.object({ to: addressString, data: hexData, value: uintString }),
})

/**
 * Relay (relay.link): quotes from `POST /quote/v2` carrying the approval and deposit steps, status from
 * `/intents/status/v3` by the quote's request id, History's restore from `/requests/v3` (which needs an API
 * key). A step is used only when its `to` (and an approval's spender) is on the config's Relay allowlist for that
 * chain. Relay refunds a fill that fails by itself, on the origin chain: there is no Refund button.
 */
export function createRelayProvider({ manifest, clients }: ProviderContext): RouteProvider | undefined {
  const config = manifest.providers?.relay
  if (!config) return undefined
  const { apiUrl, referrer } = config
  const allowlist = (chainId: number) => config.contracts[String(chainId)] ?? []
  const served = (chainId: number) => getManifestChain(manifest, chainId) !== undefined && allowlist(chainId).length > 0
  const headers: Record<string, string> = config.apiKey ? { 'x-api-key': config.apiKey } : {}
  const quoteTimeoutMs = config.timeoutMs ?? QUOTE_TIMEOUT_MS
  const statusTimeoutMs = config.timeoutMs ?? STATUS_TIMEOUT_MS

  const provider: RouteProvider = {
    id: RELAY_PROVIDER_ID,
    name: 'Relay',
    pollIntervalMs: STATUS_POLL_MS,

    async getQuote(request, options = {}) {
      const { origin, destination } = request
      if (origin.chainId === destination.chainId || !served(origin.chainId) || !served(destination.chainId)) {
        return undefined
      }
      let raw: unknown
      try {
        raw = await httpRequestWithRetry(`${apiUrl}/quote/v2`, {
          method: 'POST',
          headers,
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
            referrer,
            ...(request.slippageBps === undefined ? {} : { slippageTolerance: String(request.slippageBps) }),
            ...(request.gasOnArrival && !isNativeAddress(destination.address) ? { topupGas: true } : {}),
          },
          timeoutMs: quoteTimeoutMs,
          ...(options.signal ? { signal: options.signal } : {}),
        })
      } catch (error) {
        throw unavailable(error) ?? error
      }
      const parsed = relayQuoteSchema.safeParse(raw)
      if (!parsed.success) throw new InvalidQuoteError(RELAY_PROVIDER_ID, describeIssues(parsed.error))
      return routeFromQuote(parsed.data, request)
    },

    async planDeposit(route) {
      const parsed = routeDataSchema.safeParse(route.data)
      if (!parsed.success) throw new InvalidQuoteError(RELAY_PROVIDER_ID, describeIssues(parsed.error))
      if (Date.now() >= route.expiresAt) throw new QuoteExpiredError()
      const { request } = route
      const chainId = request.origin.chainId
      const { transaction, spender } = parsed.data
      const to = assertListed(allowlist(chainId), transaction.to)
      if (isNativeAddress(request.origin.address)) {
        return { transaction: { chainId, to, data: transaction.data as Hex, value: BigInt(transaction.value) } }
      }
      return {
        transaction: { chainId, to, data: transaction.data as Hex, value: BigInt(transaction.value) },
        approval: {
          token: request.origin,
          spender: assertListed(allowlist(chainId), spender ?? to),
          amount: request.amount,
        },
      }
    },

    onDepositMined: (record) => depositMinedUpdate(clients, record),

    explorerUrl: (record) => {
      const requestId = typeof record.data?.requestId === 'string' ? record.data.requestId : undefined
      return `${RELAY_EXPLORER_URL}/transaction/${requestId ?? record.depositTx}`
    },

    async track(record) {
      const requestId = typeof record.data?.requestId === 'string' ? record.data.requestId : record.id
      let raw: unknown
      try {
        raw = await httpRequestWithRetry(`${apiUrl}/intents/status/v3`, {
          headers,
          query: { requestId },
          timeoutMs: statusTimeoutMs,
        })
      } catch (error) {
        // Not indexed yet.
        if (error instanceof HttpStatusError && error.status === 404)
          return { type: 'pending', statusDetail: 'waiting' }
        throw error
      }
      const parsed = relayStatusSchema.safeParse(raw)
      if (!parsed.success) throw new InvalidResponseError(RELAY_PROVIDER_ID, 'status', describeIssues(parsed.error))
      return relayStatusEvent(parsed.data)
    },

    async planRefund() {
      throw new RefundByProviderError(provider.name)
    },

    async findSwaps(owner) {
      let raw: unknown
      try {
        raw = await httpRequestWithRetry(`${apiUrl}/requests/v3`, {
          headers,
          query: { user: owner, limit: 50 },
          timeoutMs: statusTimeoutMs,
        })
      } catch (error) {
        if (error instanceof HttpStatusError && (error.status === 401 || error.status === 403)) {
          throw new InvalidResponseError(
            RELAY_PROVIDER_ID,
            'request list',
            'Relay lists past requests only with an API key (MULTIBRIDGE_RELAY_API_KEY, or a proxy that adds it)',
          )
        }
        throw error
      }
      const parsed = relayRequestsSchema.safeParse(raw)
      if (!parsed.success) {
        throw new InvalidResponseError(RELAY_PROVIDER_ID, 'request list', describeIssues(parsed.error))
      }
      return parsed.data.requests.flatMap((entry) => {
        const record = foundRequest(entry, owner)
        return record ? [record] : []
      })
    },

    knownContracts: (chainId) => allowlist(chainId),
  }

  /** The quote as a route, after checking it is about this very request and sends only to known contracts. */
  function routeFromQuote(quote: RelayQuote, request: QuoteRequest): Route {
    const { details } = quote
    const chainId = request.origin.chainId
    const mismatch = [
      details.currencyIn.currency.chainId !== chainId && 'currencyIn.chainId',
      !sameToken(details.currencyIn.currency.address, request.origin.address) && 'currencyIn',
      BigInt(details.currencyIn.amount) !== request.amount && 'currencyIn.amount',
      details.currencyOut.currency.chainId !== request.destination.chainId && 'currencyOut.chainId',
      !sameToken(details.currencyOut.currency.address, request.destination.address) && 'currencyOut',
      details.recipient && !isAddressEqual(details.recipient, request.recipient) && 'recipient',
      details.sender && !isAddressEqual(details.sender, request.sender) && 'sender',
    ].filter(Boolean)
    if (mismatch.length > 0) {
      throw new InvalidQuoteError(RELAY_PROVIDER_ID, `the quote does not match the request: ${mismatch.join(', ')}`)
    }

    // Only transactions, only approvals and one deposit, all on the origin chain and from the sender.
    const approvals: Address[] = []
    let deposit: z.infer<typeof relayTransactionSchema> | undefined
    for (const step of quote.steps) {
      if (step.kind !== 'transaction') {
        throw new InvalidQuoteError(RELAY_PROVIDER_ID, `step "${step.id}" asks for a ${step.kind}, not a transaction`)
      }
      if (step.id !== 'approve' && step.id !== 'deposit') {
        throw new InvalidQuoteError(RELAY_PROVIDER_ID, `unexpected step "${step.id}"`)
      }
      for (const item of step.items) {
        const transaction = relayTransactionSchema.safeParse(item.data)
        if (!transaction.success) throw new InvalidQuoteError(RELAY_PROVIDER_ID, describeIssues(transaction.error))
        const data = transaction.data
        if (data.chainId !== chainId || (data.from && !isAddressEqual(data.from, request.sender))) {
          throw new InvalidQuoteError(RELAY_PROVIDER_ID, `step "${step.id}" is for another chain or sender`)
        }
        if (step.id === 'approve') {
          if (!sameToken(data.to, request.origin.address)) {
            throw new InvalidQuoteError(RELAY_PROVIDER_ID, 'the approval is for another token')
          }
          approvals.push(approvalSpender(data.data as Hex))
        } else {
          if (deposit) throw new InvalidQuoteError(RELAY_PROVIDER_ID, 'more than one deposit')
          deposit = data
        }
      }
    }
    if (!deposit) throw new InvalidQuoteError(RELAY_PROVIDER_ID, 'the quote has no deposit')
    const to = assertListed(allowlist(chainId), deposit.to)
    for (const spender of approvals) assertListed(allowlist(chainId), spender)
    const native = isNativeAddress(request.origin.address)
    const value = BigInt(deposit.value)
    if (native ? value !== request.amount : value !== 0n) {
      throw new InvalidQuoteError(RELAY_PROVIDER_ID, 'the deposit sends another amount of the native coin')
    }
    const requestId = quote.steps.find((step) => step.requestId)?.requestId ?? quote.requestId
    if (!requestId) throw new InvalidQuoteError(RELAY_PROVIDER_ID, 'the quote has no request id')

    const outputAmount = BigInt(details.currencyOut.amount)
    const minOutputAmount = BigInt(details.currencyOut.minimumAmount ?? details.currencyOut.amount)
    if (outputAmount <= 0n || minOutputAmount > outputAmount) {
      throw new InvalidQuoteError(RELAY_PROVIDER_ID, 'the quoted amounts are inconsistent')
    }
    const fees: RouteFee[] = [
      ...(quote.fees?.relayer ? [{ label: 'Relayer fee', amount: quote.fees.relayer }] : []),
      ...(quote.fees?.gas ? [{ label: 'Network fee', amount: quote.fees.gas }] : []),
    ]
      .filter((fee) => BigInt(fee.amount.amount) > 0n)
      .map((fee) => ({
        label: fee.label,
        token: apiTokenRef(manifest, fee.amount.currency),
        amount: BigInt(fee.amount.amount),
      }))
    const gas = request.gasOnArrival ? gasTopup(quote, request) : undefined
    const slippageBps =
      request.slippageBps ?? (details.slippageTolerance?.total ? Number(details.slippageTolerance.total) : 0)
    const now = Date.now()
    return {
      id: `${RELAY_PROVIDER_ID}:${requestId}:${now}`,
      providerId: RELAY_PROVIDER_ID,
      providerName: provider.name,
      request,
      outputAmount,
      minOutputAmount,
      slippageBps,
      slippageMode: request.slippageBps === undefined ? 'auto' : 'custom',
      fees,
      estimatedSeconds: Math.max(1, Math.ceil(details.timeEstimate ?? 30)),
      quotedAt: now,
      expiresAt: now + QUOTE_TTL_MS,
      depositAddress: to,
      data: {
        requestId,
        // The spender Relay named (our own approval goes to it); none when Relay saw the allowance already there.
        ...(approvals.length > 0 ? { spender: approvals.at(-1) } : {}),
        transaction: { to, data: deposit.data, value: deposit.value },
      },
      trackingData: { requestId },
      ...(gas ? { gasOnArrival: { status: 'included', token: gas.token, amount: gas.amount } } : {}),
    }
  }

  /** The gas top-up the quote delivers: the destination's native coin, listed, in a positive amount. */
  function gasTopup(quote: RelayQuote, request: QuoteRequest) {
    const topup = quote.details.currencyGasTopup
    const token = listedTokenRef(manifest, request.destination.chainId, NATIVE_TOKEN_ADDRESS)
    if (!topup || !token || topup.currency.chainId !== request.destination.chainId) return undefined
    if (!isNativeAddress(topup.currency.address) || BigInt(topup.amount) === 0n) return undefined
    return { token, amount: BigInt(topup.amount) }
  }

  /** A History record for a request Relay lists, when it is one of this config's chains; bad entries are skipped. */
  function foundRequest(entry: unknown, owner: Address): SwapRecord | undefined {
    const parsed = relayRequestSchema.safeParse(entry)
    if (!parsed.success) return undefined
    const { data } = parsed.data
    const [sent] = data.inTxs
    const hash = sent?.txHash ?? sent?.hash
    const route = data.route.actual ?? data.route.quoted
    const input = route.origin.inputCurrency
    const output = data.route.quoted.destination.outputCurrency
    if (!sent || !hash || !isAddressEqual(parsed.data.user, owner)) return undefined
    if (!served(input.currency.chainId) || !getManifestChain(manifest, output.currency.chainId)) return undefined
    const depositAddress = allowlist(input.currency.chainId)[0] as Address
    const depositedAt = sent.timestamp ?? Math.floor(Date.parse(parsed.data.createdAt ?? '') / 1000)
    const record: DepositedSwap = {
      key: hash,
      id: hash,
      providerId: RELAY_PROVIDER_ID,
      providerName: provider.name,
      owner,
      recipient: parsed.data.recipient,
      origin: { token: apiTokenRef(manifest, input.currency), amount: input.amount },
      destination: {
        token: apiTokenRef(manifest, output.currency),
        estimatedAmount: output.amount,
        minAmount: output.minimumAmount ?? output.amount,
      },
      depositAddress,
      status: 'deposited',
      createdAt: (Number.isFinite(depositedAt) ? depositedAt : 0) * 1000,
      depositTx: hash as Hex,
      depositedAt: Number.isFinite(depositedAt) ? depositedAt : 0,
      data: { requestId: parsed.data.id },
      updatedAt: Date.now(),
    }
    const status = relayStatusSchema.shape.status.safeParse(parsed.data.status)
    if (!status.success) return record
    const out = data.outTxs?.[0]
    const outHash = out?.txHash ?? out?.hash
    return applySwapEvent(
      record,
      relayStatusEvent({ status: status.data, ...(outHash ? { txHashes: [outHash] } : {}) }, data.route.actual),
    )
  }

  return provider
}

/** The spender of an `approve(spender, amount)` call. */
function approvalSpender(data: Hex): Address {
  try {
    const call = decodeFunctionData({ abi: erc20Abi, data })
    if (call.functionName === 'approve') return call.args[0]
  } catch {
    // fall through
  }
  throw new InvalidQuoteError(RELAY_PROVIDER_ID, 'the approval step is not an ERC-20 approve')
}

/**
 * Relay's status as an event. `failure` is not final for Relay (a failed fill is refunded next): it is shown as
 * failed by the provider and still followed, like LI.FI's FAILED.
 */
export function relayStatusEvent(
  status: Pick<RelayStatus, 'status' | 'txHashes'>,
  actual?: { destination: { outputCurrency: { amount: string } } },
): SwapEvent {
  const [hash] = status.txHashes ?? []
  const txHash = hash && /^0x[0-9a-fA-F]{64}$/.test(hash) ? (hash as Hex) : undefined
  switch (status.status) {
    case 'success':
      return {
        type: 'delivered',
        ...(txHash ? { deliveryTx: txHash } : {}),
        ...(actual ? { receivedAmount: actual.destination.outputCurrency.amount } : {}),
      }
    case 'refund':
      return { type: 'refunded', statusDetail: 'refund', ...(txHash ? { refundTx: txHash } : {}) }
    case 'failure':
      return { type: 'providerFailed', statusDetail: 'failure' }
    default:
      return { type: 'pending', statusDetail: status.status }
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
