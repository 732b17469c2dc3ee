import type { Address } from 'viem'
import type { Manifest } from '../config/manifest.ts'
import type { Route } from '../routes/types.ts'
import type { DecodedDeposit } from '../signing/decodedDeposit.ts'
import { ATTESTATION_MARGIN_SECONDS, refundTimingOf } from './refundTiming.ts'

/**
 * The most that can go wrong with a deposit, before it is signed, from what the deposit itself commits to (its
 * deadlines, decoded from its calldata or the order it names), never from the answer's summary:
 * - `typicalSeconds`: the route's estimate;
 * - `latest`: the last moment it can be delivered (`at`, epoch seconds), or how long after the deposit is mined
 *   (`withinSeconds`, where the contract sets the deadline then); absent when nothing bounds it (a rail that always
 *   delivers);
 * - `ifNotDelivered`: the person's Refund button here, from when (`opensAt`, or `opensAfterSeconds` from the deposit);
 *   the provider returning it by itself after its deadline; or nobody, for a rail with no refund;
 * - `comesBack`: what comes back, on which chain (its amount when the protocol fixes it).
 */
export type WorstCase = {
  typicalSeconds: number
  latest?: { at: number } | { withinSeconds: number }
  ifNotDelivered:
    | { by: 'you'; opensAt?: number; opensAfterSeconds?: number }
    | { by: 'provider'; after?: number }
    | { by: 'nobody' }
  comesBack?: { chainId: number; token: Address; amount?: bigint }
}

/**
 * The worst case of a checked deposit (`prepareDeposit`'s `decoded`) for its route. `refunds`: who returns an
 * undelivered deposit for this provider (its module's `refunds`): the person through the app (an escrow's refund, open
 * once the destination's final blocks are past the deadline and the attesters have said so) or the provider itself.
 */
export function worstCaseOf(
  route: Route,
  decoded: DecodedDeposit,
  manifest: Manifest,
  refunds: 'person' | 'provider',
): WorstCase {
  const typicalSeconds = route.estimatedSeconds
  const latest =
    decoded.fillBy !== undefined
      ? { at: decoded.fillBy }
      : decoded.fillWithin !== undefined
        ? { withinSeconds: decoded.fillWithin }
        : undefined
  const comesBack = decoded.comesBack === 'none' ? undefined : decoded.comesBack
  const base = { typicalSeconds, ...(latest ? { latest } : {}), ...(comesBack ? { comesBack } : {}) }
  if (decoded.comesBack === 'none') return { ...base, ifNotDelivered: { by: 'nobody' } }
  if (refunds === 'provider') {
    return {
      ...base,
      ifNotDelivered: { by: 'provider', ...(decoded.fillBy !== undefined ? { after: decoded.fillBy } : {}) },
    }
  }
  // An escrow's refund opens once a block past the deadline is final on the destination and attested.
  const { blockTime, finality } = refundTimingOf(manifest, route.request.destination.chainId)
  const wait = blockTime + finality * blockTime + ATTESTATION_MARGIN_SECONDS
  if (decoded.fillBy !== undefined) {
    return { ...base, ifNotDelivered: { by: 'you', opensAt: Math.ceil(decoded.fillBy + wait) } }
  }
  if (decoded.fillWithin !== undefined) {
    return { ...base, ifNotDelivered: { by: 'you', opensAfterSeconds: Math.ceil(decoded.fillWithin + wait) } }
  }
  return { ...base, ifNotDelivered: { by: 'you' } }
}
