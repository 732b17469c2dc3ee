import {
  intentOriginSettlerAbi,
  intentOriginSettlerStatus,
  poolBridgeAbi,
  poolBridgeStatus,
  thresholdAttestationVerifierAbi,
} from '@multi-bridge/contracts'
import {
  fillAttestationTypes,
  intentSettlerDomain,
  noFillAttestationTypes,
  packSignatures,
  poolDomain,
  refundSignatures,
  releaseTypes,
  ServiceUnreachableError,
  verifierCombine,
} from '@multi-bridge/core'
import { DEVNET_ACCOUNTS, devnetAccount, SAFETY_DELAYS } from '@multi-bridge/devnet'
import { type Account, type Address, type Hex, hashTypedData, parseUnits, toHex } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  advanceTime,
  balanceOf,
  type ChainClients,
  chainTime,
  clientsFor,
  crashService,
  depositStatus,
  escrowStatus,
  getJson,
  openIntent,
  releasesOf,
  sendPool,
  serviceUrl,
  solverQuote,
  startTestNetwork,
  type TestNetwork,
  tamperState,
  user,
  waitFor,
} from './harness.ts'

let network: TestNetwork
let A: ChainClients
let B: ChainClients
let C: ChainClients
const usdc = (whole: string) => parseUnits(whole, 6)
const attesterKey = (place: number) => devnetAccount(DEVNET_ACCOUNTS.attesters[place]!)

beforeAll(async () => {
  network = await startTestNetwork()
  A = clientsFor(network.manifest, 0)
  B = clientsFor(network.manifest, 1)
  C = clientsFor(network.manifest, 2)
})
afterAll(async () => {
  await network?.stop()
})
afterEach(() => {
  expect(network.unexpectedExits.splice(0)).toEqual([])
})

const claimed = (orderId: Hex) =>
  waitFor(
    () => escrowStatus(A, orderId),
    (status) => status === intentOriginSettlerStatus.Claimed,
    `the claim of ${orderId}`,
  )
const finalized = (origin: ChainClients, transferId: Hex) =>
  waitFor(
    () => depositStatus(origin, transferId),
    (status) => status === poolBridgeStatus.Finalized,
    `the finalize of ${transferId}`,
  )

/** An intent A → B at the solver's quote. */
async function quotedIntent(sender: Account, amount = usdc('100')) {
  const q = await solverQuote(network, {
    origin: A,
    destination: B,
    inputToken: A.token('usdc'),
    outputToken: B.token('usdc'),
    amount,
  })
  return openIntent({
    origin: A,
    destination: B,
    account: sender,
    inputToken: A.token('usdc'),
    inputAmount: amount,
    outputToken: B.token('usdc'),
    outputAmount: BigInt(q.outputAmount),
    recipient: sender.address,
    fillDeadline: q.fillDeadline,
    expires: q.expires,
  })
}

/** An intent the solver declines (above its inventory on B), refundable once its deadline has passed. */
async function declinedIntent(sender: Account) {
  const fillDeadline = (await chainTime(B)) + 60
  const { orderId } = await openIntent({
    origin: A,
    destination: B,
    account: sender,
    inputToken: A.token('usdc'),
    inputAmount: usdc('300000'),
    outputToken: B.token('usdc'),
    outputAmount: usdc('299000'),
    recipient: sender.address,
    fillDeadline,
    expires: fillDeadline + SAFETY_DELAYS.minRefundDelay,
  })
  return { orderId, fillDeadline }
}

/** What the app computes for a person's refund: every attester asked, their no-fill combined for A's verifier. */
function appRefundSignatures(orderId: Hex) {
  const settler = A.config.contracts.intentOriginSettler as Address
  const attesters = network.manifest.services.attesters!
  const originChain = { id: A.config.id, name: A.config.name }
  const digest = hashTypedData({
    domain: intentSettlerDomain(A.config.id, settler),
    types: noFillAttestationTypes,
    primaryType: 'NoFillAttestation',
    message: { orderId },
  })
  return refundSignatures({
    attestationUrls: attesters.urls.map((url) => `${url}/v1/intents/${orderId}`),
    threshold: attesters.threshold,
    notDeliveredStatus: 'not-filled',
    combine: verifierCombine(A.public, originChain, settler, digest),
    origin: A.public,
    originChain,
    unattestedAfter: async () => undefined,
  })
}

type TypedData = Parameters<ReturnType<typeof devnetAccount>['signTypedData']>[0]
/** The attestation the devnet's attester keys at these places would make, signing directly (no service). */
const signed = async (keys: ReturnType<typeof devnetAccount>[], typedData: TypedData) =>
  packSignatures(
    await Promise.all(
      keys.map(async (key) => ({ signer: key.address, signature: await key.signTypedData(typedData) })),
    ),
  )

