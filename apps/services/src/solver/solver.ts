import { join } from 'node:path'
import {
  escrowFromTuple,
  intentDestinationSettlerAbi,
  intentOriginSettlerAbi,
  intentOriginSettlerStatus,
} from '@multi-bridge/contracts'
import {
  computeIntentOrderId,
  decodeIntentOriginData,
  findManifestToken,
  type IntentOriginData,
  intentFillValue,
  type Manifest,
  type ManifestToken,
  NATIVE_TOKEN_ADDRESS,
} from '@multi-bridge/core'
import {
  type Address,
  BaseError,
  ContractFunctionRevertedError,
  erc20Abi,
  getAbiItem,
  type Hex,
  isAddressEqual,
  maxUint256,
  parseEther,
} from 'viem'
import { createAttesterClient } from '../shared/attesterClient.ts'
import { type ChainContext, createServiceContext, type ServiceContext } from '../shared/context.ts'
import { ServiceError } from '../shared/errors.ts'
import { createFailureTracker } from '../shared/failures.ts'
import { cappedGas } from '../shared/gasCap.ts'
import { createApi, HttpError, json, serveApi } from '../shared/http.ts'
import type { Logger } from '../shared/logger.ts'
import { pollLogs } from '../shared/logPoller.ts'
import { settlementMarginSeconds } from '../shared/margins.ts'
import { persistedCursor, repeat, type ServiceHandle, serviceHandle } from '../shared/serviceLoop.ts'
import { JsonStateStore } from '../shared/stateStore.ts'
import {
  parseAmount,
  parseBytes32,
  parseChain,
  parseFlag,
  parseToken,
  type Query,
  requireParam,
} from '../shared/validation.ts'
import { fillTimingProblem, orderTermsProblem } from './admission.ts'
import { resolvePricing, type SolverPricingSettings } from './loadPricing.ts'
import {
  type DestinationGas,
  FILL_GAS,
  isAcceptablePrice,
  maxInputForOutput,
  networkFee,
  priceTable,
  quoteGasOnArrival,
  quoteOutput,
  type SolverPricingConfig,
  tokenToUsd,
  usd,
  usdToToken,
} from './pricing.ts'
import { emptySolverState, type OrderStatus, type SolverOrder, type SolverState, solverStateSchema } from './state.ts'

export type { OrderStatus, SolverOrder } from './state.ts'

/** The solver's state file, every order checked (a malformed one stops the start, named). */
export function openSolverStore(dataDir: string): JsonStateStore<SolverState> {
  return new JsonStateStore<SolverState>(join(dataDir, 'solver-state.json'), emptySolverState, {
    schema: solverStateSchema,
  })
}

