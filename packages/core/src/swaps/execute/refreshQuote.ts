import { type Address, isAddressEqual } from 'viem'
import {
  QuoteChangedError,
  QuoteExpiredError,
  ReviewMismatchError,
  SenderMismatchError,
} from '../../routes/routeErrors.ts'
import type { Route } from '../../routes/types.ts'
import { prepareDeposit } from '../../signing/checkDeposit.ts'
import type { ExecuteRouteParameters, ExecutionContext } from './executionContext.ts'
import { refuseFailingDeposit } from './simulationGuard.ts'

/** The gas on arrival a route delivers (0n for none). */
const gasOf = (route: Route) => (route.gasOnArrival?.status === 'included' ? route.gasOnArrival.amount : 0n)
/**
 * How much less gas on arrival a refreshed quote may deliver than the reviewed one, in basis points: providers
 * price it in dollars (Relay's top-up), so its amount in the native coin moves with the price between two quotes.
 */
const GAS_TOLERANCE_BPS = 500n
const DEFAULT_MIN_VALIDITY_MS = 5_000

/** The checks every quote must pass before anything is signed with it (see `executeRoute`). */
export function checkRoute(candidate: Route, reviewed: Route, account: Address): Route {
  // A route quoted for another account names that account as the depositor: its refund would go there.
  if (!isAddressEqual(candidate.request.sender, account)) {
    throw new SenderMismatchError(candidate.request.sender, account)
  }
  const asked = candidate.request
  const seen = reviewed.request
  if (!isAddressEqual(asked.recipient, seen.recipient)) throw new ReviewMismatchError('recipient')
  if (asked.amount !== seen.amount) throw new ReviewMismatchError('amount')
  const [gas, reviewedGas] = [gasOf(candidate), gasOf(reviewed)]
  if ((gas === 0n) !== (reviewedGas === 0n) || gas * 10_000n < reviewedGas * (10_000n - GAS_TOLERANCE_BPS)) {
    throw new ReviewMismatchError('gasOnArrival')
  }
  const sameToken = (a: Route['request']['origin'], b: Route['request']['origin']) =>
    a.chainId === b.chainId && isAddressEqual(a.address, b.address)
  if (!sameToken(asked.origin, seen.origin)) throw new ReviewMismatchError('origin')
  if (!sameToken(asked.destination, seen.destination)) throw new ReviewMismatchError('destination')
  // The signed value may reach the amount plus the route's native fee: a fresh quote may not raise it unseen.
  if ((candidate.nativeFee ?? 0n) > (reviewed.nativeFee ?? 0n)) throw new ReviewMismatchError('nativeFee')
  if (candidate.minOutputAmount < reviewed.minOutputAmount) {
    throw new QuoteChangedError(reviewed.minOutputAmount, candidate.minOutputAmount)
  }
  return candidate
}

/**
 * The route again when `route` has less than the minimum validity left (plus `margin`: what the next step takes),
 * fetched and checked against the reviewed one (`checkRoute`); undefined while it is fresh enough.
 */
export async function fetchIfAged(
  parameters: ExecuteRouteParameters,
  route: Route,
  margin = 0,
): Promise<Route | undefined> {
  const minValidity = parameters.minQuoteValidityMs ?? DEFAULT_MIN_VALIDITY_MS
  if (route.expiresAt - Date.now() >= minValidity + margin) return undefined
  const fresh = await parameters.refreshRoute()
  if (!fresh) throw new QuoteExpiredError()
  return checkRoute(fresh, parameters.route, parameters.wallet.account)
}

/** The execution's quote fetched again if it aged (`fetchIfAged`), its deposit decoded, checked and simulated again. */
export async function refreshQuote(context: ExecutionContext, margin = 0): Promise<boolean> {
  const fresh = await fetchIfAged(context.parameters, context.route, margin)
  if (!fresh) return false
  context.route = fresh
  context.plan = (await prepareDeposit(context.provider, fresh)).plan
  await refuseFailingDeposit(context)
  return true
}
