import {
  fillAttestationTypes,
  intentSettlerDomain,
  noFillAttestationTypes,
  notReleasedTypes,
  poolDomain,
  releasedTypes,
  releaseTypes,
} from '@multi-bridge/core'
import { type Address, type Hex, hashTypedData } from 'viem'
import type { AttesterIntent, AttesterTransfer } from './attesterClient.ts'

type IntentAttestation = NonNullable<AttesterIntent['attestation']>
type TransferAttestation = NonNullable<AttesterTransfer['attestation']>
type ReleaseAuthorization = NonNullable<AttesterTransfer['release']>

/** What an intent attestation signs, in the origin settler's domain (where `claim` and `refund` verify it). */
export function intentAttestationDigest(orderId: Hex, settler: Address, originChainId: number, a: IntentAttestation) {
  const domain = intentSettlerDomain(originChainId, settler)
  return a.kind === 'fill'
    ? hashTypedData({
        domain,
        types: fillAttestationTypes,
        primaryType: 'FillAttestation',
        message: { orderId, solver: a.solver, fillTime: a.fillTime },
      })
    : hashTypedData({ domain, types: noFillAttestationTypes, primaryType: 'NoFillAttestation', message: { orderId } })
}

/** What a released / not-released attestation signs, in the origin pool's domain (`finalize`, `refund`). */
export function transferAttestationDigest(
  transferId: Hex,
  originPool: Address,
  originChainId: number,
  a: TransferAttestation,
) {
  const domain = poolDomain(originChainId, originPool)
  return a.kind === 'released'
    ? hashTypedData({ domain, types: releasedTypes, primaryType: 'Released', message: { transferId } })
    : hashTypedData({ domain, types: notReleasedTypes, primaryType: 'NotReleased', message: { transferId } })
}

/** What a release authorization signs, in the destination pool's domain (`release`). */
export function releaseDigest(destinationPool: Address, destinationChainId: number, r: ReleaseAuthorization) {
  return hashTypedData({
    domain: poolDomain(destinationChainId, destinationPool),
    types: releaseTypes,
    primaryType: 'Release',
    message: {
      transferId: r.transferId,
      originChainId: BigInt(r.originChainId),
      originPool: r.originPool,
      token: r.token,
      recipient: r.recipient,
      amount: BigInt(r.amount),
      deadline: r.deadline,
    },
  })
}
