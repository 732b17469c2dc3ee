import { withTimeout } from '../chains/readChain.ts'
import { ProviderTimeoutError } from '../errors/unreachableErrors.ts'
import { receivedValue } from '../prices/routeValue.ts'
import type { RouteProvider } from '../providers/types.ts'
import { routeChoice } from '../routes/routeChoice.ts'
import type { QuoteRequest, Route } from '../routes/types.ts'

export type RoutePreference = 'most-received' | 'fastest'

/**
 * The provider's quote for `route`'s request again, as the same choice (`routeChoice`): a gasless route is refreshed
 * as a gasless route, never as the plain one it came from. Undefined when the provider no longer offers it.
 */
export async function requoteRoute(provider: RouteProvider, route: Route): Promise<Route | undefined> {
  const fresh = await provider.getQuote(route.request)
  if (!fresh) return undefined
  const choice = routeChoice(route)
  return [fresh, ...(provider.variantsOf?.(fresh) ?? [])].find((candidate) => routeChoice(candidate) === choice)
}

/**
 * Net values this close (in basis points of the larger) are a tie: the network cost is an estimate (fees move with
 * every block), so a route is not put first for less than the estimate's own precision.
 */
const NET_TIE_BPS = 2n

/**
 * Best first: most received (then fastest), or fastest (then most received). "Received" is the signed minimum (the
 * exact output where the route pays one), not the estimate, with gas on arrival added at its value where the route
 * prices it, and the person's own network cost taken off where it is known (`networkFees`, by route id, in the
 * origin's native coin; `receivedValue`): a route is never ranked first for an estimate it does not sign, nor merely
 * for delivering gas, nor while it costs more gas than it gains. Net values within `NET_TIE_BPS` of each other rank
 * by the value without the network cost.
 */
export function rankRoutes(
  routes: readonly Route[],
  preference: RoutePreference = 'most-received',
  networkFees?: ReadonlyMap<string, bigint>,
): Route[] {
  const gross = new Map(routes.map((route) => [route, receivedValue(route)]))
  const net = networkFees
    ? new Map(routes.map((route) => [route, receivedValue(route, networkFees.get(route.id))]))
    : gross
  const compare = (x: bigint, y: bigint) => (x === y ? 0 : x > y ? -1 : 1)
  const byReceived = (a: Route, b: Route) => {
    const x = net.get(a) ?? 0n
    const y = net.get(b) ?? 0n
    const larger = x > y ? x : y
    const tie = net !== gross && (x > y ? x - y : y - x) * 10_000n <= (larger < 0n ? -larger : larger) * NET_TIE_BPS
    return tie ? compare(gross.get(a) ?? 0n, gross.get(b) ?? 0n) : compare(x, y)
  }
  const bySpeed = (a: Route, b: Route) => a.estimatedSeconds - b.estimatedSeconds
  return [...routes].sort((a, b) =>
    preference === 'fastest' ? bySpeed(a, b) || byReceived(a, b) : byReceived(a, b) || bySpeed(a, b),
  )
}

/**
 * One provider's answer; `receivedAt` is `performance.now()` when it arrived (the bench's quote overhead). A route
 * comes with its variants (`RouteProvider.variantsOf`: the same quote done another way, e.g. gasless).
 */
export type ProviderOutcome = { providerId: string; providerName: string; receivedAt: number } & (
  | { status: 'route'; route: Route; variants: Route[] }
  | { status: 'none' }
  | { status: 'error'; error: unknown }
)

export type FetchRoutesParameters = {
  request: QuoteRequest
  providers: readonly RouteProvider[]
  /** Aborted when a newer input makes this request stale: every provider call is cancelled. */
  signal?: AbortSignal
  preference?: RoutePreference
  /** Called as each provider answers, with the ranked routes so far. */
  onUpdate?: (ranked: Route[], outcome: ProviderOutcome) => void
  /**
   * The longest one provider's quote may take (default 20 s): then its calls are cancelled and it is listed as not
   * answering, so "Finding routes…" always ends. Chain reads inside are bounded sooner and name the chain.
   */
  quoteTimeoutMs?: number
}

