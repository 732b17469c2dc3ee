/**
 * Attacks on "delivered or refunded, never both" that each chain alone used to allow: an unattested
 * refund racing a slow attestation, a fee or route change between quote and send, an attested outflow
 * nobody could stop, and a signer set nobody could rotate.
 */
import {
  escrowFromTuple,
  gasBurnerAbi,
  gasBurnerBytecode,
  intentDestinationSettlerAbi,
  intentOriginSettlerAbi,
  intentOriginSettlerBytecode,
  intentOriginSettlerStatus,
  poolBridgeAbi,
  poolBridgeBytecode,
  poolBridgeStatus,
  thresholdAttestationVerifierAbi,
} from '@multi-bridge/contracts'
import { type Address, concat, type Hex, parseEventLogs } from 'viem'
import type { PrivateKeyAccount } from 'viem/accounts'
import { describe, expect, test } from 'vitest'
import {
  ADMIN_DELAY,
  ATTESTED_HOLD,
  accounts,
  attester,
  attesters,
  balanceOf,
  CHANGE_WINDOW,
  deploy,
  deployRevertName,
  expectRevert,
  impostor,
  latestTimestamp,
  MIN_REFUND_DELAY,
  NATIVE,
  signFill,
  signNoFill,
  signNotReleased,
  signRelease,
  signReleased,
  type TestChain,
  useChains,
  warp,
  warpTo,
  write,
} from './fixture.ts'
import {
  claimRequest,
  depositStatus,
  fillOrder,
  openCall,
  openOrder,
  orderRequest,
  refundRequest,
  type SentTransfer,
  sendCall,
  sendTransfer,
} from './orders.ts'

const chainList = useChains([31001, 31002])
const chains = () => ({ a: chainList[0]!, b: chainList[1]!, d: chainList[0]!.contracts })

/** The grace the devnet used to give before an unattested refund (the pool's old refundDelay). */
const OLD_GRACE = 600

async function escrowStatus(chain: TestChain, orderId: Hex): Promise<number> {
  const escrow = await chain.client.readContract({
    address: chain.contracts.origin,
    abi: intentOriginSettlerAbi,
    functionName: 'escrows',
    args: [orderId],
  })
  return escrowFromTuple(escrow).status
}

function poolCall(chain: TestChain, functionName: 'finalize' | 'refund', transferId: Hex, signatures: Hex) {
  return {
    address: chain.contracts.pool,
    abi: poolBridgeAbi,
    functionName,
    args: [transferId, signatures],
    account: accounts.stranger,
  } as const
}

async function releaseCall(destination: TestChain, transfer: SentTransfer) {
  const signatures = await signRelease(destination.chainId, destination.contracts.pool, transfer.release)
  return {
    address: destination.contracts.pool,
    abi: poolBridgeAbi,
    functionName: 'release',
    args: [transfer.release, signatures],
    account: accounts.stranger,
  } as const
}

/** The brake's calls; the settler and the pool share them (SettlementGuard), so one ABI serves both. */
const guardianCall = (contract: Address, functionName: 'pauseSettlement' | 'unpauseSettlement', account: Address) =>
  ({ address: contract, abi: poolBridgeAbi, functionName, args: [], account }) as const

