import type { ProviderOutcome, Route } from '@multi-bridge/core'
import { useStore } from 'zustand'
import { createPersistedStore } from '../../lib/persistedStore.ts'
import { useIsHydrated } from '../../lib/useIsHydrated.ts'

/** A provider the person chose not to see routes from: its id, and its name to say so when it has not answered. */
export type HiddenProvider = { providerId: string; providerName: string }

type HiddenProvidersState = {
  hidden: HiddenProvider[]
  hide: (provider: HiddenProvider) => void
  show: (providerId: string) => void
}

/** More than any deployment has providers: a longer list kept is not one this app wrote. */
const MAX_HIDDEN = 32
const PROVIDER_ID = /^[a-z0-9][a-z0-9-]{0,63}$/

const isHiddenProvider = (value: unknown): value is HiddenProvider => {
  if (typeof value !== 'object' || value === null) return false
  const { providerId, providerName } = value as Record<string, unknown>
  return (
    typeof providerId === 'string' &&
    PROVIDER_ID.test(providerId) &&
    typeof providerName === 'string' &&
    providerName.length > 0 &&
    providerName.length <= 80
  )
}

/** Whether a kept state is a list this app wrote: any other is dropped whole (every route is shown again). */
export function isKeptHiddenList(restored: unknown): boolean {
  const hidden = (restored as { hidden?: unknown } | null)?.hidden
  return Array.isArray(hidden) && hidden.length <= MAX_HIDDEN && hidden.every(isHiddenProvider)
}

/**
 * The providers whose routes the person hid, kept in this browser (`__persist__hiddenProviders`). A corrupt list is
 * dropped as a whole (every route is shown again), never half-read.
 */
export const hiddenProvidersStore = createPersistedStore<HiddenProvidersState>(
  (set) => ({
    hidden: [],
    hide: (provider) =>
      set((state) => ({
        hidden: [...state.hidden.filter((p) => p.providerId !== provider.providerId), provider].slice(-MAX_HIDDEN),
      })),
    show: (providerId) => set((state) => ({ hidden: state.hidden.filter((p) => p.providerId !== providerId) })),
  }),
  {
    storeId: 'hiddenProviders',
    version: 1,
    validate: isKeptHiddenList,
    partialize: ({ hidden }) => ({ hidden }),
  },
)

const NONE: HiddenProvider[] = []

/** The hidden providers, none in the render that hydrates the prerendered page (it has no routes anyway). */
export function useHiddenProviders(): HiddenProvider[] {
  const hydrated = useIsHydrated()
  const hidden = useStore(hiddenProvidersStore, (state) => state.hidden)
  return hydrated ? hidden : NONE
}

/**
 * The routes and answers without those of hidden providers, and which hidden providers had something here
 * (`hiddenHere`, in the order hidden): what the list says it leaves out.
 */
export function withoutHidden<T extends { routes: Route[]; outcomes: ProviderOutcome[] }>(
  quoted: T,
  hidden: readonly HiddenProvider[],
): T & { hiddenHere: HiddenProvider[] } {
  if (hidden.length === 0) return { ...quoted, hiddenHere: NONE }
  const ids = new Set(hidden.map((p) => p.providerId))
  const answered = new Set(quoted.outcomes.map((o) => o.providerId))
  for (const route of quoted.routes) answered.add(route.providerId)
  return {
    ...quoted,
    routes: quoted.routes.filter((route) => !ids.has(route.providerId)),
    outcomes: quoted.outcomes.filter((outcome) => !ids.has(outcome.providerId)),
    hiddenHere: hidden.filter((p) => answered.has(p.providerId)),
  }
}
