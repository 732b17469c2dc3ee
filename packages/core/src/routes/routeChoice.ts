import type { Route } from './types.ts'

/**
 * Which of a provider's ways a route is (the provider's id, and `/gasless` for its gasless variant): what the person
 * chose, kept across refreshed quotes, whose ids change with every quote.
 */
export const routeChoice = (route: Pick<Route, 'providerId' | 'gasless'>): string =>
  route.gasless ? `${route.providerId}/gasless` : route.providerId
