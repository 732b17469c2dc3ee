import { intentOriginSettlerAbi } from '@multi-bridge/contracts'
import { combineSignatures, type Manifest, type RecoverSigner, readSignerSet, type SignerSet } from '@multi-bridge/core'
import type { Address, Hex } from 'viem'
import { intentAttestationDigest, releaseDigest, transferAttestationDigest } from './attestationDigests.ts'
import { type AttesterIntent, type AttesterTransfer, createAttesterClient } from './attesterClient.ts'
import type { ChainContext } from './context.ts'
import { ServiceError } from './errors.ts'
import { rememberSigners } from './recoverMemo.ts'

/** What the solver and the relayer ask the attesters: the same answers as one attester's, signed by the threshold. */
export type AttesterQuorum = {
  /** Undefined while no attester that answers has seen the order. */
  intent: (orderId: Hex) => Promise<AttesterIntent | undefined>
  transfer: (transferId: Hex) => Promise<AttesterTransfer | undefined>
}

export type CreateAttesterQuorumParameters = {
  manifest: Manifest
  chains: ReadonlyMap<number, ChainContext>
  /** Who asks, for the error when the manifest lists no attesters. */
  role: 'solver' | 'relayer'
  /** Each attester's time to answer. */
  timeoutMs?: number
  /** How long a verifier's signer set is reused before it is read again. */
  signerSetTtlMs?: number
  /** The signer set a contract's verifier holds now; read from the chain when not given (tests give it). */
  signerSets?: SignerSets
}

/**
 * Asks every attester at once (each bounded in time) and combines their signatures as the chains' verifiers accept
 * them: each signature recovered over the digest the contract will check, only a current signer's kept, exactly the
 * verifier's threshold packed in ascending signer order. Answers that do not agree are never mixed: only signatures
 * over one and the same digest combine. Throws (the caller's next round asks again) while fewer than the threshold
 * answer at all; an attestation fewer than the threshold signed is no attestation (`open` / `pending`).
 */
export function createAttesterQuorum(parameters: CreateAttesterQuorumParameters): AttesterQuorum {
  const attesters = parameters.manifest.services.attesters
  if (!attesters) {
    throw new ServiceError(`the ${parameters.role} needs the attesters' URLs in the manifest`, {
      code: 'ATTESTER_URL_MISSING',
    })
  }
  const clients = attesters.urls.map((url) => createAttesterClient(url, parameters.timeoutMs ?? 3_000))
  const signerSets = parameters.signerSets ?? createSignerSets(parameters.chains, parameters.signerSetTtlMs ?? 1_000)
  const recover = rememberSigners()

  async function askAll<T>(ask: (client: (typeof clients)[number]) => Promise<T | undefined>): Promise<T[]> {
    const settled = await Promise.allSettled(clients.map(ask))
    const answered = settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))
    if (answered.length < (attesters?.threshold ?? 1)) {
      const failure = settled.find((result) => result.status === 'rejected')
      throw new ServiceError(
        `only ${answered.length} of ${clients.length} attesters answered; ${attesters?.threshold} must sign`,
        { code: 'ATTESTERS_UNREACHABLE', cause: failure?.status === 'rejected' ? failure.reason : undefined },
      )
    }
    return answered.filter((answer): answer is Awaited<T> => answer !== undefined)
  }

  return {
    async intent(orderId) {
      const answers = await askAll((client) => client.intent(orderId))
      const [first] = answers
      if (!first) return undefined
      const combined = await firstCombined(
        answers.flatMap((answer) => (answer.attestation ? [{ answer, signed: answer.attestation }] : [])),
        ({ answer, signed }) => {
          const settler = parameters.chains.get(answer.originChainId)?.config.contracts.intentOriginSettler
          const digest = settler && intentAttestationDigest(orderId, settler, answer.originChainId, signed)
          return settler && digest && { contract: settler, chainId: answer.originChainId, digest }
        },
        signerSets,
        recover,
      )
      if (!combined) return { ...first, status: 'open', attestation: null }
      const { answer, signed } = combined.item
      const status = signed.kind === 'fill' ? 'filled' : 'not-filled'
      return { ...answer, status, attestation: { ...signed, signatures: combined.signatures } }
    },

    async transfer(transferId) {
      const answers = await askAll((client) => client.transfer(transferId))
      const [first] = answers
      if (!first) return undefined
      const release = await firstCombined(
        answers.flatMap((answer) => (answer.release ? [{ answer, signed: answer.release }] : [])),
        ({ answer, signed }) => {
          const pool = parameters.chains.get(answer.destinationChainId)?.config.contracts.poolBridge
          const chainId = answer.destinationChainId
          return pool && { contract: pool, chainId, digest: releaseDigest(pool, chainId, signed) }
        },
        signerSets,
        recover,
      )
      const attestation = await firstCombined(
        answers.flatMap((answer) => (answer.attestation ? [{ answer, signed: answer.attestation }] : [])),
        ({ answer, signed }) => {
          const pool = parameters.chains.get(answer.originChainId)?.config.contracts.poolBridge
          const chainId = answer.originChainId
          return (
            pool && { contract: pool, chainId, digest: transferAttestationDigest(transferId, pool, chainId, signed) }
          )
        },
        signerSets,
        recover,
      )
      return {
        ...first,
        status: attestation?.item.signed.kind ?? 'pending',
        release: release ? { ...release.item.signed, signatures: release.signatures } : null,
        attestation: attestation ? { ...attestation.item.signed, signatures: attestation.signatures } : null,
      }
    },
  }
}

