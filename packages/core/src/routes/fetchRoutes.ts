import type { RouteProvider } from '../providers/types.ts'
import type { QuoteRequest, Route } from './types.ts'

export type RoutePreference = 'most-received' | 'fastest'

/**
 * Best first: most received (then fastest), or fastest (then most received). When gas on arrival was asked,
 * the routes that deliver it come before those that cannot.
 */
export function rankRoutes(routes: readonly Route[], preference: RoutePreference = 'most-received'): Route[] {
  const gasFirst = (a: Route, b: Route) =>
    Number(b.gasOnArrival?.status === 'included') - Number(a.gasOnArrival?.status === 'included')
  const byReceived = (a: Route, b: Route) =>
    a.minOutputAmount === b.minOutputAmount ? 0 : a.minOutputAmount > b.minOutputAmount ? -1 : 1
  const bySpeed = (a: Route, b: Route) => a.estimatedSeconds - b.estimatedSeconds
  return [...routes].sort(
    (a, b) =>
      gasFirst(a, b) ||
      (preference === 'fastest' ? bySpeed(a, b) || byReceived(a, b) : byReceived(a, b) || bySpeed(a, b)),
  )
}

/** One provider's answer; `receivedAt` is `performance.now()` when it arrived (the bench's quote overhead). */
export type ProviderOutcome = { providerId: string; providerName: string; receivedAt: number } & (
  | { status: 'route'; route: Route }
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
}

export type FetchRoutesReturnType = { routes: Route[]; outcomes: ProviderOutcome[] }

/** Asks every provider at once; hands routes over as they arrive, ranked. */
export async function fetchRoutes(parameters: FetchRoutesParameters): Promise<FetchRoutesReturnType> {
  const routes: Route[] = []
  const outcomes: ProviderOutcome[] = []
  await Promise.all(
    parameters.providers.map(async (provider) => {
      let outcome: ProviderOutcome
      try {
        let route = await provider.getQuote(parameters.request, parameters.signal ? { signal: parameters.signal } : {})
        // Asked for gas on arrival, a route without it says so.
        if (route && parameters.request.gasOnArrival && !route.gasOnArrival) {
          route = { ...route, gasOnArrival: { status: 'unavailable' } }
        }
        const answered = { providerId: provider.id, providerName: provider.name, receivedAt: performance.now() }
        outcome = route ? { ...answered, status: 'route', route } : { ...answered, status: 'none' }
      } catch (error) {
        const answered = { providerId: provider.id, providerName: provider.name, receivedAt: performance.now() }
        outcome = { ...answered, status: 'error', error }
      }
      if (parameters.signal?.aborted) return // stale: nobody is listening any more
      outcomes.push(outcome)
      if (outcome.status === 'route') routes.push(outcome.route)
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
