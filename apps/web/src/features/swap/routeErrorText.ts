import { formatDisplayAmount, RouteUnavailableError, type TokenRef } from '@multi-bridge/core'
import { toUserMessage, UNEXPECTED, type UserMessage } from '../../lib/errorMessages.ts'

/** What is shown beside a provider that has no route: a catalogued message and the provider's own words. */
export type RouteErrorText = UserMessage & {
  /** The provider's own explanation, as an i18n key: the adapters' own sentences are translated, an API's text is shown as it came. */
  details?: string
}

const reasonText: Record<RouteUnavailableError['reason'], string> = {
  amountTooLow: 'Amount too low for this route',
  amountTooHigh: 'Amount too high for this route',
  insufficientLiquidity: 'Not enough liquidity on the destination',
  unsupportedToken: 'Token not supported',
  unsupportedRoute: 'Route not supported',
}

/**
 * A provider's failure as the route list says it: the reason it cannot serve the request (with its limit in
 * the sent token), a catalogued message (SPEC §6, e.g. "Unknown contract type: …" when an API names a contract
 * the config does not list), or "Unavailable" for anything else. The console has the full error.
 */
export function routeErrorText(error: unknown, sent: Pick<TokenRef, 'decimals' | 'symbol'>): RouteErrorText {
  if (error instanceof RouteUnavailableError) {
    const details = error.details ? { details: error.details } : {}
    const limit =
      error.limit === undefined ? undefined : `${formatDisplayAmount(error.limit, sent.decimals)} ${sent.symbol}`
    if (limit && error.reason === 'amountTooLow') {
      return { message: 'Amount too low for this route (minimum {{amount}})', values: { amount: limit }, ...details }
    }
    if (limit && error.reason === 'amountTooHigh') {
      return { message: 'Amount too high for this route (maximum {{amount}})', values: { amount: limit }, ...details }
    }
    return { message: reasonText[error.reason] ?? 'Unavailable', ...details }
  }
  const known = toUserMessage(error)
  return known === UNEXPECTED ? { message: 'Unavailable' } : known
}
