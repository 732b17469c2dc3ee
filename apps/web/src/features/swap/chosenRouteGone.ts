import { type ProviderOutcome, type Route, routeChoice } from '@multi-bridge/core'
import type { UserMessage } from '../../lib/errorMessages.ts'
import { routeErrorText } from './routeErrorText.ts'

/** The route the person chose that the list no longer has: whose it was, and why it went. */
export type GoneRoute = { providerName: string; reason: UserMessage }

/**
 * The person's chosen route (`routeChoice`: a provider's way) when its provider has answered again without it (a
 * refresh, a new amount): the list then shows the best route instead, and this says why the chosen one went (the
 * provider's reason, or that it has no route for this swap now). Undefined while the provider has not answered
 * yet, while the route is there, or when no route is left at all (each provider's reason is said there already).
 */
export function chosenRouteGone(
  choice: string | undefined,
  routes: readonly Route[],
  outcomes: readonly ProviderOutcome[],
): GoneRoute | undefined {
  if (choice === undefined || routes.length === 0) return undefined
  if (routes.some((route) => routeChoice(route) === choice)) return undefined
  const [providerId, way] = choice.split('/')
  const outcome = outcomes.find((candidate) => candidate.providerId === providerId)
  if (!outcome) return undefined
  const { providerName } = outcome
  if (outcome.status === 'error') return { providerName, reason: routeErrorText(outcome.error) }
  if (outcome.status === 'route' && way === 'gasless') {
    return { providerName, reason: { message: 'it offers no way without gas for this swap now' } }
  }
  return { providerName, reason: { message: 'it has no route for this swap now' } }
}