describe('the unattested refund waits for a dead attester, not a slow one', () => {
  test('an order whose expires is closer than minRefundDelay to its fill deadline is refused', async () => {
    const { a, b } = chains()
    const fillDeadline = Number((await a.client.getBlock()).timestamp) + 600
    // expires = fillDeadline + 1 was accepted before: a solver that filled could lose the race to the refund.
    for (const gap of [1, MIN_REFUND_DELAY - 1]) {
      const request = await orderRequest(a, b, { fillDeadline, expires: fillDeadline + gap })
      expect(await expectRevert(a.client, openCall(request), 'InvalidOrder')).toEqual(['refund delay too short'])
    }
    const order = await openOrder(a, b, { fillDeadline, expires: fillDeadline + MIN_REFUND_DELAY })
    expect(await escrowStatus(a, order.orderId)).toBe(intentOriginSettlerStatus.Open)
    expect(
      await a.client.readContract({
        address: a.contracts.origin,
        abi: intentOriginSettlerAbi,
        functionName: 'minRefundDelay',
      }),
    ).toBe(MIN_REFUND_DELAY)
  })

  test('a settler or pool cannot be deployed without a refund delay', async () => {
    const { a, d } = chains()
    expect(
      await deployRevertName(a.client, intentOriginSettlerAbi, intentOriginSettlerBytecode, [
        d.verifier,
        accounts.deployer,
        accounts.guardian,
        0,
        ATTESTED_HOLD,
      ]),
    ).toBe('InvalidOrder')
    const settings = {
      feeBps: 30,
      releaseWindow: 600,
      refundDelay: 3600,
      minRefundDelay: 3600,
      adminDelay: 60,
      attestedHold: ATTESTED_HOLD,
    }
    const pool = (s: typeof settings) =>
      deployRevertName(a.client, poolBridgeAbi, poolBridgeBytecode, [
        d.verifier,
        accounts.deployer,
        accounts.guardian,
        d.weth,
        s,
      ])
    expect(await pool({ ...settings, minRefundDelay: 0 })).toBe('InvalidParameters')
    expect(await pool({ ...settings, refundDelay: 3599 })).toBe('InvalidParameters')
    expect(await pool({ ...settings, adminDelay: 0 })).toBe('InvalidAdminDelay')
    expect(await pool(settings)).toBeUndefined()
  })

  test('a filled order survives an attester outage longer than the old grace: no refund, then the claim', async () => {
    const { a, b, d } = chains()
    const order = await openOrder(a, b)
    const { fillTime } = await fillOrder(b, order)
    // The attester is down well past the old grace.
    await warpTo(a.client, order.data.fillDeadline + OLD_GRACE * 2)
    await expectRevert(a.client, refundRequest(a, order.orderId, '0x'), 'RefundNotYetAvailable')
    // Back up, it attests the fill, and the solver is repaid: the user was paid once, on the destination.
    const signatures = await signFill(a.chainId, d.origin, {
      orderId: order.orderId,
      solver: accounts.solver,
      fillTime,
    })
    await write(a.client, claimRequest(a, order.orderId, accounts.solver, fillTime, signatures))
    expect(await escrowStatus(a, order.orderId)).toBe(intentOriginSettlerStatus.Claimed)
    await warpTo(a.client, order.data.expires + 1)
    await expectRevert(a.client, refundRequest(a, order.orderId, '0x'), 'OrderNotOpen')
  })

  test('a released pool transfer survives a relayer outage longer than the old grace: no refund, then finalize', async () => {
    const { a, b, d } = chains()
    const transfer = await sendTransfer(a, b)
    expect(transfer.expires - transfer.deadline).toBeGreaterThanOrEqual(MIN_REFUND_DELAY)
    await write(b.client, await releaseCall(b, transfer))
    await warpTo(a.client, transfer.deadline + OLD_GRACE * 2)
    await expectRevert(a.client, poolCall(a, 'refund', transfer.transferId, '0x'), 'RefundNotYetAvailable')
    await write(
      a.client,
      poolCall(a, 'finalize', transfer.transferId, await signReleased(a.chainId, d.pool, transfer.transferId)),
    )
    expect(await depositStatus(a.client, d.pool, transfer.transferId)).toBe(poolBridgeStatus.Finalized)
  })
})

