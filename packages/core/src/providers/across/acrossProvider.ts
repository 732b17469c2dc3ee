import { type Address, concat, encodeFunctionData, type Hex, isAddressEqual } from 'viem'
import { z } from 'zod'
import { clientFor } from '../../chains/chainClients.ts'
import { getManifestChain, listedTokenRef, NATIVE_TOKEN_ADDRESS } from '../../config/manifest.ts'
import { HttpStatusError } from '../../http/httpErrors.ts'
import { httpRequestWithRetry } from '../../http/httpRequestWithRetry.ts'
import { at18, sameAsset } from '../../prices/routeValue.ts'
import { applySwapEvent } from '../../records/swapMachine.ts'
import type { DepositedSwap, SwapEvent, SwapRecord, TrackedSwap } from '../../records/types.ts'
import {
  InvalidQuoteError,
  InvalidResponseError,
  QuoteExpiredError,
  RefundByProviderError,
  RouteUnavailableError,
} from '../../routes/routeErrors.ts'
import { createTokenRefResolver, tokenRefFor } from '../../routes/tokenRef.ts'
import type { QuoteRequest, Route, RouteFee, TokenRef } from '../../routes/types.ts'
import {
  addressString,
  assertListed,
  depositMinedUpdate,
  describeIssues,
  isNativeAddress,
  uintString,
} from '../apiSupport.ts'
import { confirmDelivery, confirmRefund, depositOnChain } from '../deliveryCheck.ts'
import { type ProviderContext, providerSection, type RouteProvider } from '../types.ts'
import { decodeAcrossDeposit } from './acrossCalldata.ts'
import type { AcrossConfig } from './acrossConfig.ts'
import {
  type AcrossFees,
  acrossDepositSchema,
  acrossDepositsSchema,
  acrossErrorSchema,
  acrossFeesSchema,
  acrossStatusSchema,
  MAX_EXCLUSIVITY_SECONDS,
  spokePoolDepositV3Abi,
} from './acrossSchemas.ts'
import { acrossStatusUpdate } from './acrossStatusUpdate.ts'

export const ACROSS_PROVIDER_ID = 'across'

const QUOTE_TTL_MS = 60_000
const ACROSS_EXPLORER_URL = 'https://app.across.to'
const QUOTE_TIMEOUT_MS = 20_000
const STATUS_TIMEOUT_MS = 15_000
/** Across indexes deposits every ~10 s and asks integrators not to poll faster. */
const STATUS_POLL_MS = 10_000
/** Across's marker before an integrator id appended to deposit calldata. */
const INTEGRATOR_DELIMITER = '0x1dc0de'
/**
 * The least time a deposit signed when its quote expires leaves relayers before the fill deadline, beyond Across's
 * estimated fill time: a shorter deadline is a deposit nobody fills, held until Across refunds it after the deadline
 * (hours later, in a bundle). Across's own deadlines are hours after the quote (quote time + 2 h by default), as are
 * the fixtures' (11,830 s); LI.FI's decoder asks the same of Across's deadlines in its calls.
 */
const MIN_FILL_WINDOW_SECONDS = 600
/**
 * The SpokePool's MAX_EXCLUSIVITY_PERIOD_SECONDS (`_depositV3`): an `exclusivityParameter` up to it is an offset from
 * the deposit's block time, above it an absolute time (Across's API sends one on some origins).
 */
const EXCLUSIVITY_OFFSET_LIMIT_SECONDS = 31_536_000
/** How far this device's clock may be behind the chain's (an absolute exclusivity is the chain's time). */
const CLOCK_SKEW_SECONDS = 300

/** What an Across route carries from its quote to the deposit. */
const routeDataSchema = z.object({
  inputToken: addressString,
  outputToken: addressString,
  outputAmount: uintString,
  exclusiveRelayer: addressString,
  quoteTimestamp: z.number().int().nonnegative(),
  fillDeadline: z.number().int().positive(),
  exclusivityParameter: z.number().int().nonnegative(),
})

