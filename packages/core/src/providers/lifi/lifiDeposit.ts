import type { Hex } from 'viem'
import { InvalidQuoteError } from '../../routes/routeErrors.ts'
import type { DepositPlan, Route, TransactionRequest } from '../../routes/types.ts'
import { checkDeposit } from '../../signing/checkDeposit.ts'
import type { DecodedDeposit } from '../../signing/decodedDeposit.ts'
import { assertListed, isNativeAddress, sameToken } from '../apiSupport.ts'
import { allowlistQuestions, decodeLifiDeposit, SWAPPED_ON_ORIGIN } from './lifiCalldata.ts'
import { GAS_ZIP_CHAIN_IDS, LIFI_PROVIDER_ID } from './lifiConfig.ts'
import type { LifiContext } from './lifiContext.ts'
import { SWAPPED_ON_ARRIVAL } from './lifiDestinationSwap.ts'
import { lifiRouteData } from './lifiRoute.ts'

/** The route's plan, as its quote built it (the allowlist checked again: the route may have been changed). */
export function planLifiDeposit(context: LifiContext, route: Route): DepositPlan {
  const { request } = route
  const chainId = request.origin.chainId
  const { transaction, approvalAddress } = lifiRouteData(route)
  const to = assertListed(context.allowlist(chainId), transaction.to)
  const spender = isNativeAddress(request.origin.address)
    ? undefined
    : assertListed(context.allowlist(chainId), approvalAddress)
  return {
    transaction: { chainId, to, data: transaction.data as Hex, value: BigInt(transaction.value) },
    ...(spender ? { approval: { token: request.origin, spender, amount: request.amount } } : {}),
  }
}

/**
 * Reads from the diamond what its allowlist says of the transaction's swap steps, so that decoding it (which waits
 * for nothing) can check them.
 */
export async function readLifiAllowlist(context: LifiContext, plan: DepositPlan): Promise<void> {
  const { chainId, to, data } = plan.transaction
  const questions = allowlistQuestions(data, {
    feeCollector: context.feeCollector(chainId),
    gasZipPeriphery: context.gasZipPeriphery(chainId),
  })
  if (questions.length === 0) return
  try {
    await context.diamondAllowlist.read(chainId, to, questions)
  } catch (error) {
    // Unread, the swap step is refused with that reason when the call is decoded: never signed on a guess.
    console.warn("[lifi] the diamond's allowlist could not be read", error)
  }
}

/** The transaction decoded against the route's request, with what its quote bounds (fee, gas, deadline). */
export function decodeLifiRouteDeposit(
  context: LifiContext,
  transaction: TransactionRequest,
  route: Route,
): DecodedDeposit {
  const { includedFee, gasFromAmount } = lifiRouteData(route)
  const { request } = route
  return decodeLifiDeposit(transaction, {
    request,
    feeCollector: context.feeCollector(request.origin.chainId),
    includedFee: BigInt(includedFee),
    destinationWrappedNative: context.wrappedNative(request.destination.chainId),
    gasZipPeriphery: context.gasZipPeriphery(request.origin.chainId),
    quoteExpiresAt: route.expiresAt,
    allowlist: (question) => context.diamondAllowlist.allows(request.origin.chainId, question),
    originTokens: context.tokensOn(request.origin.chainId),
    destinationTokens: context.tokensOn(request.destination.chainId),
    gasOnArrival:
      gasFromAmount === undefined
        ? undefined
        : { fromAmount: BigInt(gasFromAmount), gasZipChainId: GAS_ZIP_CHAIN_IDS[request.destination.chainId] ?? -1 },
  })
}

/**
 * The legs LI.FI's answer shows (`Route.legs`) are the call's: a swap before the bridge where the call swaps on the
 * origin, one after it where it swaps on arrival, from the token sent to the token asked. A summary that says
 * otherwise is refused with the quote: the route would show steps that are not the ones signed.
 */
function checkLegs(route: Route, decoded: DecodedDeposit) {
  if (!route.legs) return
  const swaps = (label: string) => decoded.details?.some((detail) => detail.label === label) ?? false
  const signed = [
    ...(swaps(SWAPPED_ON_ORIGIN) ? ['swap'] : []),
    'bridge',
    ...(swaps(SWAPPED_ON_ARRIVAL) ? ['swap'] : []),
  ]
  const shown = route.legs.map((leg) => leg.kind)
  const first = route.legs[0]
  const last = route.legs.at(-1)
  const ends =
    first !== undefined &&
    last !== undefined &&
    sameToken(first.from.address, route.request.origin.address) &&
    first.from.chainId === route.request.origin.chainId &&
    sameToken(last.to.address, route.request.destination.address) &&
    last.to.chainId === route.request.destination.chainId
  if (shown.join() !== signed.join() || !ends) {
    throw new InvalidQuoteError(
      LIFI_PROVIDER_ID,
      `the steps shown (${shown.join(', ')}) are not the call's (${signed.join(', ')})`,
    )
  }
}

/**
 * A quote's transaction decoded and checked against the request as `executeRoute` will (`checkDeposit`), so a
 * quote whose calldata does something else is refused before it is ever shown as a route.
 */
export function checkedAtQuote(context: LifiContext, route: Route): Route {
  const plan = planLifiDeposit(context, route)
  const decoded = decodeLifiRouteDeposit(context, plan.transaction, route)
  checkDeposit(route, { plan, decoded }, context.allowlist(route.request.origin.chainId))
  checkLegs(route, decoded)
  // Where the bridge pays an exact amount (Across), that amount is what arrives: shown, ranked and signed as such.
  if (!decoded.exactOutput || !decoded.output) return route
  const exact = decoded.output.amount
  return { ...route, outputAmount: exact, minOutputAmount: exact, slippageBps: 0, slippageMode: 'fixed' }
}
