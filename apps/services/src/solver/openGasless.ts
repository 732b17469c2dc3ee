import { devTokenAbi, intentOriginSettlerAbi } from '@multi-bridge/contracts'
import {
  buildGaslessCrossChainOrder,
  findManifestToken,
  type GaslessOrder,
  gaslessOrderHash,
  gaslessOrderId,
} from '@multi-bridge/core'
import { BaseError, ContractFunctionRevertedError, type Hex, isAddressEqual } from 'viem'
import type { ChainContext } from '../shared/context.ts'
import { cappedGas } from '../shared/gasCap.ts'
import { HttpError } from '../shared/http.ts'
import { admitSentGasless, fillConditions } from './admit.ts'
import { advance } from './advance.ts'
import { requireReady } from './chainSetup.ts'
import { chainTime, type SolverContext } from './context.ts'
import { checkAuthorization, releaseSpend, reserveSpend } from './gaslessAuthorization.ts'
import type { GaslessOrderRequest } from './gaslessRequest.ts'
import { gaslessInputToken, gaslessOpenFee, OPEN_FOR_GAS } from './gaslessTerms.ts'
import { balanceOf, fillNetworkFee, reservedInventory } from './inventory.ts'
import { orderTermsProblem } from './orderLimits.ts'
import { quoteOutput, tokenToUsd } from './pricing.ts'
import { requireWatched } from './watch.ts'

export type OpenGaslessParameters = GaslessOrderRequest
export type OpenGaslessReturnType = { orderId: Hex; originChainId: number; openTx: Hex }

/** The settler's errors with the input token's (an authorization's errors bubble up through openFor). */
const openForAbi = [...intentOriginSettlerAbi, ...devTokenAbi.filter((item) => item.type === 'error')] as const

/**
 * `POST /v1/orders/gasless`: checks a person's signed gasless order against what the solver quotes, simulates the
 * `openFor`, sends it paying the gas, admits the order (filled before its open is mined when the cap on unconfirmed
 * exposure allows), and answers the open's hash and the order id at once.
 */
export async function openGasless(
  context: SolverContext,
  parameters: OpenGaslessParameters,
): Promise<OpenGaslessReturnType> {
  const { order, signature } = parameters
  const origin = gaslessOrigin(context, order)
  const destination = context.chains.get(Number(order.orderData.destinationChainId))?.config
  const route = destination ? [origin.config, destination] : [origin.config]
  requireWatched(context, route)
  requireReady(context, route)
  // One submission per order at a time: a second POST of it while the first is being mined is a conflict.
  const key = `gasless:${gaslessOrderHash(order)}`
  if (context.locks.steps.has(key)) throw new HttpError(409, 'ALREADY_SUBMITTED', 'This order is being opened already')
  context.locks.steps.add(key)
  const orderId = gaslessOrderId(order)
  const release = () => {
    context.locks.steps.delete(key)
    context.holds.outputs.delete(orderId)
    releaseSpend(context, order)
  }
  try {
    // The person's own before anything is held for it: a forged order takes nothing from the inventory.
    await checkAuthorization(context, origin, order, signature)
    await reserveSpend(context, origin, order)
    // Its output is held before the inventory is checked, so that concurrent submissions count each other.
    const data = order.orderData
    context.holds.outputs.set(orderId, [
      { chainId: Number(data.destinationChainId), token: data.outputToken, amount: data.outputAmount },
    ])
    const { outputUsd } = await checkGaslessTerms(context, origin, order)
    const openTx = await simulateAndSend(context, origin, order, signature)
    context.log.info('gasless order opened', { originChainId: origin.config.id, tx: openTx })
    // Admitted now and filled at once when it fits under the cap on unconfirmed exposure: the person's delivery
    // waits for one destination block, not for the origin's block first (fill.ts checks the open is still coming).
    admitSentGasless(context, { origin, order, openTx, outputUsd })
    void advance(context, orderId)
    // Held until mined, then the settler's nonce refuses a second open on its own.
    void origin.waitForReceipt(openTx).then(
      (receipt) => {
        context.locks.steps.delete(key)
        releaseSpend(context, order) // mined: the person's balance says it now
        // A failed open: the admitted order is declined by its next step (fill.ts), at once.
        if (receipt.status !== 'success') void advance(context, orderId)
      },
      (error: unknown) => {
        context.log.warn('gasless open not confirmed', { tx: openTx, error })
        release()
      },
    )
    return { orderId, originChainId: origin.config.id, openTx }
  } catch (error) {
    release()
    throw error
  }
}