describe('quote versus send', () => {
  test('a fee raise and a route change between quote and send refuse the send instead of delivering less or another token', async () => {
    const { a, b, d } = chains()
    const amount = 1_000_000_000n
    const [quotedOut] = await a.client.readContract({
      address: d.pool,
      abi: poolBridgeAbi,
      functionName: 'quote',
      args: [amount],
    })
    // While the person looks at the quote, the owner's scheduled changes come due: a 10 % fee and USDC → USDT.
    const admin = { address: d.pool, abi: poolBridgeAbi, account: accounts.deployer } as const
    const route = [BigInt(b.chainId), d.usdc, b.contracts.usdt, b.contracts.pool] as const
    await write(a.client, { ...admin, functionName: 'scheduleParameters', args: [1000, 600, 3600] })
    await write(a.client, { ...admin, functionName: 'scheduleRoute', args: route })
    await warp(a.client, ADMIN_DELAY)
    await write(a.client, { ...admin, functionName: 'setParameters', args: [1000, 600, 3600] })
    await write(a.client, { ...admin, functionName: 'setRoute', args: route })

    const before = await balanceOf(a.client, d.usdc, accounts.user)
    const quoted = { amount, destinationToken: b.contracts.usdc, minAmountOut: quotedOut }
    expect(await expectRevert(a.client, sendCall(a, b, quoted), 'DestinationTokenMismatch')).toEqual([b.contracts.usdt])
    const args = await expectRevert(
      a.client,
      sendCall(a, b, { ...quoted, destinationToken: b.contracts.usdt }),
      'AmountOutTooLow',
    )
    expect(args).toEqual([amount - amount / 10n, quotedOut])
    expect(await balanceOf(a.client, d.usdc, accounts.user)).toBe(before)
  })

  test('changing or removing a route waits behind the delay; opening a new one does not; the owner can cancel', async () => {
    const { a, b, d } = chains()
    const admin = { address: d.pool, abi: poolBridgeAbi, account: accounts.deployer } as const
    const change = [BigInt(b.chainId), d.usdc, b.contracts.weth, b.contracts.pool] as const
    const removal = [
      BigInt(b.chainId),
      d.usdc,
      '0x0000000000000000000000000000000000000000',
      '0x0000000000000000000000000000000000000000',
    ] as const
    await expectRevert(a.client, { ...admin, functionName: 'setRoute', args: change }, 'ChangeNotScheduled')
    await expectRevert(a.client, { ...admin, functionName: 'setRoute', args: removal }, 'ChangeNotScheduled')
    await expectRevert(
      a.client,
      { ...admin, functionName: 'scheduleRoute', args: removal, account: accounts.stranger },
      'OwnableUnauthorizedAccount',
    )
    // A route that does not exist yet can be opened at once: nobody can have been quoted on it.
    await write(a.client, {
      ...admin,
      functionName: 'setRoute',
      args: [BigInt(b.chainId), d.fot, b.contracts.fot, b.contracts.pool],
    })

    const receipt = await write(a.client, { ...admin, functionName: 'scheduleRoute', args: removal })
    const [scheduled] = (await a.client.getContractEvents({
      address: d.pool,
      abi: poolBridgeAbi,
      eventName: 'ChangeScheduled',
      blockHash: receipt.blockHash,
    })) as { args: { changeId: Hex; readyAt: bigint } }[]
    expect(scheduled).toBeDefined()
    await expectRevert(a.client, { ...admin, functionName: 'setRoute', args: removal }, 'ChangeNotReady')
    await expectRevert(
      a.client,
      { ...admin, functionName: 'cancelChange', args: [scheduled!.args.changeId], account: accounts.stranger },
      'NotAllowedToCancel',
    )
    await write(a.client, { ...admin, functionName: 'cancelChange', args: [scheduled!.args.changeId] })
    await warp(a.client, ADMIN_DELAY)
    await expectRevert(a.client, { ...admin, functionName: 'setRoute', args: removal }, 'ChangeNotScheduled')
    // The route still works as quoted.
    await sendTransfer(a, b, { minAmountOut: 1n, destinationToken: b.contracts.usdc })
  })
})

