import {
  fillAttestationTypes,
  intentSettlerDomain,
  notReleasedTypes,
  poolDomain,
  releaseTypes,
} from '@multi-bridge/core'
import { recoverTypedDataAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { ConflictingAttestationError } from './errors.ts'
import { applyIntentEvent, type IntentRecord, openedIntent } from './intentMachine.ts'
import { signIntentAttestation, signReleaseAuthorization, signTransferAttestation } from './sign.ts'
import { attesterAccount, DEADLINE, id, intentTerms, POOL, SOLVER, setUp, transferTerms } from './testContext.ts'
import { applyTransferEvent, sentTransfer } from './transferMachine.ts'

// Signing run on its own, with the attester's real (development) key: what each record makes it sign.

const orderId = id(7)
const transferId = id(8)
const open = openedIntent(intentTerms, true)
const decidedFill = applyIntentEvent(open, { type: 'decidedFill', solver: SOLVER, fillTime: DEADLINE - 5 })
const decidedNoFill = applyIntentEvent(open, { type: 'decidedNoFill', finalTime: DEADLINE + 1 })

describe('signing intents', () => {
  it('signs nothing for an undecided intent, even one whose fill was seen', async () => {
    const { context, signings } = await setUp()
    const seen = applyIntentEvent(open, {
      type: 'filled',
      chainId: 2,
      settler: intentTerms.destinationSettler,
      solver: SOLVER,
      fillTime: DEADLINE - 5,
      txHash: id(9),
    })
    for (const intent of [open, seen, openedIntent(intentTerms, false)] as IntentRecord[]) {
      expect(await signIntentAttestation(context, { orderId, intent })).toBeNull()
    }
    expect(signings()).toBe(0)
  })

  it('signs the fill decided, for the origin settler, with the attester key', async () => {
    const { context } = await setUp()
    const attestation = await signIntentAttestation(context, { orderId, intent: decidedFill })
    expect(attestation).toMatchObject({ kind: 'fill', solver: SOLVER, fillTime: DEADLINE - 5 })
    const signer = await recoverTypedDataAddress({
      domain: intentSettlerDomain(intentTerms.originChainId, intentTerms.originSettler),
      types: fillAttestationTypes,
      primaryType: 'FillAttestation',
      message: { orderId, solver: SOLVER, fillTime: DEADLINE - 5 },
      signature: attestation!.signatures,
    })
    expect(signer).toBe(attesterAccount.address)
  })

  it('refuses a no-fill for an intent it signed as filled, whatever the record says afterwards', async () => {
    const { context, signings } = await setUp()
    const fill = await signIntentAttestation(context, { orderId, intent: decidedFill })
    // A state file changed by hand (or a bug) turning the decision around: refused, nothing signed.
    await expect(signIntentAttestation(context, { orderId, intent: decidedNoFill })).rejects.toBeInstanceOf(
      ConflictingAttestationError,
    )
    expect(signings()).toBe(1)
    // The decided answer is still given, the same.
    expect(await signIntentAttestation(context, { orderId, intent: decidedFill })).toEqual(fill)
    // And the other way round, for another order.
    await signIntentAttestation(context, { orderId: id(70), intent: decidedNoFill })
    await expect(signIntentAttestation(context, { orderId: id(70), intent: decidedFill })).rejects.toThrow(
      'refusing to sign fill',
    )
  })
})

describe('signing pool transfers', () => {
  const pending = sentTransfer(transferTerms, true)

  it('authorizes the release of a transfer to a pool of the manifest, for that pool, as it was sent', async () => {
    const { context } = await setUp()
    const release = await signReleaseAuthorization(context, { transferId, transfer: pending })
    const { signatures, ...authorized } = release!
    const { originChainId, originPool, token, recipient, amount, deadline } = transferTerms
    expect(authorized).toEqual({ transferId, originChainId, originPool, token, recipient, amount, deadline })
    const signer = await recoverTypedDataAddress({
      domain: poolDomain(transferTerms.destinationChainId, POOL),
      types: releaseTypes,
      primaryType: 'Release',
      message: { ...authorized, originChainId: 1n, amount: 1_000_000n },
      signature: signatures,
    })
    expect(signer).toBe(attesterAccount.address)
    expect(await signTransferAttestation(context, { transferId, transfer: pending })).toBeNull()
  })

  it('never authorizes a transfer to a pool outside the manifest, and attests it not released once decided', async () => {
    const { context } = await setUp()
    const unreleasable = sentTransfer({ ...transferTerms, destinationPool: SOLVER }, false)
    expect(await signReleaseAuthorization(context, { transferId, transfer: unreleasable })).toBeNull()
    const notReleased = applyTransferEvent(unreleasable, { type: 'decidedNotReleased', finalTime: DEADLINE + 1 })
    expect(await signReleaseAuthorization(context, { transferId, transfer: notReleased })).toBeNull()
    const attestation = await signTransferAttestation(context, { transferId, transfer: notReleased })
    const signer = await recoverTypedDataAddress({
      domain: poolDomain(transferTerms.originChainId, POOL),
      types: notReleasedTypes,
      primaryType: 'NotReleased',
      message: { transferId },
      signature: attestation!.signatures,
    })
    expect([attestation!.kind, signer]).toEqual(['not-released', attesterAccount.address])
  })
})