/** The origin chain of the order: in the manifest, with the settler the order names, and an EIP-3009 input token. */
function gaslessOrigin(context: SolverContext, order: GaslessOrder): ChainContext {
  const origin = context.chains.get(Number(order.originChainId))
  if (!origin || order.originChainId > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new HttpError(400, 'UNSUPPORTED_CHAIN', `originChainId ${order.originChainId} is not a supported chain`)
  }
  const settler = origin.config.contracts.intentOriginSettler
  if (!settler || !isAddressEqual(settler, order.originSettler)) {
    throw new HttpError(400, 'WRONG_SETTLER', `originSettler is not the intent settler of ${origin.config.name}`)
  }
  if (!gaslessInputToken(origin.config, order.orderData.inputToken)) {
    throw new HttpError(
      400,
      'GASLESS_UNSUPPORTED_TOKEN',
      'The input token has no EIP-3009 authorization here: open this order with an approval instead',
    )
  }
  return origin
}

const refuse = (code: string, message: string) => new HttpError(400, code, message)

/**
 * Refuses an order outside the solver's gasless quote: not before its open deadline with time to mine, to a
 * destination settler it does not know, for an output above what it would quote now for the input less the fill and
 * the open it pays (with today's gas prices, no tolerance), outside its limits, or beyond its inventory.
 */
async function checkGaslessTerms(context: SolverContext, origin: ChainContext, order: GaslessOrder) {
  const data = order.orderData
  const now = await chainTime(origin)
  if (order.openDeadline <= now + origin.config.blockTime)
    throw refuse('ORDER_EXPIRED', 'The open deadline is too close or passed')
  if (order.openDeadline > now + context.pricing.quoteTtlSeconds + origin.config.blockTime) {
    throw refuse('OPEN_DEADLINE_TOO_FAR', 'The open deadline is later than a quote of the solver lasts')
  }
  const destination = context.chains.get(Number(data.destinationChainId))
  const destinationSettler = destination?.config.contracts.intentDestinationSettler
  if (!destination || !destinationSettler || !isAddressEqual(destinationSettler, data.destinationSettler)) {
    throw refuse('UNSUPPORTED_ROUTE', 'The solver does not fill to this destination chain or settler')
  }
  const input = findManifestToken(origin.config, data.inputToken)
  const output = findManifestToken(destination.config, data.outputToken)
  const { pricing } = context
  if (!input || !output || !(input.symbol in pricing.pricesUsd) || !(output.symbol in pricing.pricesUsd)) {
    throw refuse('UNSUPPORTED_TOKEN', 'The solver does not trade this token pair')
  }
  if (data.gasAmount > 0n) throw refuse('UNSUPPORTED_ROUTE', 'Gasless orders do not take gas on arrival yet')
  const fillFee = await fillNetworkFee(context, destination, output, false)
  const openFee = await gaslessOpenFee(context, origin.config.id, output)
  if (openFee === undefined) throw refuse('UNSUPPORTED_ROUTE', 'The solver cannot price the open here')
  const fair = quoteOutput(pricing, data.inputAmount, input, output, fillFee + openFee).outputAmount
  if (data.outputAmount > fair) {
    throw new HttpError(400, 'PRICE_NOT_ACCEPTABLE', 'The output is above what the solver quotes for this input', {
      maxOutputAmount: fair > 0n ? fair : 0n,
    })
  }
  const terms = { input, inputAmount: data.inputAmount, fillDeadline: order.fillDeadline, expires: data.expires }
  const conditions = await fillConditions(destination, origin)
  const problem = orderTermsProblem(pricing, terms, conditions) ?? shortFillProblem(order, pricing, conditions)
  if (problem) throw refuse('ORDER_TERMS', `The order is outside the solver's terms: ${problem}`)
  // This order's output is held already (`holds.outputs`): the balance must cover it with everything else promised.
  const balance = await balanceOf(context, destination, data.outputToken)
  if (balance < reservedInventory(context, destination.config.id, data.outputToken)) {
    throw refuse('INSUFFICIENT_INVENTORY', 'The solver cannot deliver this much now')
  }
  return { outputUsd: tokenToUsd(pricing, data.outputAmount, output) }
}