describe('the guardian brake on attested outflows', () => {
  test('release is paused at once by the guardian (one attester signature no longer drains the pool); refunds pay once the hold ends', async () => {
    const { a, b, d } = chains()
    const transfer = await sendTransfer(a, b)
    const pool = b.contracts.pool
    await expectRevert(b.client, guardianCall(pool, 'pauseSettlement', accounts.stranger), 'NotGuardian')
    await write(b.client, guardianCall(pool, 'pauseSettlement', accounts.guardian))
    // The attester's key is assumed stolen: a validly signed release of a transfer never sent.
    const forged: SentTransfer = {
      ...transfer,
      transferId: `0x${'ab'.repeat(32)}`,
      release: { ...transfer.release, transferId: `0x${'ab'.repeat(32)}`, recipient: accounts.stranger },
    }
    const liquidityBefore = await balanceOf(b.client, d.usdc, pool)
    await expectRevert(b.client, await releaseCall(b, forged), 'SettlementIsPaused')
    await expectRevert(b.client, await releaseCall(b, transfer), 'SettlementIsPaused')
    expect(await balanceOf(b.client, d.usdc, pool)).toBe(liquidityBefore)
    await expectRevert(
      b.client,
      guardianCall(pool, 'unpauseSettlement', accounts.guardian),
      'OwnableUnauthorizedAccount',
    )

    // The sender is refunded on the origin with the not-released attestation, the brake on or not, once its hold ends.
    await write(a.client, guardianCall(d.pool, 'pauseSettlement', accounts.guardian))
    const senderBefore = await balanceOf(a.client, d.usdc, accounts.user)
    await warpTo(a.client, Math.max(transfer.deadline + 1, (await latestTimestamp(a.client)) + ATTESTED_HOLD))
    await write(
      a.client,
      poolCall(a, 'refund', transfer.transferId, await signNotReleased(a.chainId, d.pool, transfer.transferId)),
    )
    expect(await balanceOf(a.client, d.usdc, accounts.user)).toBe(senderBefore + 1_000_000_000n)

    // Only the owner lifts the brake.
    await write(b.client, guardianCall(pool, 'unpauseSettlement', accounts.deployer))
    const second = await sendTransfer(a, b)
    await write(b.client, await releaseCall(b, second))
  })

  test('claim is paused at once by the guardian; the user refund with a no-fill attestation pays once the hold ends', async () => {
    const { a, b, d } = chains()
    const filled = await openOrder(a, b)
    const { fillTime } = await fillOrder(b, filled)
    const unfilled = await openOrder(a, b)
    await write(a.client, guardianCall(d.origin, 'pauseSettlement', accounts.guardian))
    const signatures = await signFill(a.chainId, d.origin, {
      orderId: filled.orderId,
      solver: accounts.solver,
      fillTime,
    })
    await expectRevert(
      a.client,
      claimRequest(a, filled.orderId, accounts.solver, fillTime, signatures),
      'SettlementIsPaused',
    )

    const userBefore = await balanceOf(a.client, d.usdc, accounts.user)
    await warpTo(a.client, Math.max(unfilled.data.fillDeadline + 1, (await latestTimestamp(a.client)) + ATTESTED_HOLD))
    await write(a.client, refundRequest(a, unfilled.orderId, await signNoFill(a.chainId, d.origin, unfilled.orderId)))
    expect(await balanceOf(a.client, d.usdc, accounts.user)).toBe(userBefore + unfilled.data.inputAmount)

    await write(a.client, guardianCall(d.origin, 'unpauseSettlement', accounts.deployer))
    await write(a.client, claimRequest(a, filled.orderId, accounts.solver, fillTime, signatures))
    expect(await escrowStatus(a, filled.orderId)).toBe(intentOriginSettlerStatus.Claimed)
  })
  test('a brake longer than the refund delay never opens the unattested refund of a filled order', async () => {
    const { a, b, d } = chains()
    const order = await openOrder(a, b)
    const { fillTime } = await fillOrder(b, order)
    await write(a.client, guardianCall(d.origin, 'pauseSettlement', accounts.guardian))
    // The incident outlasts `expires`: no unattested refund while the brake is on.
    await warpTo(a.client, order.data.expires + 100)
    await expectRevert(a.client, refundRequest(a, order.orderId, '0x'), 'SettlementIsPaused')
    const receipt = await write(a.client, guardianCall(d.origin, 'unpauseSettlement', accounts.deployer))
    // Released: the escape hatch moved by as long as the brake held the claim back.
    const [availableAfter] = await expectRevert(
      a.client,
      refundRequest(a, order.orderId, '0x'),
      'RefundNotYetAvailable',
    )
    const unpausedAt = Number((await a.client.getBlock({ blockNumber: receipt.blockNumber })).timestamp)
    expect(Number(availableAfter)).toBeGreaterThan(unpausedAt + MIN_REFUND_DELAY / 2)
    const signatures = await signFill(a.chainId, d.origin, {
      orderId: order.orderId,
      solver: accounts.solver,
      fillTime,
    })
    await write(a.client, claimRequest(a, order.orderId, accounts.solver, fillTime, signatures))
    expect(await escrowStatus(a, order.orderId)).toBe(intentOriginSettlerStatus.Claimed)

    // An order opened after the brake is not held back by it.
    const later = await openOrder(a, b)
    await warpTo(a.client, later.data.expires + 1)
    await write(a.client, refundRequest(a, later.orderId, '0x'))
    expect(await escrowStatus(a, later.orderId)).toBe(intentOriginSettlerStatus.Refunded)
  })
})

