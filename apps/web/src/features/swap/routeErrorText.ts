import { formatDisplayAmount, formatDisplayAmountUp, RouteUnavailableError, type TokenRef } from '@multi-bridge/core'
import { toUserMessage, UNEXPECTED, type UserMessage } from '../../lib/errorMessages.ts'

/** What is shown beside a provider that has no route: a catalogued message and the provider's own words. */
export type RouteErrorText = UserMessage & {
  /** The provider's own explanation, as an i18n key: the adapters' own sentences are translated, an API's text is shown as it came. */
  details?: string
  /**
   * The limit the provider named, as an amount the route takes (a minimum rounded up, a maximum rounded down), in its
   * token: what "Use {amount}" puts in the form when it is the token sent.
   */
  limit?: { text: string; token: TokenRef }
}

const reasonText: Record<RouteUnavailableError['reason'], string> = {
  amountTooLow: 'Amount too low for this route',
  amountTooHigh: 'Amount too high for this route',
  insufficientLiquidity: 'Not enough liquidity on the destination',
  unsupportedToken: 'Token not supported',
  unsupportedRoute: 'Route not supported',
  networkUnavailable: "Can't reach one of these networks right now. Try again shortly.",
}

/** The same reasons with the limit the provider named, in its token. */
const reasonWithLimit: Partial<Record<RouteUnavailableError['reason'], string>> = {
  amountTooLow: 'Amount too low for this route (minimum {{amount}})',
  amountTooHigh: 'Amount too high for this route (maximum {{amount}})',
  insufficientLiquidity: 'Not enough liquidity on the destination ({{amount}} available)',
}

/**
 * A provider's failure as the route list says it: the reason it cannot serve the request (with its limit, in the
 * limit's own token, when the provider named one), a catalogued message (SPEC §6, e.g. "Unknown contract type: …"
 * when an API names a contract the config does not list), or "Unavailable" for anything else. The console has the
 * full error.
 */
export function routeErrorText(error: unknown): RouteErrorText {
  if (error instanceof RouteUnavailableError) {
    const details = error.details ? { details: error.details } : {}
    const withLimit = reasonWithLimit[error.reason]
    // A maximum of nothing: the provider has none of the token to send now (a solver's inventory), whatever the amount.
    if (error.reason === 'amountTooHigh' && error.limit?.amount === 0n) {
      return { message: 'This route cannot take any amount right now', ...details }
    }
    if (error.limit && withLimit) {
      const { amount, token } = error.limit
      // A minimum rounded up, a maximum rounded down: the amount shown is always one the route takes.
      const shown =
        error.reason === 'amountTooLow'
          ? formatDisplayAmountUp(amount, token.decimals)
          : formatDisplayAmount(amount, token.decimals)
      const limit = error.reason === 'insufficientLiquidity' ? {} : { limit: { text: shown.replace(/,/g, ''), token } }
      return { message: withLimit, values: { amount: `${shown} ${token.symbol}` }, ...details, ...limit }
    }
    if (error.reason === 'networkUnavailable' && error.network) {
      return { message: "Can't reach {{network}} right now. Try again shortly.", values: { network: error.network } }
    }
    return { message: reasonText[error.reason] ?? 'Unavailable', ...details }
  }
  const known = toUserMessage(error)
  return known === UNEXPECTED ? { message: 'Unavailable' } : known
}
