import { intentOriginSettlerAbi } from '@multi-bridge/contracts'
import type { Address } from 'viem'
import { getManifestChain } from '../../config/manifest.ts'
import { InvalidQuoteError } from '../../routes/routeErrors.ts'
import type { EscrowContext } from '../escrow/escrowProtocol.ts'
import { INTENT_PROVIDER_ID } from './intentId.ts'

/**
 * The intent bridge's own windows, as its solver times its quotes (`fillWindowSeconds`, `quoteTtlSeconds` and
 * `refundGraceSeconds` of apps/services/src/solver/pricingConfig.ts, README "Running the solver"): the manifest does not
 * carry them. The fill deadline is the fill window after the chain's time; a gasless order's open deadline, a quote's
 * life after the origin's time (the solver opens no order whose open deadline is later than that and a block); `expires`
 * is the refund grace after the fill deadline, or the origin settler's `minRefundDelay` when longer (read from it).
 */
export const INTENT_FILL_WINDOW_SECONDS = 180
export const INTENT_QUOTE_TTL_SECONDS = 30
export const INTENT_REFUND_GRACE_SECONDS = 3600

/**
 * How far beyond those windows a quote's deadlines may lie: 5 minutes. The solver times its quotes by a chain's clock
 * (the destination's for the fill deadline, the origin's for the open deadline), which may be that far from the origin
 * clock read here (the app allows the same between two chains' clocks when it looks for a delivery), and the
 * answer takes a moment to arrive. A hostile quote gains at most that: an authorization valid 5 minutes longer, a
 * refund 5 minutes later, never 30 days.
 */
export const INTENT_DEADLINE_MARGIN_SECONDS = 300

/** What a quote's deadlines are measured against: the origin's time now, a block of it, and the settler's refund delay. */
export type DeadlineBounds = { now: number; originBlockTime: number; refundDelay: number }

/**
 * The bounds of a quote from `originChainId`: its latest block's time (the device's when that is later: a chain's
 * clock is never taken as behind it), the manifest's block time, and the refund delay (`INTENT_REFUND_GRACE_SECONDS`,
 * or the settler's `minRefundDelay` when longer). A chain that does not answer ends the quote naming it.
 */
export async function readDeadlineBounds(
  { manifest, read }: Pick<EscrowContext, 'manifest' | 'read'>,
  originChainId: number,
  originSettler: Address,
): Promise<DeadlineBounds> {
  const [block, minRefundDelay] = await Promise.all([
    read(originChainId, (origin) => origin.getBlock({ blockTag: 'latest' })),
    read(originChainId, (origin) =>
      origin.readContract({ address: originSettler, abi: intentOriginSettlerAbi, functionName: 'minRefundDelay' }),
    ),
  ])
  return {
    now: Math.max(Math.floor(Date.now() / 1000), Number(block.timestamp)),
    originBlockTime: getManifestChain(manifest, originChainId)?.blockTime ?? 0,
    refundDelay: Math.max(INTENT_REFUND_GRACE_SECONDS, Number(minRefundDelay)),
  }
}

/**
 * Refuses (`InvalidQuoteError`) a quote whose fill deadline is later than the fill window allows, or whose `expires`
 * is later than the refund delay after it, beyond the margin: the person's refund would wait that long.
 */
export function checkIntentDeadlines(quote: { fillDeadline: number; expires: number }, bounds: DeadlineBounds): void {
  const margin = INTENT_DEADLINE_MARGIN_SECONDS
  const lastFill = bounds.now + INTENT_FILL_WINDOW_SECONDS + margin
  if (quote.fillDeadline > lastFill) {
    throw new InvalidQuoteError(
      INTENT_PROVIDER_ID,
      `the fill deadline ${quote.fillDeadline} is after ${lastFill} (the fill window of ${INTENT_FILL_WINDOW_SECONDS} s and a margin of ${margin} s): a refund would wait until then`,
    )
  }
  const lastExpiry = quote.fillDeadline + bounds.refundDelay + margin
  if (quote.expires > lastExpiry) {
    throw new InvalidQuoteError(
      INTENT_PROVIDER_ID,
      `the expiry ${quote.expires} is after ${lastExpiry} (the refund delay of ${bounds.refundDelay} s after the fill deadline and a margin of ${margin} s): a refund without the attesters would wait until then`,
    )
  }
}