describe('attester signer rotation', () => {
  test('the signer set changes only through a change scheduled adminDelay ahead', async () => {
    const { a, d } = chains()
    const verifier = { address: d.verifier, abi: thresholdAttestationVerifierAbi, account: accounts.deployer } as const
    const digest = `0x${'11'.repeat(32)}` as Hex
    const verify = async (signer: { sign: (p: { hash: Hex }) => Promise<Hex> }) =>
      a.client.readContract({
        ...verifier,
        functionName: 'verify',
        args: [digest, await signer.sign({ hash: digest })],
      })
    const next = [[impostor.address], 1n] as const

    await expectRevert(
      a.client,
      { ...verifier, functionName: 'scheduleSignerSet', args: next, account: accounts.stranger },
      'OwnableUnauthorizedAccount',
    )
    await expectRevert(
      a.client,
      { ...verifier, functionName: 'scheduleSignerSet', args: [[impostor.address], 0n] },
      'InvalidThreshold',
    )
    await expectRevert(
      a.client,
      { ...verifier, functionName: 'scheduleSignerSet', args: [[impostor.address, impostor.address], 1n] },
      'InvalidSigner',
    )
    await expectRevert(a.client, { ...verifier, functionName: 'setSignerSet', args: next }, 'ChangeNotScheduled')
    await write(a.client, { ...verifier, functionName: 'scheduleSignerSet', args: next })
    await expectRevert(a.client, { ...verifier, functionName: 'setSignerSet', args: next }, 'ChangeNotReady')
    expect(await verify(attester)).toBe(true)
    expect(await verify(impostor)).toBe(false)

    await warp(a.client, ADMIN_DELAY)
    await write(a.client, { ...verifier, functionName: 'setSignerSet', args: next })
    expect(await verify(attester)).toBe(false)
    expect(await verify(impostor)).toBe(true)
    expect(await a.client.readContract({ ...verifier, functionName: 'signers' })).toEqual([impostor.address])
  })
})

// ---- round two (issue 29): gas griefing, a stolen key under the brake, changes that never expire ----

/** Gas the recipient's `receive` demands before it burns it all: the attack used more than 10M. */
const GRIEF_GAS = 10_000_000n
/** The most a fill or a release to any recipient may cost (a token fill costs about 70,000 gas). */
const DELIVERY_GAS_BOUND = 250_000n

async function deployBurner(chain: TestChain): Promise<Address> {
  return deploy(chain.client, gasBurnerAbi, gasBurnerBytecode, [GRIEF_GAS])
}

describe('native coin delivery cannot be griefed', () => {
  test('a recipient whose receive burns gas costs the filler a stipend, and gets WETH; the token output is unchanged', async () => {
    const { a, b } = chains()
    const burner = await deployBurner(b)
    const native = await openOrder(a, b, { outputToken: NATIVE, outputAmount: 10n ** 15n, recipient: burner })
    const { receipt } = await fillOrder(b, native)
    // Before: the settler forwarded all the gas and the fill cost the solver about GRIEF_GAS.
    expect(receipt.gasUsed).toBeLessThan(DELIVERY_GAS_BOUND)
    expect(await balanceOf(b.client, b.contracts.weth, burner)).toBe(10n ** 15n)
    expect(await balanceOf(b.client, NATIVE, burner)).toBe(0n)

    const gas = await openOrder(a, b, { gasAmount: 10n ** 15n, recipient: burner })
    const usdcBefore = await balanceOf(b.client, b.contracts.usdc, burner)
    const filled = await fillOrder(b, gas)
    expect(filled.receipt.gasUsed).toBeLessThan(DELIVERY_GAS_BOUND)
    expect(await balanceOf(b.client, b.contracts.usdc, burner)).toBe(usdcBefore + gas.data.outputAmount)
    expect(await balanceOf(b.client, b.contracts.weth, burner)).toBe(2n * 10n ** 15n)
  })

  test('a recipient that refuses the coin gets WETH instead of a reverted fill or release; a wallet still gets the coin', async () => {
    const { a, b } = chains()
    // The USDC token has no receive: before, every fill and release to it reverted.
    const refuser = b.contracts.usdc
    const order = await openOrder(a, b, { outputToken: NATIVE, outputAmount: 10n ** 15n, recipient: refuser })
    const { receipt } = await fillOrder(b, order)
    expect(receipt.status).toBe('success')
    expect(await balanceOf(b.client, b.contracts.weth, refuser)).toBe(10n ** 15n)
    const [wrapped] = parseEventLogs({
      abi: intentDestinationSettlerAbi,
      logs: receipt.logs,
      eventName: 'PaidInWrappedNative',
    })
    expect(wrapped?.args).toMatchObject({ id: order.orderId, recipient: refuser, amount: 10n ** 15n })

    const transfer = await sendTransfer(a, b, { token: NATIVE, amount: 10n ** 16n, recipient: refuser })
    const released = await write(b.client, await releaseCall(b, transfer))
    expect(await balanceOf(b.client, b.contracts.weth, refuser)).toBe(10n ** 15n + transfer.amountOut)
    expect(parseEventLogs({ abi: poolBridgeAbi, logs: released.logs, eventName: 'PaidInWrappedNative' })).toHaveLength(
      1,
    )

    const wallet = await sendTransfer(a, b, { token: NATIVE, amount: 10n ** 16n, recipient: accounts.recipient })
    const before = await balanceOf(b.client, NATIVE, accounts.recipient)
    await write(b.client, await releaseCall(b, wallet))
    expect(await balanceOf(b.client, NATIVE, accounts.recipient)).toBe(before + wallet.amountOut)
  })

  test('a native pool release to a gas-burning recipient costs the relayer a stipend', async () => {
    const { a, b } = chains()
    const burner = await deployBurner(b)
    const transfer = await sendTransfer(a, b, { token: NATIVE, amount: 1_000n, recipient: burner })
    const receipt = await write(b.client, await releaseCall(b, transfer))
    expect(receipt.gasUsed).toBeLessThan(DELIVERY_GAS_BOUND)
    expect(await balanceOf(b.client, b.contracts.weth, burner)).toBe(transfer.amountOut)
  })
})

