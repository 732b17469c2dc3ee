import { type Address, concat, type Hex } from 'viem'

export type AttesterSignature = { signer: Address; signature: Hex }

/**
 * Packs signatures the way ThresholdAttestationVerifier reads them: 65 bytes each, ordered by
 * ascending signer address.
 */
export function packSignatures(signatures: readonly AttesterSignature[]): Hex {
  const sorted = [...signatures].sort((a, b) => {
    const x = BigInt(a.signer)
    const y = BigInt(b.signer)
    return x < y ? -1 : x > y ? 1 : 0
  })
  return concat(sorted.map((s) => s.signature))
}
