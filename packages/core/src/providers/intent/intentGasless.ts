import { intentOriginSettlerAbi } from '@multi-bridge/contracts'
import { encodeFunctionData, getAddress, type Hex } from 'viem'
import { getEip712Domain } from 'viem/actions'
import { z } from 'zod'
import { findManifestToken, getManifestChain, supportsGaslessIntents } from '../../config/manifest.ts'
import { ServiceUnreachableError } from '../../errors/unreachableErrors.ts'
import { HttpNetworkError, HttpStatusError, HttpTimeoutError } from '../../http/httpErrors.ts'
import { httpRequest } from '../../http/request.ts'
import {
  buildGaslessCrossChainOrder,
  type GaslessOrder,
  gaslessAuthorizationTypedData,
  gaslessOrderId,
} from '../../protocols/gasless.ts'
import { GaslessRefusedError, InvalidQuoteError, QuoteExpiredError } from '../../routes/routeErrors.ts'
import type { DepositPlan, Route, SignableTypedData } from '../../routes/types.ts'
import { uintString } from '../apiSupport.ts'
import type { EscrowContext } from '../escrow/escrowProtocol.ts'
import { type DeadlineBounds, INTENT_DEADLINE_MARGIN_SECONDS, INTENT_QUOTE_TTL_SECONDS } from './intentDeadlines.ts'
import { randomNonce } from './intentDeposit.ts'
import { INTENT_PROVIDER_ID, OPEN_FEE_LABEL } from './intentId.ts'

/** The `gasless` part of a solver quote (docs/gasless.md §1): the lower output, the open's fee, the open deadline. */
export const gaslessTermsSchema = z.object({
  outputAmount: uintString,
  openFee: uintString,
  openDeadline: z.number().int().positive(),
})

/**
 * Refuses (`InvalidQuoteError`) gasless terms whose open deadline is later than a quote lasts and a block of the origin
 * (the solver's own limit), beyond the margin: the person's authorization would be valid until then.
 */
export function checkGaslessOpenDeadline(terms: { openDeadline: number }, bounds: DeadlineBounds): void {
  const margin = INTENT_DEADLINE_MARGIN_SECONDS
  const lastOpen = bounds.now + INTENT_QUOTE_TTL_SECONDS + bounds.originBlockTime + margin
  if (terms.openDeadline > lastOpen) {
    throw new InvalidQuoteError(
      INTENT_PROVIDER_ID,
      `the open deadline ${terms.openDeadline} is after ${lastOpen} (a quote's life of ${INTENT_QUOTE_TTL_SECONDS} s, a block and a margin of ${margin} s): the signature would be valid until then`,
    )
  }
}

/**
 * The gasless route of an intent quote: the same order, signed once and opened by the solver, for the output the
 * quote's `gasless` part gives. Only for an input token listed with EIP-3009 on the origin, without gas on arrival,
 * and only when the gasless output is below the plain one (the difference is the open's fee, shown as such).
 */
export function gaslessIntentRoute(route: Route, { manifest }: Pick<EscrowContext, 'manifest'>): Route | undefined {
  const terms = gaslessTermsSchema.safeParse(route.data.gasless)
  if (!terms.success || route.gasOnArrival) return undefined
  const { request } = route
  const chain = getManifestChain(manifest, request.origin.chainId)
  const token = chain && findManifestToken(chain, request.origin.address)
  if (!token || !supportsGaslessIntents(token)) return undefined
  const outputAmount = BigInt(terms.data.outputAmount)
  if (outputAmount <= 0n || outputAmount >= route.outputAmount) return undefined
  // What the person pays for the open is what the output loses to it, whatever the answer calls its fee.
  const openFee = route.outputAmount - outputAmount
  const { openDeadline } = terms.data
  return {
    ...route,
    id: `${route.id}:gasless`,
    outputAmount,
    minOutputAmount: outputAmount,
    fees: [...route.fees, { label: OPEN_FEE_LABEL, token: request.destination, amount: openFee }],
    // The signature is void after the open deadline: the quote is not signed later than that.
    expiresAt: Math.min(route.expiresAt, openDeadline * 1000),
    gasless: { openFee, openDeadline },
    trackingData: { ...route.trackingData, openedBy: 'solver' },
  }
}

/**
 * The gasless deposit of a gasless intent route: the ERC-7683 `GaslessCrossChainOrder` for exactly the route (its
 * output, recipient, deadlines, the config's settlers), the EIP-3009 authorization the person signs for it (in the
 * input token's own EIP-712 domain, read from the token), and the `openFor` the solver will send with the signature.
 * `checkDeposit` checks all three against each other and the request before the wallet is asked.
 */
