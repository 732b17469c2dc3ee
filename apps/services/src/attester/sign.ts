import {
  fillAttestationTypes,
  intentSettlerDomain,
  noFillAttestationTypes,
  notReleasedTypes,
  packSignatures,
  poolDomain,
  releasedTypes,
  releaseTypes,
} from '@multi-bridge/core'
import type { Address, Hex, TypedDataDefinition } from 'viem'
import type { AttesterContext } from './context.ts'
import { ConflictingAttestationError } from './errors.ts'
import type { IntentRecord } from './intentMachine.ts'
import { isReleasable, type TransferRecord } from './transferMachine.ts'

export type SignContext = Pick<AttesterContext, 'signer' | 'signatures'>

/**
 * Signs `typedData` once per `subject` and `kind` (signatures are deterministic, RFC 6979: the cache only saves
 * work). Refuses a second kind for one subject: whatever the record says, a fill and a no-fill, or released and
 * not-released, never both leave this process.
 */
function signOnce(context: SignContext, subject: string, kind: string, typedData: TypedDataDefinition): Promise<Hex> {
  const cached = context.signatures.get(subject)
  if (cached && cached.kind !== kind) return Promise.reject(new ConflictingAttestationError(subject, cached.kind, kind))
  if (cached) return cached.signatures
  const { signer } = context
  const signatures = signer
    .signTypedData(typedData)
    .then((signature) => packSignatures([{ signer: signer.address, signature }]))
  signatures.catch(() => context.signatures.delete(subject))
  context.signatures.set(subject, { kind, signatures })
  return signatures
}

export type SignIntentParameters = { orderId: Hex; intent: IntentRecord }
export type IntentAttestation =
  | { kind: 'fill'; solver: Address; fillTime: number; signatures: Hex }
  | { kind: 'no-fill'; signatures: Hex }

/** The attestation of an intent's decision, for its origin settler; null while it is undecided. */
export async function signIntentAttestation(
  context: SignContext,
  { orderId, intent }: SignIntentParameters,
): Promise<IntentAttestation | null> {
  const domain = intentSettlerDomain(intent.originChainId, intent.originSettler)
  const subject = `intent:${orderId}`
  if (intent.status === 'decided-no-fill') {
    const message = { orderId }
    const typedData = { domain, types: noFillAttestationTypes, primaryType: 'NoFillAttestation', message } as const
    return { kind: 'no-fill', signatures: await signOnce(context, subject, 'no-fill', typedData) }
  }
  if (intent.status !== 'decided-fill') return null
  const { solver, fillTime } = intent.fill
  const message = { orderId, solver, fillTime }
  const typedData = { domain, types: fillAttestationTypes, primaryType: 'FillAttestation', message } as const
  return { kind: 'fill', solver, fillTime, signatures: await signOnce(context, subject, 'fill', typedData) }
}

export type SignTransferParameters = { transferId: Hex; transfer: TransferRecord }
export type TransferAttestation = { kind: 'released' | 'not-released'; signatures: Hex }

/** The attestation of a transfer's decision, for its origin pool; null while it is undecided. */
export async function signTransferAttestation(
  context: SignContext,
  { transferId, transfer }: SignTransferParameters,
): Promise<TransferAttestation | null> {
  const domain = poolDomain(transfer.originChainId, transfer.originPool)
  const subject = `transfer:${transferId}`
  const message = { transferId }
  if (transfer.status === 'decided-released') {
    const typedData = { domain, types: releasedTypes, primaryType: 'Released', message } as const
    return { kind: 'released', signatures: await signOnce(context, subject, 'released', typedData) }
  }
  if (transfer.status !== 'decided-not-released') return null
  const typedData = { domain, types: notReleasedTypes, primaryType: 'NotReleased', message } as const
  return { kind: 'not-released', signatures: await signOnce(context, subject, 'not-released', typedData) }
}

export type ReleaseAuthorization = {
  transferId: Hex
  originChainId: number
  originPool: Address
  token: Address
  recipient: Address
  amount: string
  deadline: number
  signatures: Hex
}

/**
 * The authorization to release a transfer on its destination pool, as the transfer was sent; null for a pool
 * outside the manifest. The pool itself refuses it after the deadline, and releases a transfer once.
 */
export async function signReleaseAuthorization(
  context: SignContext,
  { transferId, transfer }: SignTransferParameters,
): Promise<ReleaseAuthorization | null> {
  if (!isReleasable(transfer)) return null
  const { originChainId, originPool, token, recipient, amount, deadline } = transfer
  const release = { transferId, originChainId, originPool, token, recipient, amount, deadline }
  const signatures = await signOnce(context, `release:${transferId}`, 'release', {
    domain: poolDomain(transfer.destinationChainId, transfer.destinationPool),
    types: releaseTypes,
    primaryType: 'Release',
    message: { ...release, originChainId: BigInt(originChainId), amount: BigInt(amount) },
  })
  return { ...release, signatures }
}
