import { join } from 'node:path'
import { intentDestinationSettlerAbi, intentOriginSettlerAbi } from '@multi-bridge/contracts'
import {
  computeIntentOrderId,
  decodeIntentOriginData,
  findManifestToken,
  type IntentOriginData,
  type Manifest,
  type ManifestToken,
  NATIVE_TOKEN_ADDRESS,
} from '@multi-bridge/core'
import { type Address, erc20Abi, getAbiItem, type Hex, isAddressEqual, maxUint256, parseEther } from 'viem'
import { type ChainContext, createServiceContext, type ServiceContext } from '../shared/context.ts'
import { HttpError, startHttpServer } from '../shared/http.ts'
import { type Logger, shortMessage } from '../shared/logger.ts'
import { pollLogs } from '../shared/logPoller.ts'
import { persistedCursor, repeat, type ServiceHandle, serviceHandle } from '../shared/serviceLoop.ts'
import { JsonStateStore } from '../shared/stateStore.ts'
import { parseAmount, parseBytes32, parseChain, parseToken, requireParam } from '../shared/validation.ts'
import { resolvePricing, type SolverPricingSettings } from './loadPricing.ts'
import { isAcceptablePrice, maxInputForOutput, quoteOutput, type SolverPricingConfig, usdToToken } from './pricing.ts'

export type OrderStatus =
  | 'accepted' // will be filled; inventory reserved
  | 'filling' // fill sent
  | 'filled' // fill mined; waiting for the attestation to claim
  | 'claimed' // repaid on the origin chain (final)
  | 'declined' // never filled (final)
  | 'missed' // accepted but the deadline passed before a fill landed (final)
  | 'filled-by-other' // someone else filled it first (final)
  | 'lost' // filled but refunded to the user before we claimed (final)

export type SolverOrder = {
  orderId: Hex
  status: OrderStatus
  reason?: string
  originChainId: number
  destinationChainId: number
  inputToken: Address
  inputAmount: string
  outputToken: Address
  outputAmount: string
  recipient: Address
  fillDeadline: number
  originData: Hex
  fillTx?: Hex
  claimTx?: Hex
  openBlock: string
  openSeenAt: number
  filledAt?: number
  updatedAt: number
}

type SolverState = { cursors: Record<string, string>; orders: Record<string, SolverOrder> }

const FINAL: ReadonlySet<OrderStatus> = new Set(['claimed', 'declined', 'missed', 'filled-by-other', 'lost'])
const openEvent = getAbiItem({ abi: intentOriginSettlerAbi, name: 'Open' })
/** The solver keeps this much native coin back for gas. */
const NATIVE_GAS_RESERVE = parseEther('1')

export type StartSolverParameters = {
  manifest: Manifest
  dataDir: string
  port: number
  log: Logger
  /** Over the defaults; checked before anything starts (see loadPricing.ts for the file and environment). */
  pricing?: SolverPricingSettings
  pollIntervalMs?: number
}

