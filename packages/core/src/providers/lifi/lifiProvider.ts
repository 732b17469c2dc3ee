import { type Address, type Hex, isAddressEqual } from 'viem'
import { z } from 'zod'
import { getManifestChain, listedTokenRef, NATIVE_TOKEN_ADDRESS } from '../../config/manifest.ts'
import { HttpStatusError } from '../../http/httpErrors.ts'
import { httpRequestWithRetry } from '../../http/httpRequestWithRetry.ts'
import { parseUsd } from '../../prices/usdValue.ts'
import { applySwapEvent } from '../../records/swapMachine.ts'
import type { DepositedSwap, SwapEvent, SwapRecord, TrackedSwap } from '../../records/types.ts'
import { boundedSlippageBps } from '../../routes/minimumBound.ts'
import {
  InvalidQuoteError,
  InvalidResponseError,
  QuoteExpiredError,
  RefundByProviderError,
  RouteUnavailableError,
  type RouteUnavailableReason,
} from '../../routes/routeErrors.ts'
import {
  type DepositPlan,
  PROVIDER_GAS_ESTIMATE,
  type QuoteRequest,
  type Route,
  type RouteFee,
  type TokenPrice,
  type TokenRef,
} from '../../routes/types.ts'
import { checkDeposit } from '../../signing/checkDeposit.ts'
import {
  addressString,
  apiTokenRef,
  assertListed,
  bpsToFraction,
  depositMinedUpdate,
  describeIssues,
  hexData,
  isNativeAddress,
  sameToken,
  txHash,
  uintString,
} from '../apiSupport.ts'
import { confirmDelivery, confirmRefund, depositOnChain } from '../deliveryCheck.ts'
import { type ProviderChain, type ProviderContext, providerSection, type RouteProvider } from '../types.ts'
import { decodeLifiDeposit, LIFI_CHECKED_BRIDGES } from './lifiCalldata.ts'
import { GAS_ZIP_CHAIN_IDS, type LifiConfig } from './lifiConfig.ts'
import {
  type LifiQuote,
  type LifiStatus,
  lifiChainSchema,
  lifiChainsSchema,
  lifiErrorSchema,
  lifiGasSuggestionSchema,
  lifiQuoteSchema,
  lifiStatusSchema,
  lifiTokensSchema,
  lifiToolErrorsSchema,
  lifiTransfersSchema,
} from './lifiSchemas.ts'
import { lifiStatusUpdate, notAboutDeposit } from './lifiStatusUpdate.ts'
import { lifiTokenList, lifiTokenPrices } from './lifiTokenList.ts'

export const LIFI_PROVIDER_ID = 'lifi'

const QUOTE_TTL_MS = 60_000
const QUOTE_TIMEOUT_MS = 20_000
const STATUS_TIMEOUT_MS = 15_000
/** LI.FI's status follows the bridges' own indexers; unauthenticated use is rate-limited. */
const STATUS_POLL_MS = 5_000
/** A deposit LI.FI has not recognised (NOT_FOUND, INVALID) for this long is shown as failed (and still followed). */
const UNKNOWN_AFTER_SECONDS = 24 * 60 * 60
/** LI.FI's explorer (its status answers' `lifiExplorerLink`; widget `internalExplorerUrl`). */
const LIFI_EXPLORER_URL = 'https://scan.li.fi'

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

/**
 * LI.FI (li.quest): quotes from `/v1/quote` carrying the transaction to sign, tracking through
 * `/v1/status`, chains and tokens for the picker, restore through `/v1/analytics/transfers`.
 * A transaction request is used only when its `to` (and the approval's spender) is on the config's
 * LI.FI allowlist for that chain. What becomes of a failed transfer depends on the bridge: LI.FI may still
 * report it refunded or done, so it is followed on.
 */