export async function planGaslessIntent(route: Route, context: EscrowContext): Promise<DepositPlan> {
  const { request, gasless } = route
  const { origin: settler } = context.contracts(request.origin.chainId)
  const { destination: destinationSettler } = context.contracts(request.destination.chainId)
  const solverUrl = context.manifest.services.solver?.url
  if (!gasless || !settler || !destinationSettler || !solverUrl) {
    throw new InvalidQuoteError(INTENT_PROVIDER_ID, 'no gasless terms, settler or solver')
  }
  const now = Date.now()
  if (now >= route.expiresAt || gasless.openDeadline * 1000 <= now) throw new QuoteExpiredError()
  const order: GaslessOrder = {
    originSettler: settler,
    user: request.sender,
    originChainId: BigInt(request.origin.chainId),
    openDeadline: gasless.openDeadline,
    fillDeadline: Number(route.data.fillDeadline),
    orderData: {
      inputToken: request.origin.address,
      inputAmount: request.amount,
      outputToken: request.destination.address,
      outputAmount: route.outputAmount,
      gasAmount: 0n,
      destinationChainId: BigInt(request.destination.chainId),
      destinationSettler,
      recipient: request.recipient,
      nonce: randomNonce(),
      expires: Number(route.data.expires),
    },
  }
  const [{ domain }, destinationBlock] = await Promise.all([
    context.read(request.origin.chainId, (client) => getEip712Domain(client, { address: request.origin.address })),
    // Where to look for the fill from: it may come before the open is mined (the solver fills at once).
    context.read(request.destination.chainId, (client) => client.getBlockNumber()),
  ])
  const typedData = gaslessAuthorizationTypedData(order, {
    name: domain.name,
    version: domain.version,
    chainId: Number(domain.chainId),
    verifyingContract: domain.verifyingContract,
  })
  const crossChainOrder = buildGaslessCrossChainOrder(order)
  return {
    // The call the solver sends, with the signature in place of the empty one: decoded and checked like an `open`.
    transaction: {
      chainId: request.origin.chainId,
      to: settler,
      data: encodeFunctionData({
        abi: intentOriginSettlerAbi,
        functionName: 'openFor',
        args: [crossChainOrder, '0x', '0x'],
      }),
      value: 0n,
    },
    gasless: {
      typedData: typedData as unknown as SignableTypedData,
      openDeadline: order.openDeadline,
      tracking: {
        orderId: gaslessOrderId(order),
        fillDeadline: order.fillDeadline,
        expires: order.orderData.expires,
        destinationFromBlock: (destinationBlock > 5n ? destinationBlock - 5n : 0n).toString(),
      },
      submit: (signature) => submitGaslessOrder(solverUrl, crossChainOrder, signature),
    },
  }
}

const submittedSchema = z.object({
  orderId: z.string().regex(/^0x[0-9a-fA-F]{64}$/),
  openTx: z.string().regex(/^0x[0-9a-fA-F]{64}$/),
})
const refusalSchema = z.object({ error: z.object({ code: z.string(), message: z.string().optional() }) })

/**
 * `POST /v1/orders/gasless` (docs/gasless.md §4): the solver checks the order and sends `openFor`. Its refusal is a
 * `GaslessRefusedError` with its code (nothing was opened); a solver that does not answer, `ServiceUnreachableError`.
 */
async function submitGaslessOrder(
  solverUrl: string,
  order: ReturnType<typeof buildGaslessCrossChainOrder>,
  signature: Hex,
): Promise<{ openTx: Hex }> {
  let raw: unknown
  try {
    raw = await httpRequest(`${solverUrl}/v1/orders/gasless`, {
      method: 'POST',
      body: {
        order: {
          originSettler: getAddress(order.originSettler),
          user: getAddress(order.user),
          nonce: order.nonce.toString(),
          originChainId: order.originChainId.toString(),
          openDeadline: order.openDeadline,
          fillDeadline: order.fillDeadline,
          orderDataType: order.orderDataType,
          orderData: order.orderData,
        },
        signature,
      },
      timeoutMs: 30_000,
    })
  } catch (error) {
    if (error instanceof HttpTimeoutError || error instanceof HttpNetworkError) {
      throw new ServiceUnreachableError('solver', error)
    }
    const refusal = error instanceof HttpStatusError ? refusalSchema.safeParse(error.body) : undefined
    if (refusal?.success) throw new GaslessRefusedError(refusal.data.error.code, refusal.data.error.message)
    throw error
  }
  const answer = submittedSchema.safeParse(raw)
  if (!answer.success) throw new InvalidQuoteError(INTENT_PROVIDER_ID, `the solver's answer: ${answer.error.message}`)
  return { openTx: answer.data.openTx as Hex }
}
