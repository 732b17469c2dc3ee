import {
  escrowFromTuple,
  intentDestinationSettlerAbi,
  intentOriginSettlerAbi,
  intentOriginSettlerStatus,
} from '@multi-bridge/contracts'
import {
  type Address,
  encodeFunctionData,
  getAbiItem,
  type Hex,
  hashTypedData,
  isAddressEqual,
  parseEventLogs,
} from 'viem'
import { z } from 'zod'
import { clientFor } from '../../chains/chainClients.ts'
import { readChain } from '../../chains/readChain.ts'
import { getManifestChain, listedTokenRef, NATIVE_TOKEN_ADDRESS } from '../../config/manifest.ts'
import { ServiceUnreachableError } from '../../errors/unreachableErrors.ts'
import { HttpNetworkError, HttpStatusError, HttpTimeoutError } from '../../http/httpErrors.ts'
import { httpRequest } from '../../http/request.ts'
import { createSolverPriceSource } from '../../prices/solverPrices.ts'
import { withRoutePrices } from '../../prices/usdValue.ts'
import {
  buildOnchainOrder,
  decodeIntentOriginData,
  intentSettlerDomain,
  noFillAttestationTypes,
} from '../../protocols/intent.ts'
import { InvalidQuoteError, QuoteExpiredError, RouteUnavailableError } from '../../routes/routeErrors.ts'
import { createTokenRefResolver } from '../../routes/tokenRef.ts'
import type { QuoteRequest, Route } from '../../routes/types.ts'
import type { DepositedSwap, SwapEvent, SwapRecord, TrackedSwap } from '../../swaps/types.ts'
import {
  askService,
  foundSwapRecord,
  isOverdue,
  refundAvailableAfter,
  refundSignatures,
  settlementStatus,
  unattestedRefundAfter,
  verifierCombine,
  withFirstLook,
} from '../settlement.ts'
import type { ProviderContext, RouteProvider } from '../types.ts'
import { decodeIntentOpen } from './intentCalldata.ts'

export const INTENT_PROVIDER_ID = 'intent'

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
})
/** The solver's refusal; an amount it does not take comes with the limit, in the input token's base units. */
const errorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    // A limit that is not an amount is left out: the refusal still says why.
    minInputAmount: uint.optional().catch(undefined),
    maxInputAmount: uint.optional().catch(undefined),
  }),
})

/** The solver's words, once a swap is overdue, for why it is not filled (`statusDetail`, worded in the module). */
const SOLVER_WORDS: Record<string, string> = {
  declined: 'SOLVER_DECLINED',
  missed: 'SOLVER_DECLINED',
  lost: 'SOLVER_DECLINED',
}

const randomNonce = () => {
  const bytes = new Uint8Array(16)
  crypto.getRandomValues(bytes)
  return BigInt(`0x${[...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')}`)
}

/**
 * The devnet's ERC-7683 intent bridge: quotes from the solver's RFQ API, escrow on the origin
 * settler, delivery by the solver on the destination, refund with the attesters' no-fill signatures (2 of 3 on the devnet).
 */
