import {
  type ProviderOutcome,
  type QuoteRequest,
  type Route,
  type RoutePreference,
  rankRoutes,
} from '@multi-bridge/core'
import { useQuery } from '@tanstack/react-query'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useManifest } from '../../lib/ManifestContext.tsx'
import { useSwapClient } from '../../lib/swapClient.tsx'
import { QUOTE_REFRESH_SECONDS, type RefreshPause, refreshPause, watchPageUse } from './quoteRefresh.ts'
import { routesQueryOptions } from './routesQuery.ts'

/**
 * Input that ends an idle pause takes effect this much later: a key that changes the request fetches the new one
 * instead of refreshing the old, and a click on the paused notice's button lands before the notice goes.
 */
const RESUME_SETTLE_MS = 300

/**
 * A request is quoted once it has stood this long: the keys of an amount being typed ask no provider (the quotes
 * of "1", "12", "12.", … were thrown away as the next key came) and paint at once.
 */
export const TYPING_SETTLE_MS = 250

export type RoutesState = {
  routes: Route[]
  outcomes: ProviderOutcome[]
  loading: boolean
  /** Seconds until the quotes refresh. */
  refreshIn: number
  /** Why the quotes are not refreshing now (the countdown stands still), or undefined while they are. */
  paused: RefreshPause
  /** Fetches the quotes now (the paused notice's button); any input also resumes the countdown. */
  refresh: () => void
}

/**
 * Routes for the current input (see `routesQueryOptions`): a new input is a new query, the list starts empty; a
 * refresh of the same input, on a visible countdown, keeps each provider's last answer on screen until that
 * provider answers again, so the list does not blank out and the person's choice stays put. The countdown stops
 * while the tab is hidden and after a minute without input, and says so.
 */
export function useRoutes(request: QuoteRequest | undefined, preference: RoutePreference): RoutesState {
  const manifest = useManifest()
  const client = useSwapClient()
  const refetchIfDue = useRef<() => void>(() => {})
  const clock = useRefreshClock(request !== undefined, () => refetchIfDue.current())
  const settled = useSettled(request, TYPING_SETTLE_MS)
  // Until it settles, the new request's list is empty and loading, as a new request's list starts.
  const pending = settled !== request
  const query = useQuery(
    routesQueryOptions({
      request: settled,
      manifest,
      loadProviders: async () => [...(await client.getProviders()).values()],
      pause: clock.pause,
    }),
  )
  const { refetch, dataUpdatedAt, fetchStatus } = query
  // Back from a pause: fetch again at once when the quotes aged, unless a new request is being fetched already.
  refetchIfDue.current = () => {
    const aged = Date.now() - dataUpdatedAt >= QUOTE_REFRESH_SECONDS * 1_000
    if (settled && aged && fetchStatus === 'idle') void refetch()
  }
  const refresh = useCallback(() => void refetch(), [refetch])

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
    return request && !pending ? (query.data ?? []) : []
  }, [query.data, query.error, request, pending])
  const routes = useMemo(
    () =>
      rankRoutes(
        outcomes.flatMap((o) => (o.status === 'route' ? [o.route, ...o.variants] : [])),
        preference,
      ),
    [outcomes, preference],
  )
  const elapsed = request && dataUpdatedAt !== 0 ? Math.floor((clock.now - dataUpdatedAt) / 1_000) : 0
  const left = Math.max(0, QUOTE_REFRESH_SECONDS - elapsed)
  return {
    routes,
    outcomes,
    loading: request !== undefined && (pending || fetchStatus === 'fetching'),
    refreshIn: left === 0 ? QUOTE_REFRESH_SECONDS : left,
    paused: request ? clock.pause() : undefined,
    refresh,
  }
}

/** `value` once it has stood `ms` without a change (undefined, no request, at once). */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    if (settled === value) return
    const timer = setTimeout(() => setSettled(value), value === undefined ? 0 : ms)
    return () => clearTimeout(timer)
  }, [settled, value, ms])
  return settled
}

/**
 * The page's use as the refresh sees it: the time (ticking each second while the countdown runs), whether the tab
 * is hidden, and when the last input was (a ref: input re-renders nothing while the countdown runs). `pause()` is
 * read by the query at any time, so it reads the clock, not the last render. Input after an idle pause wakes the
 * clock and calls `onResume` once the request it may change has settled.
 */
function useRefreshClock(counting: boolean, onResume: () => void) {
  const [now, setNow] = useState(() => Date.now())
  const [hidden, setHidden] = useState(false)
  const lastInputAt = useRef(now)
  const hiddenNow = useRef(false)
  const resume = useRef(onResume)
  resume.current = onResume
  const pause = useCallback(
    () => refreshPause({ hidden: hiddenNow.current, lastInputAt: lastInputAt.current, now: Date.now() }),
    [],
  )

  useEffect(() => {
    let settle: ReturnType<typeof setTimeout> | undefined
    const onVisibility = () => {
      hiddenNow.current = document.visibilityState === 'hidden'
      setHidden(hiddenNow.current)
      setNow(Date.now())
    }
    onVisibility()
    const stop = watchPageUse(document, {
      onInput: () => {
        const wasIdle = pause() === 'idle'
        lastInputAt.current = Date.now()
        if (!wasIdle) return
        clearTimeout(settle)
        settle = setTimeout(() => {
          setNow(Date.now())
          resume.current()
        }, RESUME_SETTLE_MS)
      },
      onVisibility,
    })
    return () => {
      stop()
      clearTimeout(settle)
    }
  }, [pause])

  // Ticks for the countdown and to notice a minute without input; still while paused (input or the tab wakes it).
  const ticking = counting && !hidden && refreshPause({ hidden, lastInputAt: lastInputAt.current, now }) !== 'idle'
  useEffect(() => {
    if (!ticking) return
    const timer = setInterval(() => setNow(Date.now()), 1_000)
    return () => clearInterval(timer)
  }, [ticking])

  return { now, pause }
}