/** Where an attestation is verified: a release on the destination pool, everything else on the origin. */
type Target = { contract: Address; chainId: number; digest: Hex }
export type SignerSets = (contract: Address, chainId: number) => Promise<SignerSet>

/**
 * The first group of items over one digest whose signatures the contract's verifier accepts, combined. Items whose
 * contract is not in the manifest (`target` undefined) are left out.
 */
async function firstCombined<I extends { signed: { signatures: Hex } }>(
  items: readonly I[],
  target: (item: I) => Target | undefined,
  signerSets: SignerSets,
  recover: RecoverSigner,
): Promise<{ item: I; signatures: Hex } | undefined> {
  const groups = new Map<Hex, { item: I; where: Target; signatures: Hex[] }>()
  for (const item of items) {
    const where = target(item)
    if (!where) continue
    const group = groups.get(where.digest) ?? { item, where, signatures: [] }
    group.signatures.push(item.signed.signatures)
    groups.set(where.digest, group)
  }
  for (const [digest, group] of groups) {
    const set = await signerSets(group.where.contract, group.where.chainId)
    const signatures = await combineSignatures(digest, group.signatures, set, recover)
    if (signatures) return { item: group.item, signatures }
  }
  return undefined
}

/**
 * The signer set of the verifier a settler or pool names (`verifier()`, immutable), read at the latest block and
 * reused for `ttlMs`: a rotation is seen within that time, and a combination it invalidates is made again.
 */
function createSignerSets(chains: ReadonlyMap<number, ChainContext>, ttlMs: number): SignerSets {
  const verifiers = new Map<string, Promise<Address>>()
  const sets = new Map<string, { at: number; set: Promise<SignerSet> }>()
  return (contract, chainId) => {
    const chain = chains.get(chainId)
    if (!chain) throw new ServiceError(`unknown chain ${chainId}`, { code: 'UNKNOWN_CHAIN' })
    const key = `${chainId}:${contract.toLowerCase()}`
    const cached = sets.get(key)
    if (cached && Date.now() - cached.at < ttlMs) return cached.set
    let verifier = verifiers.get(key)
    if (!verifier) {
      verifier = chain.publicClient.readContract({
        address: contract,
        abi: intentOriginSettlerAbi,
        functionName: 'verifier',
      })
      verifier.catch(() => verifiers.delete(key))
      verifiers.set(key, verifier)
    }
    const set = verifier.then((address) => readSignerSet(chain.publicClient, address))
    set.catch(() => sets.delete(key))
    sets.set(key, { at: Date.now(), set })
    return set
  }
}