describe('a stolen attester key under the brake', () => {
  /** Every brake on both chains, as the guardian would pull them when a key is reported stolen. */
  async function pullEveryBrake(a: TestChain, b: TestChain) {
    for (const chain of [a, b]) {
      await write(chain.client, guardianCall(chain.contracts.origin, 'pauseSettlement', accounts.guardian))
      await write(chain.client, guardianCall(chain.contracts.pool, 'pauseSettlement', accounts.guardian))
    }
  }

  test('forged refunds and a forged finalize are held by the brake; the guardian removes the key at once', async () => {
    const { a, b, d } = chains()
    const filled = await openOrder(a, b)
    await fillOrder(b, filled)
    const released = await sendTransfer(a, b)
    await write(b.client, await releaseCall(b, released))
    const honest = await sendTransfer(a, b, { sender: accounts.user2 })
    await pullEveryBrake(a, b)
    await warpTo(a.client, Math.max(filled.data.fillDeadline, released.deadline, honest.deadline) + 1)

    // The thief signs with the attester's key: each of these paid out before, brake or not.
    const noFill = refundRequest(a, filled.orderId, await signNoFill(a.chainId, d.origin, filled.orderId))
    const notReleased = poolCall(
      a,
      'refund',
      released.transferId,
      await signNotReleased(a.chainId, d.pool, released.transferId),
    )
    const finalized = poolCall(
      a,
      'finalize',
      honest.transferId,
      await signReleased(a.chainId, d.pool, honest.transferId),
    )
    const expectAll = async (errorName: string) => {
      await expectRevert(a.client, noFill, errorName)
      await expectRevert(a.client, notReleased, errorName)
      await expectRevert(a.client, finalized, errorName)
    }
    await expectAll('SettlementIsPaused')

    // Removing a signer only takes power away: the guardian does it at once, no delay.
    const verifier = { address: d.verifier, abi: thresholdAttestationVerifierAbi } as const
    await expectRevert(
      a.client,
      { ...verifier, functionName: 'removeSigner', args: [attester.address], account: accounts.stranger },
      'NotGuardian',
    )
    await write(a.client, {
      ...verifier,
      functionName: 'removeSigner',
      args: [attester.address],
      account: accounts.guardian,
    })
    expect(await a.client.readContract({ ...verifier, functionName: 'isSigner', args: [attester.address] })).toBe(false)

    // The hold ends; the forged attestations no longer verify, and nothing was paid twice.
    await warp(a.client, ATTESTED_HOLD + 1)
    await expectAll('InvalidAttestation')
    expect(await escrowStatus(a, filled.orderId)).toBe(intentOriginSettlerStatus.Open)
    expect(await depositStatus(a.client, d.pool, released.transferId)).toBe(poolBridgeStatus.Pending)
    expect(await depositStatus(a.client, d.pool, honest.transferId)).toBe(poolBridgeStatus.Pending)
  })

  test('the hold on attested refunds is bounded, and the unattested refund moves later by the pause', async () => {
    const { a, b, d } = chains()
    const unfilled = await openOrder(a, b)
    const transfer = await sendTransfer(a, b)
    await write(a.client, guardianCall(d.origin, 'pauseSettlement', accounts.guardian))
    await write(a.client, guardianCall(d.pool, 'pauseSettlement', accounts.guardian))
    const pausedAt = await latestTimestamp(a.client)
    await warpTo(a.client, Math.max(unfilled.data.fillDeadline, transfer.deadline) + 1)
    const noFill = refundRequest(a, unfilled.orderId, await signNoFill(a.chainId, d.origin, unfilled.orderId))
    const notReleased = poolCall(
      a,
      'refund',
      transfer.transferId,
      await signNotReleased(a.chainId, d.pool, transfer.transferId),
    )
    await expectRevert(a.client, noFill, 'SettlementIsPaused')
    await expectRevert(a.client, notReleased, 'SettlementIsPaused')
    // Past the hold the attested refunds pay again, though claims and releases stay paused.
    await warpTo(a.client, pausedAt + ATTESTED_HOLD)
    await write(a.client, noFill)
    await write(a.client, notReleased)
    expect(await a.client.readContract({ address: d.pool, abi: poolBridgeAbi, functionName: 'settlementPaused' })).toBe(
      true,
    )

    // A pool deposit's unattested refund waits out the brake like an escrow's: moved by the pause's length.
    const later = await sendTransfer(a, b)
    await warp(a.client, 500)
    const unpaused = await write(a.client, guardianCall(d.pool, 'unpauseSettlement', accounts.deployer))
    await write(a.client, guardianCall(d.origin, 'unpauseSettlement', accounts.deployer))
    const unpausedAt = Number((await a.client.getBlock({ blockNumber: unpaused.blockNumber })).timestamp)
    const sentAt = Number((await a.client.getBlock({ blockNumber: later.receipt.blockNumber })).timestamp)
    const [availableAfter] = await expectRevert(
      a.client,
      poolCall(a, 'refund', later.transferId, '0x'),
      'RefundNotYetAvailable',
    )
    expect(Number(availableAfter)).toBe(later.expires + (unpausedAt - sentAt))
  })

  test('a key stolen under a brake already on past its hold: pulling it again holds forged refunds as a first pull', async () => {
    const { a, b, d } = chains()
    const filled = await openOrder(a, b)
    await fillOrder(b, filled)
    const released = await sendTransfer(a, b)
    await write(b.client, await releaseCall(b, released))
    // The brake went on for another incident and stayed on past the hold (claims and releases stay stopped).
    await pullEveryBrake(a, b)
    const pausedAt = await latestTimestamp(a.client)
    await warpTo(a.client, Math.max(pausedAt + ATTESTED_HOLD, filled.data.fillDeadline, released.deadline) + 1)
    // Now a key is reported stolen: the guardian pulls every brake again, and the thief signs at once.
    await pullEveryBrake(a, b)
    const pulledAgainAt = await latestTimestamp(a.client)
    const noFill = refundRequest(a, filled.orderId, await signNoFill(a.chainId, d.origin, filled.orderId))
    const notReleased = poolCall(
      a,
      'refund',
      released.transferId,
      await signNotReleased(a.chainId, d.pool, released.transferId),
    )
    await expectRevert(a.client, noFill, 'SettlementIsPaused')
    await expectRevert(a.client, notReleased, 'SettlementIsPaused')
    // The pause itself still counts from the first pull (the unattested refund moves by the whole brake).
    const read = (functionName: 'pausedSince' | 'heldSince') =>
      a.client.readContract({ address: d.pool, abi: poolBridgeAbi, functionName })
    expect(Number(await read('pausedSince'))).toBe(pausedAt)
    expect(Number(await read('heldSince'))).toBe(pulledAgainAt)
    // Held for the hold only: the key is removed meanwhile. A stranger cannot restart the hold, nor the guardian a
    // second time (alone it never holds refunds longer than twice the hold); the owner, who can release, can.
    await expectRevert(a.client, guardianCall(d.pool, 'pauseSettlement', accounts.stranger), 'NotGuardian')
    await expectRevert(a.client, guardianCall(d.pool, 'pauseSettlement', accounts.guardian), 'HoldAlreadyRestarted')
    await warpTo(a.client, pulledAgainAt + ATTESTED_HOLD)
    const held = () => a.client.readContract({ address: d.pool, abi: poolBridgeAbi, functionName: 'attestedHeld' })
    expect(await held()).toBe(false)
    await write(a.client, guardianCall(d.pool, 'pauseSettlement', accounts.deployer))
    expect(await held()).toBe(true)
  })

  test('the pool refuses an unattested refund while its brake is on', async () => {
    const { a, b, d } = chains()
    const transfer = await sendTransfer(a, b)
    await write(a.client, guardianCall(d.pool, 'pauseSettlement', accounts.guardian))
    await warpTo(a.client, transfer.expires + 10)
    await expectRevert(a.client, poolCall(a, 'refund', transfer.transferId, '0x'), 'SettlementIsPaused')
  })

  test('the guardian can remove a signer and cancel a scheduled set, never add one; removal keeps the threshold', async () => {
    const { a, d } = chains()
    const verifier = { address: d.verifier2of3, abi: thresholdAttestationVerifierAbi } as const
    const [first, second, third] = attesters as [PrivateKeyAccount, PrivateKeyAccount, PrivateKeyAccount]
    await write(a.client, {
      ...verifier,
      functionName: 'removeSigner',
      args: [third.address],
      account: accounts.guardian,
    })
    await expectRevert(
      a.client,
      { ...verifier, functionName: 'removeSigner', args: [third.address], account: accounts.guardian },
      'InvalidSigner',
    )
    expect(await a.client.readContract({ ...verifier, functionName: 'threshold' })).toBe(2n)
    expect(await a.client.readContract({ ...verifier, functionName: 'signers' })).toEqual([
      first.address,
      second.address,
    ])
    // Adding still waits: the guardian cannot schedule, and cancels what the owner scheduled.
    const back = [[first.address, second.address, third.address], 2n] as const
    await expectRevert(
      a.client,
      { ...verifier, functionName: 'scheduleSignerSet', args: back, account: accounts.guardian },
      'OwnableUnauthorizedAccount',
    )
    const receipt = await write(a.client, {
      ...verifier,
      functionName: 'scheduleSignerSet',
      args: back,
      account: accounts.deployer,
    })
    const [scheduled] = parseEventLogs({
      abi: thresholdAttestationVerifierAbi,
      logs: receipt.logs,
      eventName: 'ChangeScheduled',
    })
    await write(a.client, {
      ...verifier,
      functionName: 'cancelChange',
      args: [scheduled!.args.changeId],
      account: accounts.guardian,
    })
    await warp(a.client, ADMIN_DELAY)
    await expectRevert(
      a.client,
      { ...verifier, functionName: 'setSignerSet', args: back, account: accounts.deployer },
      'ChangeNotScheduled',
    )
    // Below the threshold nothing verifies: a key taken out can only stop attested payouts, never forge one.
    await write(a.client, {
      ...verifier,
      functionName: 'removeSigner',
      args: [second.address],
      account: accounts.guardian,
    })
    const digest = `0x${'22'.repeat(32)}` as Hex
    const signature = await first.sign({ hash: digest })
    expect(
      await a.client.readContract({
        ...verifier,
        functionName: 'verify',
        args: [digest, concat([signature, signature])],
      }),
    ).toBe(false)
  })
})

