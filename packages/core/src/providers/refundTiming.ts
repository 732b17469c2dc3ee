import { finalityBlocks } from '../chains/finality.ts'
import { getManifestChain, type Manifest } from '../config/manifest.ts'
import type { SwapRecord } from '../records/types.ts'

/**
 * After the first final block past the deadline, the attester's next round (it polls every 300 ms) and the
 * app's next look: measured 0.6–0.9 s on the devnet (docs in the report of issue #28).
 */
export const ATTESTATION_MARGIN_SECONDS = 1

/** The deadline an escrow refund waits for (the record's tracking data, else its refundable time). */
export function refundDeadline(record: Pick<SwapRecord, 'data'> & { refundableAfter?: number }): number | undefined {
  const fromData = record.data?.fillDeadline ?? record.data?.deadline
  const deadline = fromData === undefined ? record.refundableAfter : Number(fromData)
  return deadline === undefined || !Number.isFinite(deadline) ? undefined : deadline
}

type Timing = { blockTime: number; finality: number }

function destinationTiming(manifest: Manifest, chainId: number): Timing {
  const chain = getManifestChain(manifest, chainId)
  return { blockTime: chain?.blockTime ?? 2, finality: chain ? finalityBlocks(chain) : 0 }
}

/**
 * When the refund of an escrow swap (the devnet's intent and pool bridges) really opens, in epoch seconds.
 * The attester signs "not delivered" only once the deadline is final on the destination: a block past the
 * deadline must be mined there, then the chain's finality depth on top of it. So the refund opens about
 * `deadline + one block + finality × block time` (Local Chain B: 2 s blocks, 4 confirmations, 10–11 s after
 * the deadline), not at the deadline. Before anything is known of the chain, the latest that block can come.
 */
export function estimateRefundOpensAt(
  record: Pick<SwapRecord, 'data' | 'destination'> & { refundableAfter?: number },
  manifest: Manifest,
): number | undefined {
  const deadline = refundDeadline(record)
  if (deadline === undefined) return undefined
  const { blockTime, finality } = destinationTiming(manifest, record.destination.token.chainId)
  return Math.ceil(deadline + blockTime + finality * blockTime + ATTESTATION_MARGIN_SECONDS)
}

/**
 * The same from the destination's latest block: the first block past the deadline is known (or its time is,
 * blocks coming at the chain's block time), so the time is the chain's own, not the worst case.
 */
export function refundOpensAtFromHead(
  deadline: number,
  head: { timestamp: number },
  timing: { blockTime: number; finality: number },
): number {
  const { blockTime, finality } = timing
  const firstPast =
    head.timestamp > deadline
      ? head.timestamp - blockTime * Math.floor((head.timestamp - deadline - 1) / blockTime)
      : head.timestamp + blockTime * Math.ceil((deadline + 1 - head.timestamp) / blockTime)
  return Math.ceil(firstPast + finality * blockTime + ATTESTATION_MARGIN_SECONDS)
}

export const refundTimingOf = destinationTiming
