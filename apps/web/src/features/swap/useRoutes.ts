import {
  fetchRoutes,
  type ProviderOutcome,
  type QuoteRequest,
  type Route,
  type RoutePreference,
  RouteUnavailableError,
} from '@multi-bridge/core'
import { useEffect, useState } from 'react'
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
 * countdown. A newer input aborts the requests of the older one.
 */
export function useRoutes(request: QuoteRequest | undefined, preference: RoutePreference): RoutesState {
  const manifest = useManifest()
  const [routes, setRoutes] = useState<Route[]>([])
  const [outcomes, setOutcomes] = useState<ProviderOutcome[]>([])
  const [loading, setLoading] = useState(false)
  const [round, setRound] = useState(0)
  const [refreshIn, setRefreshIn] = useState(QUOTE_REFRESH_SECONDS)
  const key = request
    ? `${request.origin.chainId}:${request.origin.address}:${request.destination.chainId}:${request.destination.address}:${request.amount}:${request.recipient}:${request.slippageBps ?? 'auto'}`
    : ''

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `request`; `round` forces a refresh
  useEffect(() => {
    setRoutes([])
    setOutcomes([])
    if (!request) {
      setLoading(false)
      return
    }
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
            setRoutes(ranked)
            setOutcomes((previous) => [...previous.filter((o) => o.providerId !== outcome.providerId), outcome])
          },
        }),
      )
      .catch((error: unknown) => {
        // The providers' code did not load (offline, new deployment): shown like a provider error.
        if (!controller.signal.aborted)
          setOutcomes([
            { providerId: 'app', providerName: 'Multi-Bridge', receivedAt: performance.now(), status: 'error', error },
          ])
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
