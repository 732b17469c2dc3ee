import {
  fetchRoutes,
  type ProviderOutcome,
  type QuoteRequest,
  type Route,
  type RoutePreference,
  RouteUnavailableError,
  rankRoutes,
} from '@multi-bridge/core'
import { useEffect, useRef, useState } from 'react'
import { useManifest } from '../../app/ManifestContext.tsx'
import { loadSwapServices } from './useSwapServices.ts'

export const QUOTE_REFRESH_SECONDS = 20

export type RoutesState = {
  routes: Route[]
  outcomes: ProviderOutcome[]
  loading: boolean
  /** Seconds until the quotes refresh. */
  refreshIn: number
  refresh: () => void
}

/**
 * Routes for the current input: every provider at once, shown as they arrive, refreshed on a
 * countdown. A newer input aborts the requests of the older one and clears the list; a refresh of the
 * same input keeps each provider's last route on screen until that provider answers again, so the list
 * does not blank out and the person's choice stays put.
 */
export function useRoutes(request: QuoteRequest | undefined, preference: RoutePreference): RoutesState {
  const manifest = useManifest()
  const [routes, setRoutes] = useState<Route[]>([])
  const [outcomes, setOutcomes] = useState<ProviderOutcome[]>([])
  const [loading, setLoading] = useState(false)
  const [round, setRound] = useState(0)
  const [refreshIn, setRefreshIn] = useState(QUOTE_REFRESH_SECONDS)
  // What is on screen, read when a refresh starts (the effect must not re-run when it changes).
  const shown = useRef<{ key: string; routes: Route[]; outcomes: ProviderOutcome[] }>({
    key: '',
    routes: [],
    outcomes: [],
  })
  const key = request
    ? // The sender too: a route quoted for another account would make that account the depositor.
      `${request.sender}:${request.origin.chainId}:${request.origin.address}:${request.destination.chainId}:${request.destination.address}:${request.amount}:${request.recipient}:${request.slippageBps ?? 'auto'}`
    : ''

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `request`; `round` forces a refresh
  useEffect(() => {
    const previous = shown.current.key === key ? shown.current : { key, routes: [], outcomes: [] }
    const show = (next: { routes: Route[]; outcomes: ProviderOutcome[] }) => {
      shown.current = { key, ...next }
      setRoutes(next.routes)
      setOutcomes(next.outcomes)
    }
    show({ routes: rankRoutes(previous.routes, preference), outcomes: previous.outcomes })
    if (!request) {
      setLoading(false)
      return
    }
    const answered = new Set<string>()
    const controller = new AbortController()
    setLoading(true)
    setRefreshIn(QUOTE_REFRESH_SECONDS)
    void loadSwapServices(manifest)
      .then(({ providers }) =>
        fetchRoutes({
          request,
          providers: [...providers.values()],
          signal: controller.signal,
          preference,
          onUpdate: (ranked, outcome) => {
            // A provider that cannot serve the request says why on screen; any other failure is for developers.
            if (outcome.status === 'error' && !(outcome.error instanceof RouteUnavailableError)) {
              console.warn(`[routes] ${outcome.providerId} failed`, outcome.error)
            }
            answered.add(outcome.providerId)
            // Providers that have not answered this round yet keep their previous route.
            const waiting = previous.routes.filter((route) => !answered.has(route.providerId))
            show({
              routes: waiting.length === 0 ? ranked : rankRoutes([...ranked, ...waiting], preference),
              outcomes: [...shown.current.outcomes.filter((o) => o.providerId !== outcome.providerId), outcome],
            })
          },
        }),
      )
      .catch((error: unknown) => {
        // The providers' code did not load (offline, new deployment): shown like a provider error.
        if (!controller.signal.aborted)
          show({
            routes: [],
            outcomes: [
              {
                providerId: 'app',
                providerName: 'Multi-Bridge',
                receivedAt: performance.now(),
                status: 'error',
                error,
              },
            ],
          })
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false)
      })
    const timer = setInterval(() => {
      setRefreshIn((seconds) => {
        if (seconds <= 1) {
          setRound((r) => r + 1)
          return QUOTE_REFRESH_SECONDS
        }
        return seconds - 1
      })
    }, 1_000)
    return () => {
      controller.abort()
      clearInterval(timer)
    }
  }, [key, round, preference, manifest])

  return { routes, outcomes, loading, refreshIn, refresh: () => setRound((r) => r + 1) }
}