const FINAL: ReadonlySet<OrderStatus> = new Set(['claimed', 'declined', 'missed', 'filled-by-other', 'lost', 'reorged'])
const openEvent = getAbiItem({ abi: intentOriginSettlerAbi, name: 'Open' })
/** The solver keeps this much native coin back for gas. */
const NATIVE_GAS_RESERVE = parseEther('1')
/** A chain's gas price is read again after this long: one read serves the quotes of a few seconds. */
const GAS_PRICE_TTL_MS = 5_000

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
  const store = openSolverStore(parameters.dataDir)
  const controller = new AbortController()
  const inFlight = new Set<string>()
  const pollIntervalMs = parameters.pollIntervalMs ?? 250
  const failures = createFailureTracker(log)
  /** Orders past the exposure check whose fill is not recorded yet: counted, so concurrent checks cannot all pass. */
  const exposureHeld = new Set<string>()
  const attesterUrl = manifest.services.attester?.url
  if (!attesterUrl) {
    throw new ServiceError('the solver needs the attester URL in the manifest', { code: 'ATTESTER_URL_MISSING' })
  }
  const attester = createAttesterClient(attesterUrl)

  const chainOf = (id: number): ChainContext => {
    const chain = context.chains.get(id)
    if (!chain) throw new ServiceError(`unknown chain ${id}`, { code: 'UNKNOWN_CHAIN' })
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
      if ((order.status !== 'accepted' && order.status !== 'filling') || order.destinationChainId !== chainId) continue
      if (isAddressEqual(order.outputToken, token)) reserved += BigInt(order.outputAmount)
      if (isAddressEqual(NATIVE_TOKEN_ADDRESS, token)) reserved += BigInt(order.gasAmount ?? '0')
    }
    return balance > reserved ? balance - reserved : 0n
  }

  async function chainTime(chain: ChainContext): Promise<number> {
    const block = await chain.publicClient.getBlock({ blockTag: 'latest' })
    return Math.max(Number(block.timestamp), Math.floor(Date.now() / 1000))
  }

  const estimatedFillSeconds = (origin: ChainContext, destination: ChainContext) =>
    Math.ceil(origin.config.blockTime + destination.config.blockTime * 2)

  const gasPrices = new Map<number, { price: Promise<bigint>; readAt: number }>()
  /** The most the solver expects to pay per gas on `chain` now (its maxFeePerGas), read at most every few seconds. */
  function gasPrice(chain: ChainContext): Promise<bigint> {
    const cached = gasPrices.get(chain.config.id)
    if (cached && Date.now() - cached.readAt < GAS_PRICE_TTL_MS) return cached.price
    const price = chain.publicClient.estimateFeesPerGas().then((fees) => fees.maxFeePerGas)
    price.catch(() => gasPrices.delete(chain.config.id))
    gasPrices.set(chain.config.id, { price, readAt: Date.now() })
    return price
  }

  /** The network fee of a fill on `destination`, in `output`: its kind's gas at the price there, or the flat least fee. */
  async function fillNetworkFee(destination: ChainContext, output: ManifestToken, withGas: boolean): Promise<bigint> {
    const native = findManifestToken(destination.config, NATIVE_TOKEN_ADDRESS)
    if (!native) return networkFee(pricing, output)
    const units = isAddressEqual(output.address, NATIVE_TOKEN_ADDRESS)
      ? FILL_GAS.native
      : withGas
        ? FILL_GAS.tokenWithGas
        : FILL_GAS.token
    const gas: DestinationGas = { units, price: await gasPrice(destination), native }
    return networkFee(pricing, output, gas)
  }

  // ---- quotes ----

  async function quote(query: Query) {
    const origin = parseChain(manifest, requireParam(query, 'originChainId'), 'originChainId')
    const destination = parseChain(manifest, requireParam(query, 'destinationChainId'), 'destinationChainId')
    if (origin.id === destination.id) {
      throw new HttpError(400, 'SAME_CHAIN', 'originChainId and destinationChainId must differ')
    }
    const inputToken = parseToken(origin, requireParam(query, 'inputToken'), 'inputToken')
    const outputToken = parseToken(destination, requireParam(query, 'outputToken'), 'outputToken')
    const inputAmount = parseAmount(requireParam(query, 'amount'), 'amount')
    const gasOnArrival = parseFlag(query, 'gasOnArrival')
    if (!origin.contracts.intentOriginSettler || !destination.contracts.intentDestinationSettler) {
      throw new HttpError(400, 'UNSUPPORTED_ROUTE', 'No intent settlers on this route')
    }
    if (!(inputToken.symbol in pricing.pricesUsd) || !(outputToken.symbol in pricing.pricesUsd)) {
      throw new HttpError(400, 'UNSUPPORTED_TOKEN', 'The solver does not trade this token pair')
    }
    const available = await availableInventory(destination.id, outputToken.address)
    const gas = gasOnArrival ? await gasOnArrivalQuote(destination, outputToken) : undefined
    const gasFee = await fillNetworkFee(chainOf(destination.id), outputToken, gas !== undefined)
    const minInput = usdToToken(pricing, pricing.minOrderUsd, inputToken)
    const inventoryMax = maxInputForOutput(pricing, available, inputToken, outputToken, gasFee)
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
    const priced = quoteOutput(pricing, inputAmount, inputToken, outputToken, gasFee)
    const outputAmount = priced.outputAmount - (gas?.cost ?? 0n)
    if (outputAmount <= 0n) throw new HttpError(400, 'AMOUNT_TOO_LOW', 'amount does not cover the fees')
    const now = await chainTime(chainOf(destination.id))
    const fillDeadline = now + pricing.fillWindowSeconds
    const refundDelay = Math.max(pricing.refundGraceSeconds, minRefundDelays.get(origin.id) ?? 0)
    return {
      provider: 'intent',
      originChainId: origin.id,
      destinationChainId: destination.id,
      inputToken: inputToken.address,
      outputToken: outputToken.address,
      inputAmount,
      outputAmount,
      // Native coin for the recipient beside the output; 0 when not asked or not offered on this route.
      gasAmount: gas?.gasAmount ?? 0n,
      fees: {
        token: outputToken.address,
        spread: priced.spreadFee,
        gas: priced.gasFee,
        gasOnArrival: gas?.cost ?? 0n,
        total: priced.spreadFee + priced.gasFee + (gas?.cost ?? 0n),
      },
      estimatedFillSeconds: estimatedFillSeconds(chainOf(origin.id), chainOf(destination.id)),
      fillDeadline,
      expires: fillDeadline + refundDelay,
      quoteExpiresAt: now + pricing.quoteTtlSeconds,
      limits,
      solver: solverAddress,
      originSettler: origin.contracts.intentOriginSettler,
      destinationSettler: destination.contracts.intentDestinationSettler,
    }
  }

  /**
   * The gas on arrival the solver offers on `destination` beside `output`: none for a native output (the
   * settler refuses it), or while its native inventory cannot cover it.
   */
  async function gasOnArrivalQuote(destination: Manifest['chains'][number], output: ManifestToken) {
    const native = findManifestToken(destination, NATIVE_TOKEN_ADDRESS)
    if (!native || isAddressEqual(output.address, NATIVE_TOKEN_ADDRESS) || !(native.symbol in pricing.pricesUsd)) {
      return undefined
    }
    const offer = quoteGasOnArrival(pricing, native, output)
    if (offer.gasAmount <= 0n) return undefined
    if ((await availableInventory(destination.id, NATIVE_TOKEN_ADDRESS)) < offer.gasAmount) return undefined
    return offer
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
          expires: 0,
          outputUsd: '0',
        }
      })
      return
    }
    const checked = await checkOrder(origin, orderId, originData, data)
    reason = typeof checked === 'string' ? checked : undefined
    const order: SolverOrder = {
      ...base,
      status: reason ? 'declined' : 'accepted',
      ...(reason ? { reason } : {}),
      destinationChainId: Number(data.destinationChainId),
      inputToken: data.inputToken,
      inputAmount: data.inputAmount.toString(),
      outputToken: data.outputToken,
      outputAmount: data.outputAmount.toString(),
      ...(data.gasAmount > 0n ? { gasAmount: data.gasAmount.toString() } : {}),
      recipient: data.recipient,
      fillDeadline: data.fillDeadline,
      expires: data.expires,
      outputUsd: typeof checked === 'string' ? '0' : checked.outputUsd.toString(),
      // Only a fill needs the origin data: a declined order does not keep it.
      ...(reason ? { originData: '0x' as Hex } : {}),
    }
    store.update((s) => {
      s.orders[orderId] = order
    })
    log.info(reason ? 'order declined' : 'order accepted', { orderId, reason, originChainId: origin.config.id })
    if (!reason) void advance(orderId)
  }

  /** Why the order cannot be filled, or what the solver needs to know to fill it. */
  async function checkOrder(
    origin: ChainContext,
    orderId: Hex,
    originData: Hex,
    data: IntentOriginData,
  ): Promise<string | { outputUsd: bigint }> {
    if (computeIntentOrderId(originData) !== orderId) return 'order id does not match origin data'
    const originSettler = origin.config.contracts.intentOriginSettler
    if (
      !originSettler ||
      Number(data.originChainId) !== origin.config.id ||
      !isAddressEqual(data.originSettler, originSettler)
    ) {
      return 'origin chain or settler mismatch'
    }
    const escrow = escrowFromTuple(
      await origin.publicClient.readContract({
        address: originSettler,
        abi: intentOriginSettlerAbi,
        functionName: 'escrows',
        args: [orderId],
      }),
    )
    if (
      escrow.status !== intentOriginSettlerStatus.Open ||
      !isAddressEqual(escrow.user, data.user) ||
      !isAddressEqual(escrow.inputToken, data.inputToken) ||
      escrow.inputAmount !== data.inputAmount ||
      escrow.fillDeadline !== data.fillDeadline ||
      escrow.expires !== data.expires
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
    const native = findManifestToken(destination.config, NATIVE_TOKEN_ADDRESS)
    if (data.gasAmount > 0n && (!native || !(native.symbol in pricing.pricesUsd))) return 'no gas on arrival here'
    const gas = data.gasAmount > 0n && native ? { amount: data.gasAmount, native } : undefined
    const gasFee = await fillNetworkFee(destination, output, gas !== undefined)
    if (!isAcceptablePrice(pricing, data.inputAmount, data.outputAmount, input, output, gas, gasFee)) {
      return 'price not acceptable'
    }
    // The quote's limits hold for orders opened without a quote too: size, fill window, time to be repaid.
    const problem = orderTermsProblem(
      pricing,
      { input, inputAmount: data.inputAmount, fillDeadline: data.fillDeadline, expires: data.expires },
      await fillConditions(destination, origin),
    )
    if (problem) return problem
    const available = await availableInventory(destination.config.id, data.outputToken)
    if (available < data.outputAmount) return 'insufficient inventory'
    if (gas && (await availableInventory(destination.config.id, NATIVE_TOKEN_ADDRESS)) < gas.amount) {
      return 'insufficient inventory for the gas on arrival'
    }
    const gasUsd = gas ? tokenToUsd(pricing, gas.amount, gas.native) : 0n
    return { outputUsd: tokenToUsd(pricing, data.outputAmount, output) + gasUsd }
  }

  async function fillConditions(destination: ChainContext, origin: ChainContext) {
    return {
      now: await chainTime(destination),
      destinationBlockTime: destination.config.blockTime,
      marginSeconds: settlementMarginSeconds(destination, origin),
    }
  }

  /** Ends an accepted order that cannot be filled safely; its inventory is free again. */
  function decline(order: SolverOrder, reason: string) {
    record(order.orderId, { status: 'declined', reason, originData: '0x' })
    log.warn('accepted order declined', { orderId: order.orderId, reason })
  }

  /** USD delivered (or being delivered) against opens on `originChainId` that are not final there. */
  function unconfirmedExposure(originChainId: number, except: string): bigint {
    let total = 0n
    for (const other of Object.values(store.value.orders)) {
      if (other.orderId === except || other.originChainId !== originChainId || other.openFinal) continue
      const committed = other.status === 'filling' || other.status === 'filled' || exposureHeld.has(other.orderId)
      if (committed) total += BigInt(other.outputUsd)
    }
    return total
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
      failures.succeeded(orderId)
    } catch (error) {
      failures.failed(orderId, 'order step failed', error, { orderId })
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
    const origin = chainOf(order.originChainId)
    const conditions = await fillConditions(destination, origin)
    if (conditions.now > order.fillDeadline) {
      record(order.orderId, { status: 'missed', reason: 'fill deadline passed before the fill landed' })
      log.error('missed an accepted order', { orderId: order.orderId })
      return
    }
    const late = fillTimingProblem(order, conditions)
    if (late) return decline(order, late)
    // Just before paying: the escrow must still be there (not refunded, not taken back by a reorg).
    const escrow = escrowFromTuple(
      await origin.publicClient.readContract({
        address: origin.config.contracts.intentOriginSettler as Address,
        abi: intentOriginSettlerAbi,
        functionName: 'escrows',
        args: [order.orderId],
      }),
    )
    if (escrow.status !== intentOriginSettlerStatus.Open || escrow.inputAmount !== BigInt(order.inputAmount)) {
      return decline(order, 'the escrow is no longer open on the origin chain')
    }
    // Claims paused by the guardian: a fill now might not be repaid before the pause ends. Wait.
    const paused = await origin.publicClient.readContract({
      address: origin.config.contracts.intentOriginSettler as Address,
      abi: intentOriginSettlerAbi,
      functionName: 'settlementPaused',
    })
    if (paused) {
      if (order.reason !== 'claims are paused on the origin chain') {
        record(order.orderId, { reason: 'claims are paused on the origin chain' })
      }
      return
    }
    // A fill against an open that is not final yet is a bet on no reorg; the bet is capped.
    if (!order.openFinal && (await escrowStatus(origin, order.orderId, 'final')) === intentOriginSettlerStatus.Open) {
      record(order.orderId, { openFinal: true })
    }
    if (!store.value.orders[order.orderId]?.openFinal) {
      // Checked and held with no await in between: concurrent fills cannot all pass the same cap.
      const exposure = unconfirmedExposure(order.originChainId, order.orderId) + BigInt(order.outputUsd)
      if (exposure > usd(pricing.maxUnconfirmedUsd)) {
        if (order.reason === undefined) record(order.orderId, { reason: 'waiting for the open to be final' })
        return
      }
      exposureHeld.add(order.orderId)
    }
    try {
      await sendFill(order, destination, settler)
    } finally {
      exposureHeld.delete(order.orderId)
    }
  }

  async function sendFill(order: SolverOrder, destination: ChainContext, settler: Address) {
    const request = {
      address: settler,
      abi: intentDestinationSettlerAbi,
      functionName: 'fill',
      args: [order.orderId, order.originData, '0x'],
      value: intentFillValue({
        outputToken: order.outputToken,
        outputAmount: BigInt(order.outputAmount),
        gasAmount: BigInt(order.gasAmount ?? '0'),
      }),
      account: context.account,
    } as const
    const hash = await destination.sendQueue.run(async () => {
      let estimate: bigint
      try {
        estimate = await destination.publicClient.estimateContractGas(request)
      } catch (error) {
        const reverted = error instanceof BaseError && error.walk((e) => e instanceof ContractFunctionRevertedError)
        if (!reverted) throw error // the RPC, not the fill: try again
        return { reverted: (reverted as ContractFunctionRevertedError).data?.errorName ?? 'reverted' }
      }
      // Never more gas than priced: a fill the estimate puts above the cap is declined, not paid for.
      const capped = cappedGas(estimate, BigInt(pricing.maxFillGas))
      if ('problem' in capped) return { tooCostly: capped.problem }
      const sent = await destination.walletClient.writeContract({ ...request, gas: capped.gas })
      record(order.orderId, { status: 'filling', fillTx: sent, reason: undefined })
      return sent
    })
    if (typeof hash !== 'string') {
      if ('tooCostly' in hash) return decline(order, `the fill would cost too much gas: ${hash.tooCostly}`)
      // Filled meanwhile (by us, seen late by a lagging node, or by another solver): the next round reads who.
      if (hash.reverted === 'AlreadyFilled') {
        throw new ServiceError('the order is already filled; reading the fill again', { code: 'ALREADY_FILLED' })
      }
      // Estimated before every attempt: a fill that would revert is never sent, nor retried until the deadline.
      return decline(order, `the fill would revert (${hash.reverted})`)
    }
    log.info('fill sent', { orderId: order.orderId, chainId: destination.config.id, tx: hash })
    const receipt = await destination.waitForReceipt(hash)
    if (receipt.status === 'success') {
      record(order.orderId, { status: 'filled', filledAt: Date.now() })
      log.info('order filled', { orderId: order.orderId, block: receipt.blockNumber })
      void advance(order.orderId)
    } else {
      record(order.orderId, { status: 'accepted' })
      log.warn('fill reverted; will re-check', { orderId: order.orderId, tx: hash })
    }
  }

  /** The order's escrow status on the origin (one of `intentOriginSettlerStatus`), at the latest block or at the final head. */
  async function escrowStatus(origin: ChainContext, orderId: Hex, at: 'latest' | 'final'): Promise<number> {
    const blockNumber = at === 'final' ? await origin.finalBlockNumber() : undefined
    const escrow = await origin.publicClient.readContract({
      address: origin.config.contracts.intentOriginSettler as Address,
      abi: intentOriginSettlerAbi,
      functionName: 'escrows',
      args: [orderId],
      ...(blockNumber === undefined ? {} : { blockNumber }),
    })
    return escrowFromTuple(escrow).status
  }

  /**
   * Repays the solver on the origin. 'claimed' is recorded only once the claim is final there: a claim
   * a reorg drops is sent again, before `expires` lets the user take the escrow back.
   */
  async function claim(order: SolverOrder) {
    const origin = chainOf(order.originChainId)
    const status = await escrowStatus(origin, order.orderId, 'latest')
    if (status === intentOriginSettlerStatus.Claimed) {
      if ((await escrowStatus(origin, order.orderId, 'final')) === intentOriginSettlerStatus.Claimed) {
        record(order.orderId, { status: 'claimed' })
        log.info('order claimed', { orderId: order.orderId, tx: order.claimTx })
      }
      return
    }
    if (status === intentOriginSettlerStatus.Refunded) {
      log.error('order was refunded before the solver claimed it', { orderId: order.orderId, alert: true })
      return record(order.orderId, { status: 'lost' })
    }
    if (status === intentOriginSettlerStatus.None) return settleVanishedOpen(order, origin)
    const answer = await attester.intent(order.orderId)
    const attestation = answer?.status === 'filled' ? answer.attestation : undefined
    if (attestation?.kind !== 'fill' || !isAddressEqual(attestation.solver, solverAddress)) {
      // Not attested (yet): if a reorg on the destination dropped our fill, fill again while there is time.
      if ((answer === undefined || answer.status === 'open') && !(await isFilled(order))) {
        record(order.orderId, { status: 'accepted', reason: 'the fill was dropped by a reorg' })
        log.warn('fill no longer on the destination chain; filling again', { orderId: order.orderId })
      }
      return
    }
    if (!order.openFinal) record(order.orderId, { openFinal: true }) // attested: the attester saw the open final
    const request = {
      address: origin.config.contracts.intentOriginSettler as Address,
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
    await origin.waitForReceipt(hash)
  }

  /**
   * A filled order whose open is gone from the origin: a reorg took it back after the fill (the risk
   * `maxUnconfirmedUsd` caps). Once the origin's final head is past the fill deadline the open can never come
   * back (`open` refuses a passed deadline): the loss is final, alerted, and no longer counts against the cap.
   */
  async function settleVanishedOpen(order: SolverOrder, origin: ChainContext) {
    const head = await origin.finalHead()
    if (head.timestamp <= order.fillDeadline) return
    const escrow = await origin.publicClient.readContract({
      address: origin.config.contracts.intentOriginSettler as Address,
      abi: intentOriginSettlerAbi,
      functionName: 'escrows',
      args: [order.orderId],
      blockNumber: head.number,
    })
    if (escrowFromTuple(escrow).status !== intentOriginSettlerStatus.None) return
    record(order.orderId, { status: 'reorged', reason: 'a reorg took back the open after the fill' })
    log.error('filled an order whose open a reorg took back', {
      orderId: order.orderId,
      originChainId: order.originChainId,
      outputUsd: order.outputUsd,
      fillTx: order.fillTx,
      alert: true,
    })
  }

  async function isFilled(order: SolverOrder): Promise<boolean> {
    const destination = chainOf(order.destinationChainId)
    const [, fillTime] = await destination.publicClient.readContract({
      address: destination.config.contracts.intentDestinationSettler as Address,
      abi: intentDestinationSettlerAbi,
      functionName: 'fills',
      args: [order.orderId],
    })
    return fillTime !== 0
  }

  // ---- startup ----

  await ensureApprovals(context, log)
  /** Each origin settler's least gap from fill deadline to expires: quotes never ask for less. */
  const minRefundDelays = new Map<number, number>()
  for (const chain of context.chains.values()) {
    const settler = chain.config.contracts.intentOriginSettler
    if (!settler) continue
    const delay = await chain.publicClient.readContract({
      address: settler,
      abi: intentOriginSettlerAbi,
      functionName: 'minRefundDelay',
    })
    minRefundDelays.set(chain.config.id, delay)
  }

  const api = createApi(log)
  api.get('/health', (c) =>
    json(c, { ok: true, solver: solverAddress, chains: manifest.chains.map((chain) => chain.id) }),
  )
  api.get('/v1/quote', async (c) => json(c, await quote(c.req.query())))
  // Read-only: the prices the solver quotes at, so the app can show USD values on the local network.
  const prices = { prices: priceTable(pricing, manifest) }
  api.get('/v1/prices', (c) => json(c, prices))
  api.get('/v1/orders/:orderId', (c) => {
    const order = store.value.orders[parseBytes32(c.req.param('orderId'), 'orderId')]
    if (!order) throw new HttpError(404, 'UNKNOWN_ORDER', 'The solver has not seen this order')
    const { originData: _originData, ...visible } = order
    return json(c, visible)
  })
  const server = await serveApi(api, parameters.port, log)

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
        // Every open as soon as it is mined: filling fast is the point; the exposure is capped in fill().
        head: () => chain.latestBlockNumber(),
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
  // Resumes unfinished orders (after a restart too) and retries failed steps, the least time left first.
  loops.push(
    repeat(controller.signal, 1_000, () => {
      const open = Object.values(store.value.orders).filter((order) => !FINAL.has(order.status))
      open.sort((x, y) => x.expires - y.expires)
      for (const order of open) void advance(order.orderId)
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
      await chain.waitForReceipt(hash)
    }
    if (allowance !== 0n) await approve(0n)
    await approve(maxUint256)
    log.info('approved settler', { chainId: chain.config.id, token: token.symbol })
  }
}
