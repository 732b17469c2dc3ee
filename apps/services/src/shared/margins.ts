import type { ChainContext } from './context.ts'

/** Polling of the services and the attester, and a slow RPC answer, in seconds. */
export const SERVICE_SLACK_SECONDS = 30

/**
 * Seconds from a delivery on `deliveredOn` (a fill, a release) to its repayment being final on
 * `repaidOn` (the claim, the finalize): the delivery must become final before the attester signs,
 * the repayment must be included and become final. A delivery is only worth making when at least
 * this much time is left before `expires`, when the person could take the deposit back unattested.
 */
export function settlementMarginSeconds(deliveredOn: ChainContext, repaidOn: ChainContext): number {
  return (
    deliveredOn.finalitySeconds +
    deliveredOn.config.blockTime +
    repaidOn.finalitySeconds +
    repaidOn.config.blockTime * 2 +
    SERVICE_SLACK_SECONDS
  )
}