export async function startSolver(parameters: StartSolverParameters): Promise<ServiceHandle> {
  const { manifest, log } = parameters
  const pricing: SolverPricingConfig = resolvePricing(parameters.pricing)
  const context = createServiceContext(manifest, 'solver')
  const solverAddress = context.account.address
  const store = new JsonStateStore<SolverState>(join(parameters.dataDir, 'solver-state.json'), () => ({
    cursors: {},
    orders: {},
  }))
  const controller = new AbortController()
  const inFlight = new Set<string>()
  const pollIntervalMs = parameters.pollIntervalMs ?? 250

  const chainOf = (id: number): ChainContext => {
    const chain = context.chains.get(id)
    if (!chain) throw new Error(`unknown chain ${id}`)
    return chain
  }

  async function balanceOf(chain: ChainContext, token: Address): Promise<bigint> {
    if (isAddressEqual(token, NATIVE_TOKEN_ADDRESS)) {
      const balance = await chain.publicClient.getBalance({ address: solverAddress })
      return balance > NATIVE_GAS_RESERVE ? balance - NATIVE_GAS_RESERVE : 0n
    }
    return chain.publicClient.readContract({
      address: token,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [solverAddress],
    })
  }

  /** Inventory not yet promised to accepted orders. */
  async function availableInventory(chainId: number, token: Address): Promise<bigint> {
    const balance = await balanceOf(chainOf(chainId), token)
    let reserved = 0n
    for (const order of Object.values(store.value.orders)) {
      if (
        (order.status === 'accepted' || order.status === 'filling') &&
        order.destinationChainId === chainId &&
        isAddressEqual(order.outputToken, token)
      ) {
        reserved += BigInt(order.outputAmount)
      }
    }
    return balance > reserved ? balance - reserved : 0n
  }

  async function chainTime(chain: ChainContext): Promise<number> {
    const block = await chain.publicClient.getBlock({ blockTag: 'latest' })
    return Math.max(Number(block.timestamp), Math.floor(Date.now() / 1000))
  }

  const estimatedFillSeconds = (origin: ChainContext, destination: ChainContext) =>
    Math.ceil(origin.config.blockTime + destination.config.blockTime * 2)

  // ---- quotes ----

  async function quote(query: URLSearchParams) {
    const origin = parseChain(manifest, requireParam(query, 'originChainId'), 'originChainId')
    const destination = parseChain(manifest, requireParam(query, 'destinationChainId'), 'destinationChainId')
    if (origin.id === destination.id) {
      throw new HttpError(400, 'SAME_CHAIN', 'originChainId and destinationChainId must differ')
    }
    const inputToken = parseToken(origin, requireParam(query, 'inputToken'), 'inputToken')
    const outputToken = parseToken(destination, requireParam(query, 'outputToken'), 'outputToken')
    const inputAmount = parseAmount(requireParam(query, 'amount'), 'amount')
    if (!origin.contracts.intentOriginSettler || !destination.contracts.intentDestinationSettler) {
      throw new HttpError(400, 'UNSUPPORTED_ROUTE', 'No intent settlers on this route')
    }
    if (!(inputToken.symbol in pricing.pricesUsd) || !(outputToken.symbol in pricing.pricesUsd)) {
      throw new HttpError(400, 'UNSUPPORTED_TOKEN', 'The solver does not trade this token pair')
    }
    const available = await availableInventory(destination.id, outputToken.address)
    const minInput = usdToToken(pricing, pricing.minOrderUsd, inputToken)
    const inventoryMax = maxInputForOutput(pricing, available, inputToken, outputToken)
    const configuredMax = usdToToken(pricing, pricing.maxOrderUsd, inputToken)
    // biome-ignore lint/complexity/useMathMinMax: Math.min does not take bigint
    const maxInput = inventoryMax < configuredMax ? inventoryMax : configuredMax
    const limits = { minInputAmount: minInput, maxInputAmount: maxInput }
    if (inputAmount < minInput) {
      throw new HttpError(400, 'AMOUNT_TOO_LOW', `amount is below the minimum of ${minInput} base units`)
    }
    if (inputAmount > maxInput) {
      throw new HttpError(400, 'AMOUNT_TOO_HIGH', `amount is above the maximum of ${maxInput} base units`)
    }
    const priced = quoteOutput(pricing, inputAmount, inputToken, outputToken)
    if (priced.outputAmount <= 0n) throw new HttpError(400, 'AMOUNT_TOO_LOW', 'amount does not cover the fees')
    const now = await chainTime(chainOf(destination.id))
    const fillDeadline = now + pricing.fillWindowSeconds
    return {
      provider: 'intent',
      originChainId: origin.id,
      destinationChainId: destination.id,
      inputToken: inputToken.address,
      outputToken: outputToken.address,
      inputAmount,
      outputAmount: priced.outputAmount,
      fees: {
        token: outputToken.address,
        spread: priced.spreadFee,
        gas: priced.gasFee,
        total: priced.spreadFee + priced.gasFee,
      },
      estimatedFillSeconds: estimatedFillSeconds(chainOf(origin.id), chainOf(destination.id)),
      fillDeadline,
      expires: fillDeadline + pricing.refundGraceSeconds,
      quoteExpiresAt: now + pricing.quoteTtlSeconds,
      limits,
      solver: solverAddress,
      originSettler: origin.contracts.intentOriginSettler,
      destinationSettler: destination.contracts.intentDestinationSettler,
    }
  }

  // ---- orders ----

  function record(orderId: Hex, change: Partial<SolverOrder>) {
    store.update((state) => {
      const order = state.orders[orderId]
      if (order) Object.assign(order, change, { updatedAt: Date.now() })
    })
  }

  /** Re-reads an opened order from the chain instead of trusting the event, then decides. */
  async function admitOrder(origin: ChainContext, orderId: Hex, originData: Hex, blockNumber: bigint) {
    if (store.value.orders[orderId]) return // already decided (replayed log after a restart)
    let data: IntentOriginData | undefined
    let reason: string | undefined
    try {
      data = decodeIntentOriginData(originData)
    } catch {
      reason = 'malformed origin data'
    }
    const base = {
      orderId,
      originChainId: origin.config.id,
      openBlock: blockNumber.toString(),
      openSeenAt: Date.now(),
      updatedAt: Date.now(),
      originData,
    }
    if (!data) {
      store.update((s) => {
        s.orders[orderId] = {
          ...base,
          status: 'declined',
          reason,
          destinationChainId: 0,
          inputToken: NATIVE_TOKEN_ADDRESS,
          inputAmount: '0',
          outputToken: NATIVE_TOKEN_ADDRESS,
          outputAmount: '0',
          recipient: NATIVE_TOKEN_ADDRESS,
          fillDeadline: 0,
        }
      })
      return
    }
    reason = await checkOrder(origin, orderId, originData, data)
    const order: SolverOrder = {
      ...base,
      status: reason ? 'declined' : 'accepted',
      ...(reason ? { reason } : {}),
      destinationChainId: Number(data.destinationChainId),
      inputToken: data.inputToken,
      inputAmount: data.inputAmount.toString(),
      outputToken: data.outputToken,
      outputAmount: data.outputAmount.toString(),
      recipient: data.recipient,
      fillDeadline: data.fillDeadline,
    }
    store.update((s) => {
      s.orders[orderId] = order
    })
    log.info(reason ? 'order declined' : 'order accepted', { orderId, reason, originChainId: origin.config.id })
    if (!reason) void advance(orderId)
  }

  /** Returns why the order cannot be filled, or undefined when it should be. */
  async function checkOrder(origin: ChainContext, orderId: Hex, originData: Hex, data: IntentOriginData) {
    if (computeIntentOrderId(originData) !== orderId) return 'order id does not match origin data'
    const originSettler = origin.config.contracts.intentOriginSettler
    if (
      !originSettler ||
      Number(data.originChainId) !== origin.config.id ||
      !isAddressEqual(data.originSettler, originSettler)
    ) {
      return 'origin chain or settler mismatch'
    }
    const [user, inputToken, inputAmount, fillDeadline, expires, status] = await origin.publicClient.readContract({
      address: originSettler,
      abi: intentOriginSettlerAbi,
      functionName: 'escrows',
      args: [orderId],
    })
    if (
      status !== 1 ||
      !isAddressEqual(user, data.user) ||
      !isAddressEqual(inputToken, data.inputToken) ||
      inputAmount !== data.inputAmount ||
      fillDeadline !== data.fillDeadline ||
      expires !== data.expires
    ) {
      return 'escrow on the origin chain does not match the order'
    }
    const destination = context.chains.get(Number(data.destinationChainId))
    const destinationSettler = destination?.config.contracts.intentDestinationSettler
    if (!destination || !destinationSettler || !isAddressEqual(destinationSettler, data.destinationSettler)) {
      return 'unknown destination chain or settler'
    }
    const input = findManifestToken(origin.config, data.inputToken)
    const output: ManifestToken | undefined = findManifestToken(destination.config, data.outputToken)
    if (!input || !output) return 'unsupported token'
    if (!(input.symbol in pricing.pricesUsd) || !(output.symbol in pricing.pricesUsd)) return 'unpriced token'
    if (!isAcceptablePrice(pricing, data.inputAmount, data.outputAmount, input, output)) return 'price not acceptable'
    const now = await chainTime(destination)
    if (now + destination.config.blockTime * 2 > data.fillDeadline) return 'fill deadline too close'
    const available = await availableInventory(destination.config.id, data.outputToken)
    if (available < data.outputAmount) return 'insufficient inventory'
    return undefined
  }

  /** Moves one order forward; safe to call repeatedly and after a restart. */
  async function advance(orderId: string): Promise<void> {
    if (inFlight.has(orderId)) return
    inFlight.add(orderId)
    try {
      const order = store.value.orders[orderId]
      if (!order || FINAL.has(order.status)) return
      if (order.status === 'accepted' || order.status === 'filling') await fill(order)
      else if (order.status === 'filled') await claim(order)
    } catch (error) {
      log.warn('order step failed; will retry', { orderId, error: shortMessage(error) })
    } finally {
      inFlight.delete(orderId)
    }
  }

  async function fill(order: SolverOrder) {
    const destination = chainOf(order.destinationChainId)
    const settler = destination.config.contracts.intentDestinationSettler as Address
    const onChain = await destination.publicClient.readContract({
      address: settler,
      abi: intentDestinationSettlerAbi,
      functionName: 'fills',
      args: [order.orderId],
    })
    if (onChain[1] !== 0) {
      const ours = isAddressEqual(onChain[0], solverAddress)
      record(order.orderId, { status: ours ? 'filled' : 'filled-by-other', filledAt: order.filledAt ?? Date.now() })
      if (ours) void advance(order.orderId)
      return
    }
    const now = await chainTime(destination)
    if (now > order.fillDeadline) {
      record(order.orderId, { status: 'missed', reason: 'fill deadline passed before the fill landed' })
      log.error('missed an accepted order', { orderId: order.orderId })
      return
    }
    const isNative = isAddressEqual(order.outputToken, NATIVE_TOKEN_ADDRESS)
    const request = {
      address: settler,
      abi: intentDestinationSettlerAbi,
      functionName: 'fill',
      args: [order.orderId, order.originData, '0x'],
      value: isNative ? BigInt(order.outputAmount) : 0n,
      account: context.account,
    } as const
    const hash = await destination.sendQueue.run(async () => {
      await destination.publicClient.simulateContract(request)
      const sent = await destination.walletClient.writeContract(request)
      record(order.orderId, { status: 'filling', fillTx: sent })
      return sent
    })
    log.info('fill sent', { orderId: order.orderId, chainId: destination.config.id, tx: hash })
    const receipt = await destination.publicClient.waitForTransactionReceipt({ hash, pollingInterval: 250 })
    if (receipt.status === 'success') {
      record(order.orderId, { status: 'filled', filledAt: Date.now() })
      log.info('order filled', { orderId: order.orderId, block: receipt.blockNumber })
      void advance(order.orderId)
    } else {
      record(order.orderId, { status: 'accepted' })
      log.warn('fill reverted; will re-check', { orderId: order.orderId, tx: hash })
    }
  }

  async function claim(order: SolverOrder) {
    const origin = chainOf(order.originChainId)
    const settler = origin.config.contracts.intentOriginSettler as Address
    const escrow = await origin.publicClient.readContract({
      address: settler,
      abi: intentOriginSettlerAbi,
      functionName: 'escrows',
      args: [order.orderId],
    })
    if (escrow[5] === 2) return record(order.orderId, { status: 'claimed' })
    if (escrow[5] === 3) {
      log.error('order was refunded before the solver claimed it', { orderId: order.orderId })
      return record(order.orderId, { status: 'lost' })
    }
    const attestation = await fetchFillAttestation(order.orderId)
    if (!attestation) return
    const request = {
      address: settler,
      abi: intentOriginSettlerAbi,
      functionName: 'claim',
      args: [order.orderId, attestation.solver, attestation.fillTime, attestation.signatures],
      account: context.account,
    } as const
    const hash = await origin.sendQueue.run(async () => {
      await origin.publicClient.simulateContract(request)
      return origin.walletClient.writeContract(request)
    })
    record(order.orderId, { claimTx: hash })
    const receipt = await origin.publicClient.waitForTransactionReceipt({ hash, pollingInterval: 250 })
    if (receipt.status === 'success') {
      record(order.orderId, { status: 'claimed' })
      log.info('order claimed', { orderId: order.orderId, tx: hash })
    }
  }

  async function fetchFillAttestation(orderId: Hex) {
    const url = manifest.services.attester?.url
    if (!url) throw new Error('no attester in the manifest')
    const response = await fetch(`${url}/v1/intents/${orderId}`, { signal: AbortSignal.timeout(5_000) })
    if (!response.ok) return undefined
    const body = (await response.json()) as {
      status: string
      attestation?: { kind: string; solver: Address; fillTime: number; signatures: Hex }
    }
    if (body.status !== 'filled' || body.attestation?.kind !== 'fill') return undefined
    if (!isAddressEqual(body.attestation.solver, solverAddress)) return undefined
    return body.attestation
  }

  // ---- startup ----

  await ensureApprovals(context, log)

  const server = await startHttpServer(
    parameters.port,
    [
      {
        method: 'GET',
        path: '/health',
        handler: () => ({ ok: true, solver: solverAddress, chains: manifest.chains.map((c) => c.id) }),
      },
      { method: 'GET', path: '/v1/quote', handler: ({ query }) => quote(query) },
      {
        method: 'GET',
        path: '/v1/orders/:orderId',
        handler: ({ params }) => {
          const order = store.value.orders[parseBytes32(params.orderId, 'orderId')]
          if (!order) throw new HttpError(404, 'UNKNOWN_ORDER', 'The solver has not seen this order')
          const { originData: _originData, ...visible } = order
          return visible
        },
      },
    ],
    log,
  )

  const loops: Promise<void>[] = []
  for (const chain of context.chains.values()) {
    const settler = chain.config.contracts.intentOriginSettler
    if (!settler) continue
    const key = String(chain.config.id)
    loops.push(
      pollLogs({
        chain,
        address: settler,
        event: openEvent,
        confirmations: 0,
        ...persistedCursor(store, key),
        onLogs: async (logs) => {
          for (const entry of logs) {
            const originData = entry.args.resolvedOrder.fillInstructions[0]?.originData ?? '0x'
            await admitOrder(chain, entry.args.orderId, originData, entry.blockNumber)
          }
        },
        intervalMs: pollIntervalMs,
        log,
        signal: controller.signal,
      }),
    )
  }
  // Resumes unfinished orders (after a restart too) and retries failed steps.
  loops.push(
    repeat(controller.signal, 1_000, () => {
      for (const [orderId, order] of Object.entries(store.value.orders)) {
        if (!FINAL.has(order.status)) void advance(orderId)
      }
    }),
  )
  log.info('solver started', { solver: solverAddress, port: parameters.port })

  return serviceHandle(server, controller, loops)
}

/** Lets each destination settler pull the solver's tokens. USDT-like tokens need a reset to zero first. */
async function ensureApprovals(context: ServiceContext, log: Logger) {
  await Promise.all([...context.chains.values()].map((chain) => ensureChainApprovals(chain, context, log)))
}

async function ensureChainApprovals(chain: ChainContext, context: ServiceContext, log: Logger) {
  const settler = chain.config.contracts.intentDestinationSettler
  if (!settler) return
  for (const token of chain.config.tokens) {
    if (token.kind === 'native') continue
    const allowance = await chain.publicClient.readContract({
      address: token.address,
      abi: erc20Abi,
      functionName: 'allowance',
      args: [context.account.address, settler],
    })
    if (allowance >= maxUint256 / 2n) continue
    const approve = async (amount: bigint) => {
      const hash = await chain.walletClient.writeContract({
        address: token.address,
        abi: erc20Abi,
        functionName: 'approve',
        args: [settler, amount],
      })
      await chain.publicClient.waitForTransactionReceipt({ hash, pollingInterval: 250 })
    }
    if (allowance !== 0n) await approve(0n)
    await approve(maxUint256)
    log.info('approved settler', { chainId: chain.config.id, token: token.symbol })
  }
}
