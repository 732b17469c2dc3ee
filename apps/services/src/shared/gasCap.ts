/** Room above the estimate: the block that mines a delivery may differ a little from the one estimated on. */
const HEADROOM_PERCENT = 20n

/** How a fill or a release is sent, or why it is not sent at all. */
export type CappedGas = { gas: bigint } | { problem: string }

/**
 * The gas limit of a delivery (a fill, a release) estimated at `estimate`, never above `cap`; declined when the
 * estimate itself is above it. A recipient or a token that makes a delivery cost more than the service prices
 * is refused before anything is spent, instead of being paid for.
 */
export function cappedGas(estimate: bigint, cap: bigint): CappedGas {
  if (estimate > cap) return { problem: `it would cost ${estimate} gas, above the cap of ${cap}` }
  const withHeadroom = estimate + (estimate * HEADROOM_PERCENT) / 100n
  return { gas: withHeadroom < cap ? withHeadroom : cap }
}