/**
 * Why the fill deadline the signer chose is shorter than the solver quotes, if it is: a quote's fill deadline is the
 * destination's time then plus the fill window, and the quote is at most `quoteTtlSeconds` old (a block of clock
 * allowed). With the default windows that leaves the open minutes to be mined and final before the fill is due; one
 * set right after the open deadline would make the solver fill before the open is mined or miss the order, and
 * would book such a loss within seconds (issue #53.1).
 */
function shortFillProblem(
  order: GaslessOrder,
  pricing: SolverContext['pricing'],
  conditions: { now: number; destinationBlockTime: number },
): string | undefined {
  const quoted = conditions.now + pricing.fillWindowSeconds - pricing.quoteTtlSeconds - conditions.destinationBlockTime
  return order.fillDeadline < quoted ? 'fill deadline shorter than the solver quotes' : undefined
}

/** Answers for what the settler would revert with: the person's side (409 when it is open already), else a 400. */
const REVERT_ANSWERS: Record<string, [409 | 400, string, string]> = {
  NonceAlreadyUsed: [409, 'ALREADY_OPEN', 'This order was opened already, or its nonce was cancelled'],
  AuthorizationAlreadyUsed: [409, 'ALREADY_OPEN', 'This authorization was used or cancelled already'],
  ERC3009InvalidSignature: [400, 'BAD_SIGNATURE', 'The signature is not the user’s authorization of this order'],
  ERC20InsufficientBalance: [400, 'INSUFFICIENT_BALANCE', 'The user does not hold the input amount'],
  OpenDeadlinePassed: [400, 'ORDER_EXPIRED', 'The open deadline passed'],
  EnforcedPause: [400, 'SETTLER_PAUSED', 'New orders are paused on the origin settler'],
}

/** Simulates `openFor` from the solver's account (the gas estimate runs it); sends it with no more gas than the quote priced. */
async function simulateAndSend(context: SolverContext, origin: ChainContext, order: GaslessOrder, signature: Hex) {
  const request = {
    address: order.originSettler,
    abi: openForAbi,
    functionName: 'openFor',
    args: [buildGaslessCrossChainOrder(order), signature, '0x'],
    account: context.account,
  } as const
  let estimate: bigint
  try {
    estimate = await origin.publicClient.estimateContractGas(request)
  } catch (error) {
    const reverted = error instanceof BaseError && error.walk((e) => e instanceof ContractFunctionRevertedError)
    if (!reverted) throw error // the chain, not the order: a 503 from the API's error handler, or a 500
    const name = (reverted as ContractFunctionRevertedError).data?.errorName ?? 'unknown'
    const [status, code, message] = REVERT_ANSWERS[name] ?? [400, 'OPEN_WOULD_REVERT', `openFor would revert`]
    throw new HttpError(status, code, message, { revert: name })
  }
  const capped = cappedGas(estimate, OPEN_FOR_GAS)
  if ('problem' in capped) throw new HttpError(400, 'OPEN_TOO_COSTLY', `The open ${capped.problem}`)
  return origin.send(request, capped.gas)
}
