import {
  type Manifest,
  type ProviderOutcome,
  type QuoteRequest,
  type RouteProvider,
  RouteUnavailableError,
  streamRouteOutcomes,
} from '@multi-bridge/core'
import { queryOptions, experimental_streamedQuery as streamedQuery } from '@tanstack/react-query'
import { routeKeys } from '../../lib/queryKeys.ts'
import { providersDue, QUOTE_REFRESH_SECONDS, type RefreshPause } from './quoteRefresh.ts'

/** Quotes expire within a minute: an answer older than that is never shown again. */
const QUOTES_KEPT_MS = 60_000

/** Each provider's latest answer replaces its previous one; the others stay until they answer again. */
const latestPerProvider = (outcomes: ProviderOutcome[], outcome: ProviderOutcome) => [
  ...outcomes.filter((o) => o.providerId !== outcome.providerId),
  outcome,
]

export type RoutesQueryOptionsParameters = {
  request: QuoteRequest | undefined
  manifest: Manifest
  /** The providers of the config (their code loads on first use). */
  loadProviders: () => Promise<readonly RouteProvider[]>
  /** Why the quotes are paused now, read whenever the query decides on a refresh. */
  pause: () => RefreshPause
}

/**
 * The routes of a request as a query keyed by every input (sender and recipient included: a route quoted for
 * another account would make that account the depositor). The providers due are asked at once and each answer is
 * streamed in as it arrives; a refresh keeps each provider's last answer until it answers again. Refreshes run on
 * the countdown only while the page is seen and used (TanStack pauses the interval in a hidden tab; `pause` stops
 * it after a minute without input), and on coming back to the tab only when the quotes aged and the page is in use.
 */
export function routesQueryOptions({ request, manifest, loadProviders, pause }: RoutesQueryOptionsParameters) {
  return queryOptions({
    queryKey: request ? routeKeys.quote(request, manifest) : routeKeys.none,
    enabled: request !== undefined,
    staleTime: QUOTE_REFRESH_SECONDS * 1_000,
    gcTime: QUOTES_KEPT_MS,
    retry: false,
    refetchInterval: () => (pause() ? false : QUOTE_REFRESH_SECONDS * 1_000),
    refetchIntervalInBackground: false,
    // Focus means the tab is visible again, whatever `pause` still says of it: only idleness holds the refresh.
    refetchOnWindowFocus: () => pause() !== 'idle',
    queryFn: streamedQuery<ProviderOutcome, ProviderOutcome[]>({
      refetchMode: 'append',
      initialValue: [],
      reducer: latestPerProvider,
      streamFn: async function* ({ signal, client, queryKey }) {
        if (!request) return
        const previous = client.getQueryData<ProviderOutcome[]>(queryKey) ?? []
        const providers = providersDue(await loadProviders(), previous, performance.now())
        for await (const outcome of streamRouteOutcomes({ request, providers, signal })) {
          // A provider that cannot serve the request says why on screen; any other failure is for developers.
          if (outcome.status === 'error' && !(outcome.error instanceof RouteUnavailableError)) {
            console.warn(`[routes] ${outcome.providerId} failed`, outcome.error)
          }
          yield outcome
        }
      },
    }),
  })
}
