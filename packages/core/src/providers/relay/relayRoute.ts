import { type Address, decodeFunctionData, erc20Abi, type Hex, isAddressEqual } from 'viem'
import type { z } from 'zod'
import { listedTokenRef, NATIVE_TOKEN_ADDRESS } from '../../config/manifest.ts'
import { impliedPrice } from '../../prices/usdValue.ts'
import { boundedSlippageBps } from '../../routes/minimumBound.ts'
import { InvalidQuoteError } from '../../routes/routeErrors.ts'
import {
  PROVIDER_GAS_ESTIMATE,
  type QuoteRequest,
  type Route,
  type RouteFee,
  type TokenPrice,
  type TokenRef,
} from '../../routes/types.ts'
import { apiTokenRef, assertListed, describeIssues, isNativeAddress, sameToken } from '../apiSupport.ts'
import { RELAY_PROVIDER_ID } from './relayConfig.ts'
import type { RelayContext } from './relayContext.ts'
import { type RelayQuote, relayTransactionSchema } from './relaySchemas.ts'

/** Relay re-validates a quote when filling it: keep them fresh. */
const QUOTE_TTL_MS = 30_000

type RelayTransaction = z.infer<typeof relayTransactionSchema>

const invalid = (details: string) => new InvalidQuoteError(RELAY_PROVIDER_ID, details)

/** The quote's summary must be about this very request (the calldata is checked on its own, later). */
function checkDetails(quote: RelayQuote, request: QuoteRequest) {
  const { details } = quote
  const mismatch = [
    details.currencyIn.currency.chainId !== request.origin.chainId && 'currencyIn.chainId',
    !sameToken(details.currencyIn.currency.address, request.origin.address) && 'currencyIn',
    BigInt(details.currencyIn.amount) !== request.amount && 'currencyIn.amount',
    details.currencyOut.currency.chainId !== request.destination.chainId && 'currencyOut.chainId',
    !sameToken(details.currencyOut.currency.address, request.destination.address) && 'currencyOut',
    details.recipient && !isAddressEqual(details.recipient, request.recipient) && 'recipient',
    details.sender && !isAddressEqual(details.sender, request.sender) && 'sender',
  ].filter(Boolean)
  if (mismatch.length > 0) throw invalid(`the quote does not match the request: ${mismatch.join(', ')}`)
}

/** The spender of an `approve(spender, amount)` call. */
function approvalSpender(data: Hex): Address {
  try {
    const call = decodeFunctionData({ abi: erc20Abi, data })
    if (call.functionName === 'approve') return call.args[0]
  } catch {
    // fall through
  }
  throw invalid('the approval step is not an ERC-20 approve')
}

/**
 * Only transactions, only approvals of the origin token and one deposit, all on the origin chain and from the
 * sender. The approvals are Relay's own (we sign our exact one instead); they may only name the contract the deposit
 * calls, so a quote cannot get an allowance for anything else.
 */
function depositStep(quote: RelayQuote, request: QuoteRequest, allowlist: Address[]): RelayTransaction {
  const spenders: Address[] = []
  let deposit: RelayTransaction | undefined
  for (const step of quote.steps) {
    if (step.kind !== 'transaction') throw invalid(`step "${step.id}" asks for a ${step.kind}, not a transaction`)
    if (step.id !== 'approve' && step.id !== 'deposit') throw invalid(`unexpected step "${step.id}"`)
    for (const item of step.items) {
      const transaction = relayTransactionSchema.safeParse(item.data)
      if (!transaction.success) throw invalid(describeIssues(transaction.error))
      const data = transaction.data
      if (data.chainId !== request.origin.chainId || (data.from && !isAddressEqual(data.from, request.sender))) {
        throw invalid(`step "${step.id}" is for another chain or sender`)
      }
      if (step.id === 'approve') {
        if (!sameToken(data.to, request.origin.address)) throw invalid('the approval is for another token')
        spenders.push(approvalSpender(data.data as Hex))
      } else {
        if (deposit) throw invalid('more than one deposit')
        deposit = data
      }
    }
  }
  if (!deposit) throw invalid('the quote has no deposit')
  const to = assertListed(allowlist, deposit.to)
  for (const spender of spenders) {
    if (!isAddressEqual(assertListed(allowlist, spender), to)) throw invalid('the approval is for another contract')
  }
  const value = BigInt(deposit.value)
  if (isNativeAddress(request.origin.address) ? value !== request.amount : value !== 0n) {
    throw invalid('the deposit sends another amount of the native coin')
  }
  return deposit
}

/**
 * Relay's fee lines, signed: the relayer fee is negative when Relay rewards a transfer that moves liquidity the
 * way it needs. A zero line is left out.
 */