/**
 * Across: a quote from `/suggested-fees` becomes a `depositV3` into the origin SpokePool the config
 * lists (the answer's `spokePoolAddress` must be that one); a relayer fills on the destination, or
 * Across refunds after the fill deadline by itself. Status from `/deposit/status`.
 */
export function createAcrossProvider({ manifest, clients }: ProviderContext): RouteProvider | undefined {
  const config = providerSection<AcrossConfig>(manifest, ACROSS_PROVIDER_ID)
  if (!config) return undefined
  const spokePool = (chainId: number) =>
    getManifestChain(manifest, chainId) ? config.spokePools[String(chainId)] : undefined
  /** The token Across quotes and deposits for ours: the wrapped token for the native coin. */
  // Tokens of restored deposits: one the config does not list is read from its chain (its real decimals).
  const tokenRef = createTokenRefResolver(manifest, clients)
  /**
   * What the destination SpokePool pays out when the person asked for the native coin or its wrapped token
   * (across-protocol/contracts SpokePool `_unwrapwrappedNativeTokenTo`): the wrapped token is unwrapped for a
   * wallet (an account without code, or one delegated under EIP-7702) and kept wrapped for a contract.
   * Undefined when that is what was asked.
   */
  async function deliveredToken(chainId: number, recipient: Address, asked: TokenRef): Promise<TokenRef | undefined> {
    const wrapped = config?.wrappedNativeTokens?.[String(chainId)]
    if (!wrapped) return undefined
    const askedNative = isNativeAddress(asked.address)
    if (!askedNative && !isAddressEqual(asked.address, wrapped)) return undefined
    const code = await clientFor(clients, chainId).getCode({ address: recipient })
    const wallet = code === undefined || code === '0x' || code.toLowerCase().startsWith('0xef0100')
    if (!askedNative && wallet) return tokenRefFor(manifest, chainId, NATIVE_TOKEN_ADDRESS)
    if (askedNative && !wallet) return tokenRefFor(manifest, chainId, wrapped)
    return undefined
  }
  const acrossToken = (token: TokenRef): Address | undefined =>
    isNativeAddress(token.address) ? config.wrappedNativeTokens?.[String(token.chainId)] : token.address

  const provider: RouteProvider = {
    id: ACROSS_PROVIDER_ID,
    name: 'Across',
    pollIntervalMs: STATUS_POLL_MS,

    async getQuote(request, options = {}) {
      const originPool = spokePool(request.origin.chainId)
      const inputToken = acrossToken(request.origin)
      const outputToken = acrossToken(request.destination)
      if (
        !originPool ||
        !spokePool(request.destination.chainId) ||
        !inputToken ||
        !outputToken ||
        request.origin.chainId === request.destination.chainId
      ) {
        return undefined
      }
      let raw: unknown
      try {
        raw = await httpRequestWithRetry(`${config.apiUrl}/suggested-fees`, {
          query: {
            inputToken,
            outputToken,
            originChainId: request.origin.chainId,
            destinationChainId: request.destination.chainId,
            amount: request.amount,
            recipient: request.recipient,
            // USDC/USDT have 18 decimals on BNB Chain and 6 elsewhere: without this Across refuses those
            // pairs as unsupported routes (its SDK always sends it).
            allowUnmatchedDecimals: 'true',
          },
          timeoutMs: config.timeoutMs ?? QUOTE_TIMEOUT_MS,
          ...(options.signal ? { signal: options.signal } : {}),
        })
      } catch (error) {
        const answer = unavailable(error)
        if (answer === 'none') return undefined
        throw answer ?? error
      }
      const parsed = acrossFeesSchema.safeParse(raw)
      if (!parsed.success) throw new InvalidQuoteError(ACROSS_PROVIDER_ID, describeIssues(parsed.error))
      const route = routeFromFees(parsed.data, request, { originPool, inputToken, outputToken })
      const delivered = await deliveredToken(request.destination.chainId, request.recipient, request.destination)
      return delivered ? { ...route, deliveredToken: delivered } : route
    },

    async planDeposit(route) {
      const parsed = routeDataSchema.safeParse(route.data)
      if (!parsed.success) throw new InvalidQuoteError(ACROSS_PROVIDER_ID, describeIssues(parsed.error))
      const data = parsed.data
      const now = Date.now()
      // A deposit signed now must still leave relayers the fill window the quote was accepted with.
      if (now >= route.expiresAt || data.fillDeadline * 1000 < now + MIN_FILL_WINDOW_SECONDS * 1000) {
        throw new QuoteExpiredError()
      }
      const { request } = route
      const pool = spokePool(request.origin.chainId)
      const to = assertListed(pool ? [pool] : [], route.depositAddress)
      const call = encodeFunctionData({
        abi: spokePoolDepositV3Abi,
        functionName: 'depositV3',
        args: [
          request.sender,
          request.recipient,
          data.inputToken,
          data.outputToken,
          request.amount,
          BigInt(data.outputAmount),
          BigInt(request.destination.chainId),
          data.exclusiveRelayer,
          data.quoteTimestamp,
          data.fillDeadline,
          data.exclusivityParameter,
          '0x',
        ],
      })
      const native = isNativeAddress(request.origin.address)
      return {
        transaction: {
          chainId: request.origin.chainId,
          to,
          data: config.integratorId ? concat([call, INTEGRATOR_DELIMITER, config.integratorId as Hex]) : call,
          value: native ? request.amount : 0n,
        },
        ...(native ? {} : { approval: { token: request.origin, spender: to, amount: request.amount } }),
      }
    },

    decodeDeposit: (transaction, route) =>
      decodeAcrossDeposit(transaction, route, (chainId) => config.wrappedNativeTokens?.[String(chainId)]),

    onDepositMined: (record) => depositMinedUpdate(clients, record),

    // app.across.to's page of a deposit (frontend src/Routes.tsx: /transaction/:depositTxHash).
    explorerUrl: (record) => `${ACROSS_EXPLORER_URL}/transaction/${record.depositTx}`,

    async track(record) {
      let raw: unknown
      try {
        raw = await httpRequestWithRetry(`${config.apiUrl}/deposit/status`, {
          query: { depositTxnRef: record.depositTx },
          timeoutMs: config.timeoutMs ?? STATUS_TIMEOUT_MS,
        })
      } catch (error) {
        // Across indexes deposits every ~10 s; until then the deposit is unknown to it.
        if (error instanceof HttpStatusError && error.status === 404) {
          return { type: 'pending' }
        }
        throw error
      }
      const parsed = acrossStatusSchema.safeParse(raw)
      if (!parsed.success) throw new InvalidResponseError(ACROSS_PROVIDER_ID, 'status', describeIssues(parsed.error))
      const status = parsed.data
      // An answer that does not name this deposit (or names other chains) says nothing about this one.
      const named = [status.depositTxnRef, status.depositTxHash].filter((hash) => typeof hash === 'string')
      const foreign =
        named.length === 0 ||
        named.some((hash) => hash.toLowerCase() !== record.depositTx.toLowerCase()) ||
        (status.originChainId !== undefined && status.originChainId !== record.origin.token.chainId) ||
        (status.destinationChainId !== undefined && status.destinationChainId !== record.destination.token.chainId)
      if (foreign) {
        throw new InvalidResponseError(ACROSS_PROVIDER_ID, 'status', 'the answer is about another deposit or chain')
      }
      return confirmOnChain(record, acrossStatusUpdate(status, record))
    },

    async planRefund() {
      throw new RefundByProviderError(provider.name)
    },

    async findSwaps(owner) {
      const raw = await httpRequestWithRetry(`${config.apiUrl}/deposits`, {
        query: { depositor: owner, limit: 100 },
        timeoutMs: config.timeoutMs ?? STATUS_TIMEOUT_MS,
      })
      const parsed = acrossDepositsSchema.safeParse(raw)
      if (!parsed.success)
        throw new InvalidResponseError(ACROSS_PROVIDER_ID, 'deposit list', describeIssues(parsed.error))
      const entries = Array.isArray(parsed.data) ? parsed.data : parsed.data.deposits
      const records = await Promise.all(entries.map((entry) => foundDeposit(entry, owner)))
      return records.filter((record) => record !== undefined)
    },

    knownContracts(chainId) {
      const pool = spokePool(chainId)
      return pool ? [pool] : []
    },
  }

  /** The fee quote as a route, after checking it is about this request and names the listed SpokePool. */
  function routeFromFees(
    fees: AcrossFees,
    request: QuoteRequest,
    sent: { originPool: Address; inputToken: Address; outputToken: Address },
  ): Route {
    if (
      (fees.inputToken && !isAddressEqual(fees.inputToken.address, sent.inputToken)) ||
      (fees.outputToken && !isAddressEqual(fees.outputToken.address, sent.outputToken))
    ) {
      throw new InvalidQuoteError(ACROSS_PROVIDER_ID, 'the quote is for other tokens')
    }
    const depositAddress = assertListed([sent.originPool], fees.spokePoolAddress)
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
    const sentAsset = assetOf(request.origin)
    const paidAsset = assetOf(request.destination)
    if (
      sentAsset &&
      paidAsset &&
      sameAsset(sentAsset, paidAsset) &&
      at18(outputAmount, paidAsset.decimals) > at18(request.amount, sentAsset.decimals)
    ) {
      throw new InvalidQuoteError(ACROSS_PROVIDER_ID, 'the quote pays out more than is sent: no relayer would fill it')
    }
    const now = Date.now()
    const fillDeadline = Number(fees.fillDeadline)
    if (fillDeadline * 1000 <= now) throw new InvalidQuoteError(ACROSS_PROVIDER_ID, 'the fill deadline has passed')
    const expiresAt = now + QUOTE_TTL_MS
    // Without an exclusive relayer the deposit carries no exclusivity: the SpokePool reverts one (newer pools) or
    // lets nobody fill while it lasts (older ones).
    const exclusive = !isAddressEqual(fees.exclusiveRelayer, NATIVE_TOKEN_ADDRESS)
    const exclusivityParameter = exclusive ? Number(fees.exclusivityDeadline) : 0
    const exclusivity = exclusivityRefusal(exclusivityParameter, fillDeadline, expiresAt / 1000, now / 1000)
    if (exclusivity) throw new InvalidQuoteError(ACROSS_PROVIDER_ID, exclusivity)
    if (fillDeadline < expiresAt / 1000 + Math.ceil(fees.estimatedFillTimeSec) + MIN_FILL_WINDOW_SECONDS) {
      throw new InvalidQuoteError(ACROSS_PROVIDER_ID, 'the fill deadline leaves relayers no time to fill the deposit')
    }

    const parts: RouteFee[] = [
      ['LP fee', fees.lpFee],
      ['Relayer fee', fees.relayerCapitalFee],
      ['Relayer gas fee', fees.relayerGasFee],
    ].flatMap(([label, part]) =>
      part && typeof part === 'object' && BigInt(part.total) > 0n
        ? [{ label: label as string, token: request.origin, amount: BigInt(part.total) }]
        : [],
    )
    return {
      id: `${ACROSS_PROVIDER_ID}:${fees.timestamp}:${now}`,
      providerId: ACROSS_PROVIDER_ID,
      providerName: provider.name,
      request,
      outputAmount,
      // A relayer fills exactly this amount or the deposit is refunded: there is no slippage.
      minOutputAmount: outputAmount,
      slippageBps: 0,
      slippageMode: request.slippageBps === undefined ? 'auto' : 'custom',
      fees: parts.length > 0 ? parts : [{ label: 'Bridge fee', token: request.origin, amount: totalFee }],
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

  /** The listed token Across moves for one of the request's (the wrapped token for the native coin). */
  function assetOf(token: TokenRef): TokenRef | undefined {
    if (!isNativeAddress(token.address)) return token
    const wrapped = acrossToken(token)
    return wrapped && listedTokenRef(manifest, token.chainId, wrapped)
  }

  /** A History record for a deposit Across indexed, when its chains are this config's. */
  async function foundDeposit(entry: unknown, owner: Address): Promise<SwapRecord | undefined> {
    const parsed = acrossDepositSchema.safeParse(entry)
    if (!parsed.success) return undefined
    const deposit = parsed.data
    const depositTx = deposit.depositTxnRef ?? deposit.depositTxHash
    const pool = spokePool(deposit.originChainId)
    if (!depositTx || !pool || !getManifestChain(manifest, deposit.destinationChainId)) return undefined
    if (!isAddressEqual(deposit.depositor, owner)) return undefined
    // Only a deposit the origin chain shows: succeeded, sent by the owner, to the SpokePool there.
    const shown = { chainId: deposit.originChainId, hash: depositTx as Hex, owner, contracts: [pool] }
    if (!(await depositOnChain(clients, shown))) return undefined
    const timestamp = deposit.depositBlockTimestamp
    const depositedAt =
      typeof timestamp === 'number'
        ? timestamp
        : typeof timestamp === 'string' && !Number.isNaN(Date.parse(timestamp))
          ? Math.floor(Date.parse(timestamp) / 1000)
          : Math.floor(Date.now() / 1000)
    const output = await tokenRef(deposit.destinationChainId, deposit.outputToken)
    // WETH out to a wallet arrived as ETH (and the reverse for a contract): History says what really arrived.
    const received =
      (await deliveredToken(deposit.destinationChainId, deposit.recipient, output).catch(() => undefined)) ?? output
    const record: DepositedSwap = {
      key: depositTx,
      id: depositTx,
      providerId: ACROSS_PROVIDER_ID,
      providerName: provider.name,
      owner,
      recipient: deposit.recipient,
      origin: { token: await tokenRef(deposit.originChainId, deposit.inputToken), amount: deposit.inputAmount },
      destination: {
        token: received,
        estimatedAmount: deposit.outputAmount,
        minAmount: deposit.outputAmount,
      },
      depositAddress: pool,
      status: 'deposited',
      createdAt: depositedAt * 1000,
      depositTx: depositTx as Hex,
      depositedAt,
      updatedAt: Date.now(),
    }
    return applySwapEvent(record, await confirmOnChain(record, acrossStatusUpdate(deposit, record)))
  }

  /**
   * Across's "filled" and "refunded" taken only once the chain shows them, bound to this deposit (`DepositBinding`
   * across: the id the origin SpokePool's `FundsDeposited` gives it): the destination SpokePool's fill of that deposit
   * paying the recipient at least the deposit's output (a native coin: its fill of the wrapped token), the refund on
   * the origin chain the SpokePool paying the depositor back what was deposited (in the wrapped token for a native
   * deposit, as the SpokePool refunds).
   */
  async function confirmOnChain(record: TrackedSwap, event: SwapEvent): Promise<SwapEvent> {
    const destination = record.destination.token.chainId
    const pool = spokePool(destination)
    const wrapped = config?.wrappedNativeTokens?.[String(destination)]
    const binding = { kind: 'across', spokePool } as const
    const checked = await confirmDelivery(clients, record, event, {
      binding,
      ...(pool && wrapped ? { nativeFiller: { spokePool: pool, wrappedNative: wrapped } } : {}),
    })
    return confirmRefund(clients, record, checked, {
      binding,
      wrappedNative: (chainId) => config?.wrappedNativeTokens?.[String(chainId)],
    })
  }

  return provider
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