/** Whether a call would go through, and the contract's error name when not. */
async function outcome(clients: ChainClients, request: Parameters<ChainClients['public']['simulateContract']>[0]) {
  return clients.public.simulateContract(request).then(
    () => 'ok',
    (error: Error) => (/InvalidAttestation/.test(error.message) ? 'InvalidAttestation' : error.message),
  )
}

describe('three attesters, two of them sign', () => {
  it('(a) with one attester stopped, intents and pool transfers complete and a refund still works', async () => {
    const sender = user(5)
    await crashService(network, 'attester-3')
    try {
      const { orderId } = await quotedIntent(sender)
      const { transferId } = await sendPool({
        origin: A,
        destination: C,
        account: sender,
        token: A.token('usdc'),
        amount: usdc('50'),
        recipient: sender.address,
      })
      const declined = await declinedIntent(sender)
      await claimed(orderId)
      await finalized(A, transferId)
      expect(await releasesOf(C, transferId)).toHaveLength(1)

      await advanceTime([A, B, C], declined.fillDeadline - (await chainTime(B)) + 1)
      const signatures = await waitFor(
        () => appRefundSignatures(declined.orderId),
        (found) => found !== undefined,
        'the refund signatures of the two attesters that run',
      )
      // Below the threshold, the app says the attesters do not answer.
      await crashService(network, 'attester-2')
      await expect(appRefundSignatures(declined.orderId)).rejects.toBeInstanceOf(ServiceUnreachableError)
      await network.startService('attester-2')

      const before = await balanceOf(A, A.token('usdc'), sender.address)
      const hash = await A.wallet(sender).writeContract({
        address: A.config.contracts.intentOriginSettler as Address,
        abi: intentOriginSettlerAbi,
        functionName: 'refund',
        args: [declined.orderId, signatures!],
      })
      expect((await A.public.waitForTransactionReceipt({ hash })).status).toBe('success')
      expect(await balanceOf(A, A.token('usdc'), sender.address)).toBe(before + usdc('300000'))
    } finally {
      await network.startService('attester-3')
    }
  })

  it('(b) one attester signing a false fill or release pays nothing; two keys would (so the check is real)', async () => {
    const thief = user(9)
    const { orderId, fillDeadline } = await declinedIntent(user(6))
    const settler = A.config.contracts.intentOriginSettler as Address
    const fill = {
      domain: intentSettlerDomain(A.config.id, settler),
      types: fillAttestationTypes,
      primaryType: 'FillAttestation',
      message: { orderId, solver: thief.address, fillTime: fillDeadline - 10 },
    } as const
    const claim = (signatures: Hex) =>
      outcome(A, {
        address: settler,
        abi: intentOriginSettlerAbi,
        functionName: 'claim',
        args: [orderId, thief.address, fillDeadline - 10, signatures],
        account: thief,
      })
    const one = await signed([attesterKey(0)], fill)
    expect(await claim(one)).toBe('InvalidAttestation')
    expect(await claim(`${one}${one.slice(2)}` as Hex)).toBe('InvalidAttestation') // the same key twice
    expect(await claim(await signed([attesterKey(0), attesterKey(1)], fill))).toBe('ok')

    const pool = C.config.contracts.poolBridge as Address
    const release = {
      transferId: toHex(1234, { size: 32 }),
      originChainId: BigInt(A.config.id),
      originPool: A.config.contracts.poolBridge as Address,
      token: C.token('usdc'),
      recipient: thief.address,
      amount: usdc('1000'),
      deadline: (await chainTime(C)) + 600,
    }
    const releaseData = {
      domain: poolDomain(C.config.id, pool),
      types: releaseTypes,
      primaryType: 'Release',
      message: release,
    } as const
    const releaseWith = async (signatures: Hex) =>
      outcome(C, {
        address: pool,
        abi: poolBridgeAbi,
        functionName: 'release',
        args: [release, signatures],
        account: thief,
      })
    expect(await releaseWith(await signed([attesterKey(2)], releaseData))).toBe('InvalidAttestation')
    expect(await releaseWith(await signed([attesterKey(1), attesterKey(2)], releaseData))).toBe('ok')
  })

  it('(b) an attester whose decision was tampered with (recipient rewritten) cannot redirect a release', async () => {
    const sender = user(7)
    const thief = user(9).address
    await crashService(network, 'relayer')
    const { transferId, amountOut } = await sendPool({
      origin: A,
      destination: C,
      account: sender,
      token: A.token('usdc'),
      amount: usdc('40'),
      recipient: sender.address,
    })
    type Authorization = {
      transferId: Hex
      originChainId: number
      originPool: Address
      token: Address
      recipient: Address
      amount: string
      deadline: number
      signatures: Hex
    }
    const third = () =>
      getJson<{ release?: Authorization | null }>(`${serviceUrl(network, 'attester-3')}/v1/transfers/${transferId}`)
    await waitFor(third, (r) => Boolean(r.body.release), 'the third attester authorizing the release')
    await network.services.get('attester-3')!.stop()
    await tamperState(network, { service: 'attester-3', collection: 'transfers', key: transferId }, (transfer) => {
      transfer.recipient = thief
    })
    await network.startService('attester-3')
    const lie = (await third()).body.release!
    expect(lie.recipient).toBe(thief)
    const alone = await outcome(C, {
      address: C.config.contracts.poolBridge as Address,
      abi: poolBridgeAbi,
      functionName: 'release',
      args: [{ ...lie, originChainId: BigInt(lie.originChainId), amount: BigInt(lie.amount) }, lie.signatures],
      account: user(9),
    })
    expect(alone).toBe('InvalidAttestation')

    const thiefBefore = await balanceOf(C, C.token('usdc'), thief)
    const senderBefore = await balanceOf(C, C.token('usdc'), sender.address)
    await network.startService('relayer')
    await finalized(A, transferId)
    const [released] = await releasesOf(C, transferId)
    expect(released?.args.recipient).toBe(sender.address)
    expect(await balanceOf(C, C.token('usdc'), thief)).toBe(thiefBefore)
    expect(await balanceOf(C, C.token('usdc'), sender.address)).toBe(senderBefore + amountOut)
  })

  it('(c) a key rotated through the scheduled signer change while orders are in flight leaves nothing stuck', async () => {
    const owner = devnetAccount(DEVNET_ACCOUNTS.deployer)
    const fresh = devnetAccount(13)
    const next = [attesterKey(0).address, attesterKey(1).address, fresh.address]
    const verifierWrite = (functionName: 'scheduleSignerSet' | 'setSignerSet') =>
      Promise.all(
        [A, B, C].map(async (clients) => {
          const hash = await clients.wallet(owner).writeContract({
            address: clients.config.contracts.attestationVerifier as Address,
            abi: thresholdAttestationVerifierAbi,
            functionName,
            args: [next, 2n],
          })
          expect((await clients.public.waitForTransactionReceipt({ hash })).status, functionName).toBe('success')
        }),
      )
    await verifierWrite('scheduleSignerSet')
    await advanceTime([A, B, C], SAFETY_DELAYS.adminDelay + 1)

    // In flight: an intent and two pool transfers, then the new set applied and the third attester's key replaced.
    const sender = user(8)
    const open = await declinedIntent(sender) // stays open: for the keys' check below
    const { orderId } = await quotedIntent(sender)
    const transfers = await Promise.all(
      [
        [A, C],
        [B, A],
      ].map(([origin, destination]) =>
        sendPool({
          origin: origin!,
          destination: destination!,
          account: sender,
          token: origin!.token('usdc'),
          amount: usdc('30'),
          recipient: sender.address,
        }),
      ),
    )
    await verifierWrite('setSignerSet')
    await network.services.get('attester-3')!.stop()
    const freshKey = toHex(fresh.getHdKey().privateKey!)
    await network.startService('attester-3', { env: { ATTESTER_PRIVATE_KEY: freshKey } })
    expect((await getJson<{ attester: Address }>(`${serviceUrl(network, 'attester-3')}/health`)).body.attester).toBe(
      fresh.address,
    )
    await claimed(orderId)
    await finalized(A, transfers[0]!.transferId)
    await finalized(B, transfers[1]!.transferId)

    // The retired key no longer counts, even with another's signature; the new one does.
    const fill = {
      domain: intentSettlerDomain(A.config.id, A.config.contracts.intentOriginSettler as Address),
      types: fillAttestationTypes,
      primaryType: 'FillAttestation',
      message: { orderId: open.orderId, solver: sender.address, fillTime: open.fillDeadline - 10 },
    } as const
    const claim = async (keys: ReturnType<typeof devnetAccount>[]) =>
      outcome(A, {
        address: A.config.contracts.intentOriginSettler as Address,
        abi: intentOriginSettlerAbi,
        functionName: 'claim',
        args: [open.orderId, sender.address, open.fillDeadline - 10, await signed(keys, fill)],
        account: sender,
      })
    expect(await claim([attesterKey(1), attesterKey(2)])).toBe('InvalidAttestation')
    expect(await claim([attesterKey(1), fresh])).toBe('ok')
    // The new key counts: without the first attester, the second and the new third settle a transfer.
    await crashService(network, 'attester-1')
    try {
      const { transferId } = await sendPool({
        origin: C,
        destination: B,
        account: sender,
        token: C.token('usdc'),
        amount: usdc('20'),
        recipient: sender.address,
      })
      await finalized(C, transferId)
    } finally {
      await network.startService('attester-1')
    }
  })
})
