import {
  type ProviderOutcome,
  type QuoteRequest,
  type Route,
  type RoutePreference,
  RouteUnavailableError,
  rankRoutes,
  streamRouteOutcomes,
} from '@multi-bridge/core'
import { experimental_streamedQuery as streamedQuery, useQuery } from '@tanstack/react-query'
import { useEffect, useMemo, useState } from 'react'
import { useManifest } from '../../lib/ManifestContext.tsx'
import { routeKeys } from '../../lib/queryKeys.ts'
import { loadSwapServices } from './useSwapServices.ts'

export const QUOTE_REFRESH_SECONDS = 20
/** Quotes expire within a minute: an answer older than that is never shown again. */
const QUOTES_KEPT_MS = 60_000

export type RoutesState = {
  routes: Route[]
  outcomes: ProviderOutcome[]
  loading: boolean
  /** Seconds until the quotes refresh. */
  refreshIn: number
}

/** Each provider's latest answer replaces its previous one; the others stay until they answer again. */
const latestPerProvider = (outcomes: ProviderOutcome[], outcome: ProviderOutcome) => [
  ...outcomes.filter((o) => o.providerId !== outcome.providerId),
  outcome,
]

/**
 * Routes for the current input as a query keyed by every input (sender and recipient included: a route quoted
 * for another account would make that account the depositor). Every provider is asked at once and its answer
 * is streamed into the query as it arrives. A new input is a new query: the list starts empty. A refresh of the
 * same input, on a visible countdown, keeps each provider's last answer on screen until that provider answers
 * again, so the list does not blank out and the person's choice stays put.
 */
export function useRoutes(request: QuoteRequest | undefined, preference: RoutePreference): RoutesState {
  const manifest = useManifest()
  const queryKey = request ? routeKeys.quote(request, manifest) : [...routeKeys.all, 'none']
  const query = useQuery({
    queryKey,
    enabled: request !== undefined,
    staleTime: QUOTE_REFRESH_SECONDS * 1_000,
    gcTime: QUOTES_KEPT_MS,
    retry: false,
    refetchOnWindowFocus: false,
    queryFn: streamedQuery<ProviderOutcome, ProviderOutcome[]>({
      refetchMode: 'append',
      initialValue: [],
      reducer: latestPerProvider,
      streamFn: async function* ({ signal }) {
        if (!request) return
        const { providers } = await loadSwapServices(manifest)
        for await (const outcome of streamRouteOutcomes({ request, providers: [...providers.values()], signal })) {
          // A provider that cannot serve the request says why on screen; any other failure is for developers.
          if (outcome.status === 'error' && !(outcome.error instanceof RouteUnavailableError)) {
            console.warn(`[routes] ${outcome.providerId} failed`, outcome.error)
          }
          yield outcome
        }
      },
    }),
  })
  const refreshIn = useRefreshCountdown(request ? query.dataUpdatedAt : 0, query.refetch)

  const outcomes = useMemo<ProviderOutcome[]>(() => {
    // The providers' code did not load (offline, new deployment): shown like a provider error.
    if (query.error) {
      return [
        {
          providerId: 'app',
          providerName: 'Multi-Bridge',
          receivedAt: performance.now(),
          status: 'error',
          error: query.error,
        },
      ]
    }
    return request ? (query.data ?? []) : []
  }, [query.data, query.error, request])
  const routes = useMemo(
    () =>
      rankRoutes(
        outcomes.flatMap((o) => (o.status === 'route' ? [o.route] : [])),
        preference,
      ),
    [outcomes, preference],
  )
  return { routes, outcomes, loading: request !== undefined && query.fetchStatus === 'fetching', refreshIn }
}

/** Seconds until the next refresh, counted from the last answer; refetches at zero. */
function useRefreshCountdown(lastAnswerAt: number, refetch: () => unknown): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000)
    return () => clearInterval(timer)
  }, [])
  const elapsed = lastAnswerAt === 0 ? 0 : Math.floor((now - lastAnswerAt) / 1_000)
  const refreshIn = Math.max(0, QUOTE_REFRESH_SECONDS - elapsed)
  useEffect(() => {
    if (lastAnswerAt !== 0 && refreshIn === 0) void refetch()
  }, [refreshIn, lastAnswerAt, refetch])
  return refreshIn === 0 ? QUOTE_REFRESH_SECONDS : refreshIn
}