function feeLines(context: RelayContext, quote: RelayQuote): RouteFee[] {
  type RelayFee = NonNullable<RelayQuote['fees']>['gas']
  const line = (label: string, fee: RelayFee, paidBy?: 'sender'): RouteFee[] =>
    fee && BigInt(fee.amount) !== 0n
      ? [
          {
            label,
            token: apiTokenRef(context.manifest, fee.currency),
            amount: BigInt(fee.amount),
            ...(paidBy ? { paidBy } : {}),
          },
        ]
      : []
  // `fees.gas` is the origin chain's gas (Relay's word): the person's own, paid besides the amount, not from it.
  return [...line('Relayer fee', quote.fees?.relayer), ...line(PROVIDER_GAS_ESTIMATE, quote.fees?.gas, 'sender')]
}

/** The gas top-up the quote delivers (Relay's word): the destination's native coin, listed, in a positive amount. */
function gasTopup(context: RelayContext, quote: RelayQuote, request: QuoteRequest) {
  const topup = quote.details.currencyGasTopup
  const token = listedTokenRef(context.manifest, request.destination.chainId, NATIVE_TOKEN_ADDRESS)
  if (!topup || !token || topup.currency.chainId !== request.destination.chainId) return undefined
  if (!isNativeAddress(topup.currency.address) || BigInt(topup.amount) === 0n) return undefined
  return { token, amount: BigInt(topup.amount) }
}

/**
 * Relay's prices, implied by the USD values it gives beside its amounts (`amountUsd`): of the token sent, the token
 * received, the gas top-up and the fee currencies. A zero, negative or odd value gives no price.
 */
function pricesOf(context: RelayContext, quote: RelayQuote, request: QuoteRequest): TokenPrice[] {
  const { details } = quote
  const priced: { token: TokenRef; amount: string; amountUsd?: unknown }[] = [
    { token: request.origin, ...details.currencyIn },
    { token: request.destination, ...details.currencyOut },
    ...[details.currencyGasTopup, quote.fees?.relayer, quote.fees?.gas].flatMap((line) =>
      line ? [{ token: apiTokenRef(context.manifest, line.currency), ...line }] : [],
    ),
  ]
  const prices: TokenPrice[] = []
  for (const { token, amount, amountUsd } of priced) {
    if (prices.some((price) => price.chainId === token.chainId && isAddressEqual(price.address, token.address)))
      continue
    const usd = amount.startsWith('-') ? undefined : impliedPrice(BigInt(amount), token.decimals, amountUsd)
    if (usd) prices.push({ chainId: token.chainId, address: token.address, usd })
  }
  return prices
}

/**
 * The quote as a route, after checking it is about this very request and sends only to known contracts. The route
 * carries the deposit transaction and the protocol order it commits to; the caller decodes and checks them
 * (`prepareDeposit`) before the route is shown.
 */
export function routeFromQuote(context: RelayContext, quote: RelayQuote, request: QuoteRequest): Route {
  checkDetails(quote, request)
  const deposit = depositStep(quote, request, context.allowlist(request.origin.chainId))
  const requestId = quote.steps.find((step) => step.requestId)?.requestId ?? quote.requestId
  if (!requestId) throw invalid('the quote has no request id')
  const { currencyOut } = quote.details
  const outputAmount = BigInt(currencyOut.amount)
  const minOutputAmount = BigInt(currencyOut.minimumAmount ?? currencyOut.amount)
  // The minimum is what is signed (the order's, checked against it): within the slippage of the estimate, and the
  // slippage shown is its own, not the answer's `slippageTolerance`.
  const slippageBps = boundedSlippageBps(RELAY_PROVIDER_ID, request, outputAmount, minOutputAmount)
  const gas = request.gasOnArrival ? gasTopup(context, quote, request) : undefined
  const protocol = quote.protocol?.v2
  const prices = pricesOf(context, quote, request)
  const now = Date.now()
  return {
    id: `${RELAY_PROVIDER_ID}:${requestId}:${now}`,
    providerId: RELAY_PROVIDER_ID,
    providerName: 'Relay',
    request,
    outputAmount,
    minOutputAmount,
    slippageBps,
    slippageMode: request.slippageBps === undefined ? 'auto' : 'custom',
    fees: feeLines(context, quote),
    estimatedSeconds: Math.max(1, Math.ceil(quote.details.timeEstimate ?? 30)),
    quotedAt: now,
    expiresAt: now + QUOTE_TTL_MS,
    depositAddress: assertListed(context.allowlist(request.origin.chainId), deposit.to),
    data: {
      requestId,
      transaction: { to: deposit.to, data: deposit.data, value: deposit.value },
      // The order the deposit's id must hash to (decoded and checked before anything is signed).
      ...(protocol?.orderData === undefined ? {} : { order: protocol.orderData }),
      ...(protocol?.orderId ? { orderId: protocol.orderId } : {}),
    },
    trackingData: { requestId },
    ...(gas ? { gasOnArrival: { status: 'included', token: gas.token, amount: gas.amount } } : {}),
    ...(prices.length > 0 ? { prices } : {}),
  }
}