export function createLifiProvider({ manifest, clients }: ProviderContext): RouteProvider | undefined {
  const config = providerSection<LifiConfig>(manifest, LIFI_PROVIDER_ID)
  if (!config) return undefined
  const allowlist = (chainId: number) => config.contracts[String(chainId)] ?? []
  const served = (chainId: number) => getManifestChain(manifest, chainId) !== undefined && allowlist(chainId).length > 0
  const common = { integrator: config.integrator }
  const { apiUrl } = config
  const quoteTimeoutMs = config.timeoutMs ?? QUOTE_TIMEOUT_MS
  const gasZipPeriphery = (chainId: number) => config.gasZipPeripheries?.[String(chainId)]

  /** A `GET /tokens` under way: the list and its prices, asked together, come from one long answer. */
  let pendingTokenList: Promise<Record<string, unknown[]>> | undefined

  /** LI.FI's tokens on the config's chains, `{ [chainId]: Token[] }`. */
  const tokenList = (signal: AbortSignal | undefined): Promise<Record<string, unknown[]>> => {
    pendingTokenList ??= httpRequestWithRetry(`${config.apiUrl}/tokens`, {
      query: { chains: manifest.chains.map((chain) => chain.id).join(',') },
      timeoutMs: config.timeoutMs ?? STATUS_TIMEOUT_MS,
      ...(signal ? { signal } : {}),
    })
      .then((raw) => {
        const parsed = lifiTokensSchema.safeParse(raw)
        if (!parsed.success)
          throw new InvalidResponseError(LIFI_PROVIDER_ID, 'token list', describeIssues(parsed.error))
        return parsed.data.tokens
      })
      .finally(() => {
        pendingTokenList = undefined
      })
    return pendingTokenList
  }

  /** `/status` for a deposit, asked by its bridge when known (a 404 is LI.FI not having seen it yet). */
  const readStatus = async (record: TrackedSwap, bridge: string | undefined): Promise<LifiStatus> => {
    let raw: unknown
    try {
      raw = await httpRequestWithRetry(`${config.apiUrl}/status`, {
        query: {
          txHash: record.depositTx,
          fromChain: record.origin.token.chainId,
          toChain: record.destination.token.chainId,
          bridge,
          ...common,
        },
        timeoutMs: config.timeoutMs ?? STATUS_TIMEOUT_MS,
      })
    } catch (error) {
      // Not indexed yet: LI.FI answers NOT_FOUND, as a 404 or in a 200.
      if (error instanceof HttpStatusError && error.status === 404) return { status: 'NOT_FOUND' }
      throw error
    }
    const parsed = lifiStatusSchema.safeParse(raw)
    if (!parsed.success) throw new InvalidResponseError(LIFI_PROVIDER_ID, 'status', describeIssues(parsed.error))
    return parsed.data
  }

  const provider: RouteProvider = {
    id: LIFI_PROVIDER_ID,
    name: 'LI.FI',
    pollIntervalMs: STATUS_POLL_MS,

    async getQuote(request, options = {}) {
      if (!served(request.origin.chainId) || !getManifestChain(manifest, request.destination.chainId)) return undefined
      const gas = request.gasOnArrival ? await gasSuggestion(request, options.signal) : undefined
      let raw: unknown
      try {
        raw = await httpRequestWithRetry(`${config.apiUrl}/quote`, {
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
            ...common,
          },
          timeoutMs: config.timeoutMs ?? QUOTE_TIMEOUT_MS,
          ...(options.signal ? { signal: options.signal } : {}),
        })
      } catch (error) {
        throw unavailable(error) ?? error
      }
      const parsed = lifiQuoteSchema.safeParse(raw)
      if (!parsed.success) throw new InvalidQuoteError(LIFI_PROVIDER_ID, describeIssues(parsed.error))
      const route = routeFromQuote(parsed.data, request)
      // Asked for gas and none can be bought here: the route says so.
      if (!gas) {
        return checkedAtQuote(request.gasOnArrival ? { ...route, gasOnArrival: { status: 'unavailable' } } : route)
      }
      const prices = withPrice(route.prices, gas.token, gas.priceUSD)
      return checkedAtQuote({
        ...route,
        data: { ...route.data, gasFromAmount: gas.fromAmount.toString() },
        fees: [...route.fees, { label: 'Gas on arrival fee', token: request.origin, amount: gas.fromAmount }],
        gasOnArrival: { status: 'included', token: gas.token, amount: gas.amount },
        ...(prices ? { prices } : {}),
      })
    },

    async planDeposit(route) {
      const plan = planOf(route)
      if (Date.now() >= route.expiresAt) throw new QuoteExpiredError()
      return plan
    },

    decodeDeposit(transaction, route) {
      const { includedFee, gasFromAmount } = routeData(route)
      const { request } = route
      return decodeLifiDeposit(transaction, {
        request,
        feeCollector: config.feeCollectors?.[String(request.origin.chainId)],
        includedFee: BigInt(includedFee),
        destinationWrappedNative: getManifestChain(manifest, request.destination.chainId)?.tokens.find(
          (token) => token.kind === 'weth',
        )?.address,
        gasZipPeriphery: gasZipPeriphery(request.origin.chainId),
        quoteExpiresAt: route.expiresAt,
        gasOnArrival:
          gasFromAmount === undefined
            ? undefined
            : {
                fromAmount: BigInt(gasFromAmount),
                gasZipChainId: GAS_ZIP_CHAIN_IDS[request.destination.chainId] ?? -1,
              },
      })
    },

    onDepositMined: (record) => depositMinedUpdate(clients, record),

    explorerUrl: (record) => (record.depositTx ? `${LIFI_EXPLORER_URL}/tx/${record.depositTx}` : undefined),

    async track(record) {
      const bridge = typeof record.data?.tool === 'string' ? record.data.tool : undefined
      let status = await readStatus(record, bridge)
      // INVALID: "the hash is not tied to the requested tool". Ask once more without naming the bridge.
      if (status.status === 'INVALID' && bridge) status = await readStatus(record, undefined)
      // An answer about another deposit or other chains says nothing about this one: it is not taken.
      const other = notAboutDeposit(status, record)
      if (other) throw new InvalidResponseError(LIFI_PROVIDER_ID, 'status', other)
      const unknownFor = Math.floor(Date.now() / 1000) - record.depositedAt
      if ((status.status === 'INVALID' || status.status === 'NOT_FOUND') && unknownFor > UNKNOWN_AFTER_SECONDS) {
        // A mined deposit LI.FI still does not know after a day: say so (it is still looked at, less often).
        return { type: 'providerFailed', statusDetail: `${status.status}_AFTER_A_DAY` }
      }
      // LI.FI's DONE is Completed (or Refunded) only once the chain shows the delivery (or the refund).
      return confirmOnChain(record, status)
    },

    async planRefund() {
      throw new RefundByProviderError(provider.name)
    },

    async findSwaps(owner) {
      const raw = await httpRequestWithRetry(`${config.apiUrl}/analytics/transfers`, {
        query: { wallet: owner, ...common },
        timeoutMs: config.timeoutMs ?? STATUS_TIMEOUT_MS,
      })
      const parsed = lifiTransfersSchema.safeParse(raw)
      if (!parsed.success)
        throw new InvalidResponseError(LIFI_PROVIDER_ID, 'transfer list', describeIssues(parsed.error))
      const found = await Promise.all(parsed.data.transfers.map((entry) => foundTransfer(entry, owner)))
      return found.filter((record) => record !== undefined)
    },

    knownContracts: (chainId) => [...allowlist(chainId)],

    async listChains(options = {}) {
      const raw = await httpRequestWithRetry(`${config.apiUrl}/chains`, {
        query: { chainTypes: 'EVM' },
        timeoutMs: config.timeoutMs ?? STATUS_TIMEOUT_MS,
        ...(options.signal ? { signal: options.signal } : {}),
      })
      const parsed = lifiChainsSchema.safeParse(raw)
      if (!parsed.success) throw new InvalidResponseError(LIFI_PROVIDER_ID, 'chain list', describeIssues(parsed.error))
      const chains: ProviderChain[] = []
      for (const entry of parsed.data.chains) {
        const chain = lifiChainSchema.safeParse(entry)
        if (!chain.success || !served(chain.data.id) || chains.some((known) => known.id === chain.data.id)) continue
        chains.push({
          id: chain.data.id,
          name: chain.data.name,
          ...(chain.data.logoURI ? { logoURI: chain.data.logoURI } : {}),
        })
      }
      return chains
    },

    async listTokens(options = {}) {
      return lifiTokenList(await tokenList(options.signal), manifest)
    },

    // The token list carries each token's price: the same answer serves both (see `tokenList`).
    async tokenPrices(options = {}) {
      return lifiTokenPrices(await tokenList(options.signal), manifest)
    },
  }

  /**
   * LI.FI's recommended gas on the destination and what of the input it takes, or undefined when LI.FI has
   * none there (the route then says it has no gas option). A failing or odd answer never costs the quote. Asked
   * only where the step that buys it can be checked: the native coin sent, LI.FI's GasZipPeriphery known on the
   * origin chain, and Gas.zip's id of the destination known.
   */
  async function gasSuggestion(
    request: QuoteRequest,
    signal: AbortSignal | undefined,
  ): Promise<{ fromAmount: bigint; amount: bigint; token: TokenRef; priceUSD: unknown } | undefined> {
    const token = listedTokenRef(manifest, request.destination.chainId, NATIVE_TOKEN_ADDRESS)
    if (!token || isNativeAddress(request.destination.address)) return undefined
    // Only for the native coin sent: with a token, LI.FI's step swaps it through a call whose recipients cannot be
    // checked, and the decoder refuses it (lifiCalldata.ts `refuseGasSwap`). The route then says it has no gas.
    if (!isNativeAddress(request.origin.address)) return undefined
    if (!gasZipPeriphery(request.origin.chainId) || GAS_ZIP_CHAIN_IDS[request.destination.chainId] === undefined) {
      return undefined
    }
    let raw: unknown
    try {
      raw = await httpRequestWithRetry(`${apiUrl}/gas/suggestion/${request.destination.chainId}`, {
        query: { fromChain: request.origin.chainId, fromToken: request.origin.address, ...common },
        timeoutMs: quoteTimeoutMs,
        ...(signal ? { signal } : {}),
      })
    } catch (error) {
      if (signal?.aborted) throw error
      console.warn('[lifi] no gas suggestion', error)
      return undefined
    }
    const parsed = lifiGasSuggestionSchema.safeParse(raw)
    if (!parsed.success || !parsed.data.available) return undefined
    const { recommended, fromToken, fromAmount } = parsed.data
    const amount = BigInt(recommended.amount)
    const cost = BigInt(fromAmount)
    // Only gas in the destination's native coin, priced in the token sent, for less than what is sent.
    if (
      recommended.chainId !== request.destination.chainId ||
      !isNativeAddress(recommended.address) ||
      fromToken.chainId !== request.origin.chainId ||
      !sameToken(fromToken.address, request.origin.address) ||
      amount === 0n ||
      cost === 0n ||
      cost >= request.amount
    ) {
      return undefined
    }
    return { fromAmount: cost, amount, token, priceUSD: recommended.priceUSD }
  }

  /** The manifest's wrapped native token of a chain. */
  const wrappedNative = (chainId: number) =>
    getManifestChain(manifest, chainId)?.tokens.find((token) => token.kind === 'weth')?.address

  /**
   * LI.FI's status as an event, its "delivered" and "refunded" taken only once the chain shows them
   * (`confirmDelivery`, `confirmRefund`). LI.FI bridges through Across alone (`LIFI_CHECKED_BRIDGES`): where the
   * deposit receipt shows the origin SpokePool's deposit (the config's Across SpokePools), its delivery is Across's
   * fill of that deposit id and its refund the SpokePool paying back what was bridged. A deposit through another
   * bridge (older swaps) is checked without it: a payment to the recipient, a refund from LI.FI's contracts of the
   * deposit less LI.FI's fee. A refund is looked for on the chain LI.FI names for it (the origin unless it says
   * otherwise).
   */
  async function confirmOnChain(record: TrackedSwap, status: LifiStatus): Promise<SwapEvent> {
    const destination = record.destination.token.chainId
    const spokePools = providerSection<{ spokePools?: Record<string, Address> }>(manifest, 'across')?.spokePools
    const acrossPool = (chainId: number) => spokePools?.[String(chainId)]
    const spokePool = acrossPool(destination)
    const wrapped = wrappedNative(destination)
    const binding = { kind: 'across', spokePool: acrossPool, optional: true } as const
    const event = await confirmDelivery(clients, record, lifiStatusUpdate(status, record, manifest), {
      binding,
      ...(spokePool && wrapped ? { nativeFiller: { spokePool, wrappedNative: wrapped } } : {}),
    })
    return confirmRefund(clients, record, event, {
      chainIds: [status.receiving?.chainId ?? record.origin.token.chainId],
      wrappedNative,
      binding,
      payers: (chainId) => allowlist(chainId),
    })
  }

  /** The quote as a route, after checking it is about this very request and sends only to known contracts. */
  function routeFromQuote(quote: LifiQuote, request: QuoteRequest): Route {
    const { action, estimate, transactionRequest } = quote
    const mismatch = quoteMismatch(quote, request)
    if (mismatch.length > 0) {
      throw new InvalidQuoteError(LIFI_PROVIDER_ID, `the quote does not match the request: ${mismatch.join(', ')}`)
    }
    const chainId = request.origin.chainId
    const to = assertListed(allowlist(chainId), transactionRequest.to)
    if (!isNativeAddress(request.origin.address)) assertListed(allowlist(chainId), estimate.approvalAddress)
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
      providerName: quote.toolDetails ? `${provider.name} (${quote.toolDetails.name})` : provider.name,
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
      // `/status` is asked with the route's bridge (`bridge=<tool>`), as LI.FI recommends.
      ...(quote.tool ? { trackingData: { tool: quote.tool } } : {}),
      ...(prices ? { prices } : {}),
    }
  }

  /** The route's plan, as its quote built it (the allowlist checked again: the route may have been changed). */
  function planOf(route: Route): DepositPlan {
    const { request } = route
    const chainId = request.origin.chainId
    const { transaction, approvalAddress } = routeData(route)
    const to = assertListed(allowlist(chainId), transaction.to)
    const spender = isNativeAddress(request.origin.address)
      ? undefined
      : assertListed(allowlist(chainId), approvalAddress)
    return {
      transaction: { chainId, to, data: transaction.data as Hex, value: BigInt(transaction.value) },
      ...(spender ? { approval: { token: request.origin, spender, amount: request.amount } } : {}),
    }
  }

  /**
   * A quote's transaction decoded and checked against the request as `executeRoute` will (`checkDeposit`), so a
   * quote whose calldata does something else is refused before it is ever shown as a route.
   */
  function checkedAtQuote(route: Route): Route {
    const plan = planOf(route)
    const decoded = provider.decodeDeposit(plan.transaction, route)
    checkDeposit(route, { plan, decoded }, allowlist(route.request.origin.chainId))
    // Where the bridge pays an exact amount (Across), that amount is what arrives: shown, ranked and signed as such.
    if (!decoded.exactOutput || !decoded.output) return route
    const exact = decoded.output.amount
    return { ...route, outputAmount: exact, minOutputAmount: exact, slippageBps: 0, slippageMode: 'fixed' }
  }

  /**
   * A History record for a transfer LI.FI knows of, when it is one of this config's chains and tokens. Its
   * status counts as tracking's does: about this deposit and its chains, a delivery only once the destination
   * chain shows it; otherwise the record stays deposited and tracking follows it on.
   */
  async function foundTransfer(entry: unknown, owner: Address): Promise<SwapRecord | undefined> {
    const transfer = lifiStatusSchema
      .extend({ sending: lifiStatusSchema.shape.sending.unwrap().extend({ txHash, chainId: z.number().int() }) })
      .safeParse(entry)
    if (!transfer.success) return undefined
    const { sending, receiving } = transfer.data
    const lastStep = sending.includedSteps?.at(-1)
    const toToken = receiving?.token ?? lastStep?.toToken
    const toAmount = receiving?.amount ?? lastStep?.toAmount
    if (!sending.token || !sending.amount || !toToken || !toAmount) return undefined
    if (!getManifestChain(manifest, sending.chainId) || !getManifestChain(manifest, toToken.chainId)) return undefined
    const diamond = allowlist(sending.chainId)[0]
    if (!diamond) return undefined
    // Only a deposit the origin chain shows: succeeded, sent by the owner, to LI.FI's contract there.
    const contracts = allowlist(sending.chainId)
    if (!(await depositOnChain(clients, { chainId: sending.chainId, hash: sending.txHash as Hex, owner, contracts }))) {
      return undefined
    }
    const depositedAt = sending.timestamp ?? Math.floor(Date.now() / 1000)
    const record: DepositedSwap = {
      key: sending.txHash,
      id: sending.txHash,
      providerId: LIFI_PROVIDER_ID,
      providerName: provider.name,
      owner,
      recipient: transfer.data.toAddress ?? owner,
      origin: { token: apiTokenRef(manifest, sending.token), amount: sending.amount },
      destination: { token: apiTokenRef(manifest, toToken), estimatedAmount: toAmount, minAmount: toAmount },
      depositAddress: diamond,
      status: 'deposited',
      createdAt: depositedAt * 1000,
      depositTx: sending.txHash as Hex,
      depositedAt,
      ...(transfer.data.tool ? { data: { tool: transfer.data.tool } } : {}),
      updatedAt: Date.now(),
    }
    if (notAboutDeposit(transfer.data, record)) return record
    // A destination chain that does not answer now leaves the swap Swapping: tracking looks again.
    const event = await confirmOnChain(record, transfer.data).catch(() => undefined)
    return event ? applySwapEvent(record, event) : record
  }

  return provider
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

/** What a LI.FI route carries, read back (a route of another shape is refused). */
function routeData(route: Route) {
  const parsed = routeDataSchema.safeParse(route.data)
  if (!parsed.success) throw new InvalidQuoteError(LIFI_PROVIDER_ID, describeIssues(parsed.error))
  return parsed.data
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

/** `prices` with LI.FI's `priceUSD` for `token` added (a token's first price is kept; an odd one is skipped). */
function withPrice(prices: TokenPrice[] | undefined, token: TokenRef, priceUSD: unknown): TokenPrice[] | undefined {
  const known = prices?.some((price) => price.chainId === token.chainId && isAddressEqual(price.address, token.address))
  const usd = parseUsd(priceUSD)
  if (known || usd === undefined || usd === 0n) return prices
  return [...(prices ?? []), { chainId: token.chainId, address: token.address, usd: String(priceUSD).trim() }]
}
