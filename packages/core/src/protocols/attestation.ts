import { thresholdAttestationVerifierAbi } from '@multi-bridge/contracts'
import {
  type Address,
  type Chain,
  concat,
  type Hex,
  isAddressEqual,
  type PublicClient,
  recoverAddress,
  size,
  type Transport,
} from 'viem'

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

/** A verifier's current signers and how many of them must sign (`signers()`, `threshold()`). */
export type SignerSet = { signers: readonly Address[]; threshold: number }

/** Reads the signer set of a ThresholdAttestationVerifier at the latest block: what a transaction sent now meets. */
export async function readSignerSet(client: PublicClient<Transport, Chain>, verifier: Address): Promise<SignerSet> {
  const read = <F extends 'signers' | 'threshold'>(functionName: F) =>
    client.readContract({ address: verifier, abi: thresholdAttestationVerifierAbi, functionName })
  const [signers, threshold] = await Promise.all([read('signers'), read('threshold')])
  return { signers, threshold: Number(threshold) }
}

/** Who signed `digest` with `signature` (65 bytes), or undefined when it recovers no one. */
export type RecoverSigner = (digest: Hex, signature: Hex) => Promise<Address | undefined>

export const recoverSigner: RecoverSigner = (digest, signature) =>
  recoverAddress({ hash: digest, signature }).catch(() => undefined)

/**
 * Combines the attesters' signatures over one digest into what the verifier accepts: each one recovered, kept only
 * when its signer is in the set (a stranger's, a retired key's or a copy of another's counts for nothing), then
 * exactly `threshold` of them packed. Undefined while fewer than `threshold` distinct signers signed.
 */
export async function combineSignatures(
  digest: Hex,
  signatures: readonly Hex[],
  set: SignerSet,
  recover: RecoverSigner = recoverSigner,
): Promise<Hex | undefined> {
  const valid = new Map<string, AttesterSignature>()
  for (const signature of signatures) {
    if (size(signature) !== 65) continue
    const signer = await recover(digest, signature)
    if (!signer || !set.signers.some((s) => isAddressEqual(s, signer))) continue
    valid.set(signer.toLowerCase(), { signer, signature })
  }
  if (set.threshold < 1 || valid.size < set.threshold) return undefined
  const chosen = [...valid.values()].sort((a, b) => (BigInt(a.signer) < BigInt(b.signer) ? -1 : 1))
  return packSignatures(chosen.slice(0, set.threshold))
}