export type FetchRoutesReturnType = { routes: Route[]; outcomes: ProviderOutcome[] }

/** See `FetchRoutesParameters.quoteTimeoutMs`. */
export const QUOTE_TIMEOUT_MS = 20_000

/** One provider's quote, cancelled (and a `ProviderTimeoutError`) when it has not answered within `timeoutMs`. */
function boundedQuote(provider: RouteProvider, parameters: FetchRoutesParameters): Promise<Route | undefined> {
  const timeoutMs = parameters.quoteTimeoutMs ?? QUOTE_TIMEOUT_MS
  const controller = new AbortController()
  const parent = parameters.signal
  const onAbort = () => controller.abort(parent?.reason)
  if (parent?.aborted) controller.abort(parent.reason)
  parent?.addEventListener('abort', onAbort, { once: true })
  // Asked at once (in this tick), like every other provider; one that throws at once fails alone.
  let quote: Promise<Route | undefined>
  try {
    quote = provider.getQuote(parameters.request, { signal: controller.signal })
  } catch (error) {
    quote = Promise.reject(error)
  }
  return withTimeout(quote, timeoutMs, () => {
    controller.abort()
    return new ProviderTimeoutError(provider.name, timeoutMs)
  }).finally(() => parent?.removeEventListener('abort', onAbort))
}

/** Asks every provider at once; hands routes over as they arrive, ranked. */
export async function fetchRoutes(parameters: FetchRoutesParameters): Promise<FetchRoutesReturnType> {
  const routes: Route[] = []
  const outcomes: ProviderOutcome[] = []
  await Promise.all(
    parameters.providers.map(async (provider) => {
      let outcome: ProviderOutcome
      try {
        let route = await boundedQuote(provider, parameters)
        // Asked for gas on arrival, a route without it says so.
        if (route && parameters.request.gasOnArrival && !route.gasOnArrival) {
          route = { ...route, gasOnArrival: { status: 'unavailable' } }
        }
        const answered = { providerId: provider.id, providerName: provider.name, receivedAt: performance.now() }
        const variants = route ? (provider.variantsOf?.(route) ?? []) : []
        outcome = route ? { ...answered, status: 'route', route, variants } : { ...answered, status: 'none' }
      } catch (error) {
        const answered = { providerId: provider.id, providerName: provider.name, receivedAt: performance.now() }
        outcome = { ...answered, status: 'error', error }
      }
      if (parameters.signal?.aborted) return // stale: nobody is listening any more
      outcomes.push(outcome)
      if (outcome.status === 'route') routes.push(outcome.route, ...outcome.variants)
      parameters.onUpdate?.(rankRoutes(routes, parameters.preference), outcome)
    }),
  )
  return { routes: rankRoutes(routes, parameters.preference), outcomes }
}

/**
 * The providers' answers one by one as they arrive (for a streamed query): every provider is asked at once,
 * the iteration ends when all have answered. Aborting `signal` cancels the providers' calls.
 */
export async function* streamRouteOutcomes(
  parameters: Omit<FetchRoutesParameters, 'onUpdate' | 'preference'>,
): AsyncGenerator<ProviderOutcome> {
  const arrived: ProviderOutcome[] = []
  let wake: (() => void) | undefined
  let done = false
  const all = fetchRoutes({
    ...parameters,
    onUpdate: (_ranked, outcome) => {
      arrived.push(outcome)
      wake?.()
    },
  }).finally(() => {
    done = true
    wake?.()
  })
  for (;;) {
    const next = arrived.shift()
    if (next) {
      yield next
      continue
    }
    if (done) break
    await new Promise<void>((resolve) => {
      wake = resolve
    })
    wake = undefined
  }
  await all
}