export function createIntentProvider({ manifest, clients }: ProviderContext): RouteProvider | undefined {
  const solverUrl = manifest.services.solver?.url
  const attesters = manifest.services.attesters
  if (!solverUrl || !attesters) return undefined
  const settlers = (chainId: number) => {
    const chain = getManifestChain(manifest, chainId)
    return { origin: chain?.contracts.intentOriginSettler, destination: chain?.contracts.intentDestinationSettler }
  }
  // Tokens of restored swaps: an unlisted one is read from its chain once for as long as the provider lives.
  const tokenRef = createTokenRefResolver(manifest, clients)
  const nativeTokenRef = (chainId: number) => listedTokenRef(manifest, chainId, NATIVE_TOKEN_ADDRESS)
  /** The chain as the person knows it, for a read that says which one did not answer. */
  const chainOf = (chainId: number) => ({
    id: chainId,
    name: getManifestChain(manifest, chainId)?.name ?? String(chainId),
  })
  /** One read of one chain, bounded in time (see `readChain`). */
  const read = <T>(chainId: number, work: (client: ReturnType<typeof clientFor>) => Promise<T>, timeoutMs?: number) =>
    readChain(chainOf(chainId), () => work(clientFor(clients, chainId)), timeoutMs)

  /** The solver's word on an overdue order that is still not filled: it declined it, or it does not answer. */
  async function solverWord(record: TrackedSwap): Promise<SwapEvent> {
    const answer = await askService({ url: `${solverUrl}/v1/orders/${record.id}` })
    if (answer === 'unreachable') return { type: 'pending', statusDetail: 'SOLVER_NOT_AVAILABLE' }
    const word = answer?.status === undefined ? undefined : SOLVER_WORDS[answer.status]
    return word ? { type: 'pending', statusDetail: word } : { type: 'pending' }
  }
  // USD values on the local network: the solver's own price table.
  const priceSource = createSolverPriceSource(solverUrl)

  const provider: RouteProvider = {
    id: INTENT_PROVIDER_ID,
    name: 'Intent Bridge',

    async getQuote(request: QuoteRequest, options = {}) {
      const originSettler = settlers(request.origin.chainId).origin
      const destinationSettler = settlers(request.destination.chainId).destination
      if (!originSettler || !destinationSettler || request.origin.chainId === request.destination.chainId) {
        return undefined
      }
      const prices = priceSource.prices()
      let raw: unknown
      try {
        raw = await httpRequest(`${solverUrl}/v1/quote`, {
          query: {
            originChainId: request.origin.chainId,
            destinationChainId: request.destination.chainId,
            inputToken: request.origin.address,
            outputToken: request.destination.address,
            amount: request.amount,
            ...(request.gasOnArrival ? { gasOnArrival: 'true' } : {}),
          },
          timeoutMs: 10_000,
          ...(options.signal ? { signal: options.signal } : {}),
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
        throw error
      }
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
        !isAddressEqual(quote.originSettler as Address, originSettler) ||
        !isAddressEqual(quote.destinationSettler as Address, destinationSettler)
      ) {
        throw new InvalidQuoteError(INTENT_PROVIDER_ID, 'the quote does not match the request or the known settlers')
      }
      const gasAmount = BigInt(quote.gasAmount)
      // Gas nobody asked for is paid from the output: never take it.
      if (gasAmount > 0n && !request.gasOnArrival) {
        throw new InvalidQuoteError(INTENT_PROVIDER_ID, 'the quote adds gas on arrival that was not asked for')
      }
      const nativeToken = gasAmount > 0n ? nativeTokenRef(request.destination.chainId) : undefined
      if (gasAmount > 0n && !nativeToken) {
        throw new InvalidQuoteError(INTENT_PROVIDER_ID, 'gas on arrival on a network without a native coin listed')
      }
      // The solver delivers the order's output exactly, or nothing and the input is refunded: the order asks for
      // the quoted amount, and a slippage the person set would only be a gift to the solver.
      const outputAmount = BigInt(quote.outputAmount)
      const now = Date.now()
      const route: Route = {
        id: `${INTENT_PROVIDER_ID}:${now}:${quote.outputAmount}`,
        providerId: INTENT_PROVIDER_ID,
        providerName: provider.name,
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
        data: { fillDeadline: quote.fillDeadline, expires: quote.expires },
        ...(nativeToken ? { gasOnArrival: { status: 'included', token: nativeToken, amount: gasAmount } } : {}),
      }
      return withRoutePrices(route, await prices)
    },

    async planDeposit(route) {
      const { request } = route
      const settler = settlers(request.origin.chainId).origin
      const destinationSettler = settlers(request.destination.chainId).destination
      if (!settler || !destinationSettler) throw new InvalidQuoteError(INTENT_PROVIDER_ID, 'no settler')
      const fillDeadline = Number(route.data.fillDeadline)
      if (Date.now() >= route.expiresAt || fillDeadline * 1000 <= Date.now()) throw new QuoteExpiredError()
      const order = buildOnchainOrder(
        {
          inputToken: request.origin.address,
          inputAmount: request.amount,
          outputToken: request.destination.address,
          outputAmount: route.outputAmount,
          gasAmount: route.gasOnArrival?.status === 'included' ? route.gasOnArrival.amount : 0n,
          destinationChainId: BigInt(request.destination.chainId),
          destinationSettler,
          recipient: request.recipient,
          nonce: randomNonce(),
          expires: Number(route.data.expires),
        },
        fillDeadline,
      )
      const native = isAddressEqual(request.origin.address, NATIVE_TOKEN_ADDRESS)
      return {
        transaction: {
          chainId: request.origin.chainId,
          to: settler,
          data: encodeFunctionData({ abi: intentOriginSettlerAbi, functionName: 'open', args: [order] }),
          value: native ? request.amount : 0n,
        },
        ...(native ? {} : { approval: { token: request.origin, spender: settler, amount: request.amount } }),
      }
    },

    decodeDeposit: (transaction, route) =>
      decodeIntentOpen(transaction, route, (chainId) => settlers(chainId).destination),

    async onDepositMined(record) {
      const originChain = record.origin.token.chainId
      const receipt = await read(originChain, (origin) => origin.getTransactionReceipt({ hash: record.depositTx }))
      if (receipt.status !== 'success') return { type: 'depositFailed', error: 'depositReverted' }
      const [opened] = parseEventLogs({ abi: intentOriginSettlerAbi, eventName: 'Open', logs: receipt.logs }).filter(
        (log) => isAddressEqual(log.address, record.depositAddress),
      )
      if (!opened) return { type: 'depositFailed', error: 'depositReverted' }
      const originData = decodeIntentOriginData(opened.args.resolvedOrder.fillInstructions[0]?.originData ?? '0x')
      const [block, destinationBlock] = await Promise.all([
        read(originChain, (origin) => origin.getBlock({ blockNumber: receipt.blockNumber })),
        // Only where to search for the fill from: a destination that does not answer now is searched from its start.
        read(record.destination.token.chainId, (destination) => destination.getBlockNumber(), 2_000).catch(() => 0n),
      ])
      return {
        type: 'depositMined',
        id: opened.args.orderId,
        depositedAt: Number(block.timestamp),
        refundableAfter: originData.fillDeadline,
        expiresAt: originData.expires,
        data: {
          fillDeadline: originData.fillDeadline,
          originBlock: receipt.blockNumber.toString(),
          // Delivery can only come after the deposit: search the destination from here on.
          destinationFromBlock: (destinationBlock > 5n ? destinationBlock - 5n : 0n).toString(),
        },
      }
    },

    async track(record) {
      const orderId = record.id as Hex
      const originChain = record.origin.token.chainId
      const destinationChain = record.destination.token.chainId
      const origin = clientFor(clients, originChain)
      const destination = clientFor(clients, destinationChain)
      const originSettler = settlers(originChain).origin as Address
      const destinationSettler = settlers(destinationChain).destination as Address
      // Each chain read on its own and bounded: a chain that does not answer is named (ChainUnreachableError).
      const [escrow, fills, head] = await Promise.all([
        read(originChain, () =>
          origin.readContract({
            address: originSettler,
            abi: intentOriginSettlerAbi,
            functionName: 'escrows',
            args: [orderId],
          }),
        ),
        read(destinationChain, () =>
          destination.getLogs({
            address: destinationSettler,
            event: getAbiItem({ abi: intentDestinationSettlerAbi, name: 'Filled' }),
            args: { orderId },
            fromBlock: BigInt(record.data?.destinationFromBlock ?? 0),
            strict: true,
          }),
        ),
        read(destinationChain, () => destination.getBlock({ blockTag: 'latest' })),
      ])
      const [fill] = fills
      const event = await settlementStatus({
        destination: { getBlock: (block) => read(destinationChain, () => destination.getBlock(block)) },
        delivery: fill && { ...fill, amount: fill.args.outputAmount, gasAmount: fill.args.gasAmount },
        refunded: escrowFromTuple(escrow).status === intentOriginSettlerStatus.Refunded,
        findRefundTx: async () => {
          const [refunded] = await read(originChain, () =>
            origin.getLogs({
              address: originSettler,
              event: getAbiItem({ abi: intentOriginSettlerAbi, name: 'Refunded' }),
              args: { orderId },
              fromBlock: BigInt(record.data?.originBlock ?? 0),
              strict: true,
            }),
          )
          return refunded?.transactionHash
        },
        destinationTime: Number(head.timestamp),
        deadline: Number(record.data?.fillDeadline ?? record.refundableAfter ?? 0),
      })
      // Not filled well past its estimate: the solver says why (it declined), or that it does not answer.
      return event.type === 'pending' && record.status === 'deposited' && isOverdue(record) ? solverWord(record) : event
    },

    async planRefund(record) {
      const orderId = record.id as Hex
      const origin = clientFor(clients, record.origin.token.chainId)
      const originChain = chainOf(record.origin.token.chainId)
      const digest = hashTypedData({
        domain: intentSettlerDomain(record.origin.token.chainId, record.depositAddress),
        types: noFillAttestationTypes,
        primaryType: 'NoFillAttestation',
        message: { orderId },
      })
      const signatures = await refundSignatures({
        attestationUrls: attesters.urls.map((url) => `${url}/v1/intents/${orderId}`),
        threshold: attesters.threshold,
        notDeliveredStatus: 'not-filled',
        combine: verifierCombine(origin, originChain, record.depositAddress, digest),
        origin,
        originChain,
        unattestedAfter: async () => {
          const escrow = escrowFromTuple(
            await origin.readContract({
              address: record.depositAddress,
              abi: intentOriginSettlerAbi,
              functionName: 'escrows',
              args: [orderId],
            }),
          )
          // No open escrow (never opened here, claimed or refunded): no refund to offer, it would only revert.
          if (escrow.status !== intentOriginSettlerStatus.Open) return undefined
          return unattestedRefundAfter(origin, record.depositAddress, escrow.expires, escrow.pausedAtOpen)
        },
      })
      if (signatures === undefined) {
        const destination = clientFor(clients, record.destination.token.chainId)
        return { availableAfter: await refundAvailableAfter(record, destination, manifest) }
      }
      return {
        transaction: {
          chainId: record.origin.token.chainId,
          to: record.depositAddress,
          data: encodeFunctionData({
            abi: intentOriginSettlerAbi,
            functionName: 'refund',
            args: [orderId, signatures],
          }),
          value: 0n,
        },
      }
    },

    async findSwaps(owner) {
      const records: SwapRecord[] = []
      for (const chainId of provider.restoreChains?.() ?? []) {
        records.push(...(await provider.findSwapsOnChain!(owner, chainId)))
      }
      return records
    },

    restoreChains: () =>
      manifest.chains.filter((chain) => chain.contracts.intentOriginSettler).map((chain) => chain.id),

    async findSwapsOnChain(owner, chainId) {
      const settler = settlers(chainId).origin
      if (!settler) return []
      const logs = await read(chainId, (client) =>
        client.getLogs({
          address: settler,
          event: getAbiItem({ abi: intentOriginSettlerAbi, name: 'Open' }),
          fromBlock: 0n,
          strict: true,
        }),
      )
      const found: DepositedSwap[] = []
      for (const log of logs) {
        if (!isAddressEqual(log.args.resolvedOrder.user, owner)) continue
        const data = decodeIntentOriginData(log.args.resolvedOrder.fillInstructions[0]?.originData ?? '0x')
        const block = await read(chainId, (client) => client.getBlock({ blockNumber: log.blockNumber }))
        const destinationChainId = Number(data.destinationChainId)
        const record = foundSwapRecord({
          id: log.args.orderId,
          providerId: INTENT_PROVIDER_ID,
          providerName: provider.name,
          owner: data.user,
          recipient: data.recipient,
          origin: await tokenRef(chainId, data.inputToken),
          amount: data.inputAmount,
          destination: await tokenRef(destinationChainId, data.outputToken),
          outputAmount: data.outputAmount,
          ...(data.gasAmount > 0n
            ? { gas: { token: await tokenRef(destinationChainId, NATIVE_TOKEN_ADDRESS), amount: data.gasAmount } }
            : {}),
          depositAddress: settler,
          depositTx: log.transactionHash,
          depositBlock: log.blockNumber,
          depositedAt: Number(block.timestamp),
          deadline: data.fillDeadline,
          expires: data.expires,
          deadlineKey: 'fillDeadline',
        })
        found.push(record)
      }
      // The first looks side by side: a destination that does not answer delays them all once, not once each.
      return Promise.all(found.map((record) => withFirstLook(record, provider)))
    },

    knownContracts(chainId) {
      const { origin } = settlers(chainId)
      return origin ? [origin] : []
    },

    // The solver's table: the prices its quotes are made at, and the routes valued at.
    tokenPrices: () => priceSource.prices(),
  }
  return provider
}