describe('scheduled changes expire', () => {
  test('a signer set or a pool change announced once cannot be applied long after its window', async () => {
    const { a, d } = chains()
    const verifier = { address: d.verifier, abi: thresholdAttestationVerifierAbi, account: accounts.deployer } as const
    const next = [[impostor.address], 1n] as const
    await write(a.client, { ...verifier, functionName: 'scheduleSignerSet', args: next })
    const pool = { address: d.pool, abi: poolBridgeAbi, account: accounts.deployer } as const
    await write(a.client, { ...pool, functionName: 'scheduleParameters', args: [1000, 600, 3600] })
    // A year later, everyone has forgotten the announcement: before, it could still be applied.
    await warp(a.client, 365 * 86_400)
    await expectRevert(a.client, { ...verifier, functionName: 'setSignerSet', args: next }, 'ChangeExpired')
    await expectRevert(a.client, { ...pool, functionName: 'setParameters', args: [1000, 600, 3600] }, 'ChangeExpired')
    expect(await a.client.readContract({ ...verifier, functionName: 'signers' })).toEqual([attester.address])

    // Within its window it applies, and the window is public.
    const receipt = await write(a.client, { ...verifier, functionName: 'scheduleSignerSet', args: next })
    const [scheduled] = parseEventLogs({
      abi: thresholdAttestationVerifierAbi,
      logs: receipt.logs,
      eventName: 'ChangeScheduled',
    })
    expect(scheduled!.args.expiresAt - scheduled!.args.readyAt).toBe(BigInt(CHANGE_WINDOW))
    await warpTo(a.client, Number(scheduled!.args.expiresAt))
    await write(a.client, { ...verifier, functionName: 'setSignerSet', args: next })
    expect(await a.client.readContract({ ...verifier, functionName: 'signers' })).toEqual([impostor.address])
  })
})
