import { InvalidQuoteError } from './routeErrors.ts'
import type { QuoteRequest } from './types.ts'

const BPS = 10_000n

/**
 * The most a provider's automatic slippage may put the signed minimum below its estimate, when the person set none:
 * 5 %, the app's "very high slippage" line (`SLIPPAGE_STRONG_BPS`). Real answers stay within it (LI.FI's default is
 * 0.5 %, Relay's swaps 2 %); a minimum further down is a promise the estimate does not keep, refused.
 */
export const AUTO_SLIPPAGE_CEILING_BPS = 500

/** How far the minimum is below the estimate, in basis points, rounded up: never shown smaller than it is. */
export function minimumSlippageBps(outputAmount: bigint, minOutputAmount: bigint): number {
  if (outputAmount <= 0n || minOutputAmount >= outputAmount) return 0
  return Number(((outputAmount - minOutputAmount) * BPS + outputAmount - 1n) / outputAmount)
}

/**
 * The signed minimum is the promise: it may be below the estimate only by the person's slippage (or, in auto mode,
 * by `AUTO_SLIPPAGE_CEILING_BPS`), and never above it. Otherwise the answer is refused as an invalid quote: a
 * generous estimate over a worthless minimum would be ranked by what nobody signs. Returns the slippage the route
 * shows: the minimum's own distance from the estimate in auto mode, the person's otherwise.
 */
export function boundedSlippageBps(
  providerId: string,
  request: Pick<QuoteRequest, 'slippageBps'>,
  outputAmount: bigint,
  minOutputAmount: bigint,
): number {
  if (outputAmount <= 0n || minOutputAmount <= 0n || minOutputAmount > outputAmount) {
    throw new InvalidQuoteError(providerId, 'the quoted amounts are inconsistent')
  }
  const allowed = request.slippageBps ?? AUTO_SLIPPAGE_CEILING_BPS
  const floor = (outputAmount * (BPS - BigInt(allowed))) / BPS
  const actual = minimumSlippageBps(outputAmount, minOutputAmount)
  if (minOutputAmount < floor) {
    throw new InvalidQuoteError(
      providerId,
      `the minimum ${minOutputAmount} is ${actual / 100} % below the estimate ${outputAmount}, more than the ${allowed / 100} % slippage allowed`,
    )
  }
  return request.slippageBps ?? actual
}
