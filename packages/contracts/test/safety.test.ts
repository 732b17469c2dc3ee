/**
 * Attacks on "delivered or refunded, never both" that each chain alone used to allow: an unattested
 * refund racing a slow attestation, a fee or route change between quote and send, an attested outflow
 * nobody could stop, and a signer set nobody could rotate.
 */
import {
  escrowFromTuple,
  intentOriginSettlerAbi,
  intentOriginSettlerBytecode,
  intentOriginSettlerStatus,
  poolBridgeAbi,
  poolBridgeBytecode,
  poolBridgeStatus,
  thresholdAttestationVerifierAbi,
} from '@multi-bridge/contracts'
import type { Address, Hex } from 'viem'
import { describe, expect, test } from 'vitest'
import {
  ADMIN_DELAY,
  accounts,
  attester,
  balanceOf,
  deployRevertName,
  expectRevert,
  impostor,
  MIN_REFUND_DELAY,
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
      ]),
    ).toBe('InvalidOrder')
    const settings = { feeBps: 30, releaseWindow: 600, refundDelay: 3600, minRefundDelay: 3600, adminDelay: 60 }
    const pool = (s: typeof settings) =>
      deployRevertName(a.client, poolBridgeAbi, poolBridgeBytecode, [
        d.verifier,
        accounts.deployer,
        accounts.guardian,
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
      'OwnableUnauthorizedAccount',
    )
    await write(a.client, { ...admin, functionName: 'cancelChange', args: [scheduled!.args.changeId] })
    await warp(a.client, ADMIN_DELAY)
    await expectRevert(a.client, { ...admin, functionName: 'setRoute', args: removal }, 'ChangeNotScheduled')
    // The route still works as quoted.
    await sendTransfer(a, b, { minAmountOut: 1n, destinationToken: b.contracts.usdc })
  })
})

describe('the guardian brake on attested outflows', () => {
  test('release is paused at once by the guardian (one attester signature no longer drains the pool); refunds still pay', async () => {
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

    // The sender is refunded on the origin with the not-released attestation, brake or not.
    await write(a.client, guardianCall(d.pool, 'pauseSettlement', accounts.guardian))
    const senderBefore = await balanceOf(a.client, d.usdc, accounts.user)
    await warpTo(a.client, transfer.deadline + 1)
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

  test('claim is paused at once by the guardian; the user refund with a no-fill attestation still pays', async () => {
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
    await warpTo(a.client, unfilled.data.fillDeadline + 1)
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
