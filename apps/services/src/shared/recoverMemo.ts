import { type RecoverSigner, recoverSigner } from '@multi-bridge/core'

/** Signatures whose signer is remembered: the attesters' answers for every item in progress, with room to spare. */
export const RECOVERED_SIGNERS = 4_096

/**
 * `recover` remembering the last `max` signers it recovered. The solver and the relayer ask the attesters about each
 * item in progress every round, and get the same signatures back round after round until the item moves on:
 * recovering them each time was 40 % of the relayer's work in the load run of 27 Nov. A signature's signer over a
 * digest never changes, so a remembered one is the same answer; who may sign is checked against the signer set each
 * time, not remembered here.
 */
export function rememberSigners(max = RECOVERED_SIGNERS, recover: RecoverSigner = recoverSigner): RecoverSigner {
  const signers = new Map<string, ReturnType<RecoverSigner>>()
  return (digest, signature) => {
    const key = `${digest}:${signature}`.toLowerCase()
    const known = signers.get(key)
    if (known) return known
    const signer = recover(digest, signature)
    signers.set(key, signer)
    // The oldest goes first (a Map keeps its insertion order).
    if (signers.size > max) signers.delete(signers.keys().next().value as string)
    return signer
  }
}
