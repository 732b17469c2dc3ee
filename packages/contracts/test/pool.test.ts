import { poolBridgeAbi, poolBridgeStatus, tetherLikeTokenAbi } from '@multi-bridge/contracts'
import { type Address, type Hex, parseEther, parseEventLogs, zeroAddress } from 'viem'
import { describe, expect, test } from 'vitest'
import {
  ADMIN_DELAY,
  accounts,
  balanceOf,
  expectRevert,
  impostor,
  MIN_REFUND_DELAY,
  NATIVE,
  POOL_FEE_BPS,
  POOL_LIQUIDITY,
  POOL_REFUND_DELAY,
  POOL_RELEASE_WINDOW,
  setNextTimestamp,
  signNotReleased,
  signRelease,
  signReleased,
  type TestChain,
  useChains,
  warp,
  warpTo,
  write,
} from './fixture.ts'
import { depositStatus, type SentTransfer, sendTransfer } from './orders.ts'

const chainList = useChains([31001, 31002])
/** Chain A (31001) and B (31002); `d` holds the contract addresses, identical on both. */
const chains = () => ({ a: chainList[0]!, b: chainList[1]!, d: chainList[0]!.contracts })

async function liquidity(chain: TestChain, token: Address): Promise<bigint> {
  return chain.client.readContract({
    address: chain.contracts.pool,
    abi: poolBridgeAbi,
    functionName: 'liquidity',
    args: [token],
  })
}

async function escrowed(chain: TestChain, token: Address): Promise<bigint> {
  return chain.client.readContract({
    address: chain.contracts.pool,
    abi: poolBridgeAbi,
    functionName: 'escrowed',
    args: [token],
  })
}

/** The pool holds exactly its free liquidity plus the pending deposits. */
async function expectBooksBalance(chain: TestChain, token: Address) {
  const [held, free, pending] = await Promise.all([
    balanceOf(chain.client, token, chain.contracts.pool),
    liquidity(chain, token),
    escrowed(chain, token),
  ])
  expect(held).toBe(free + pending)
}

async function release(destination: TestChain, transfer: SentTransfer, signatures?: Hex) {
  const sig = signatures ?? (await signRelease(destination.chainId, destination.contracts.pool, transfer.release))
  return releaseCall(destination, transfer, sig)
}

function releaseCall(
  destination: TestChain,
  transfer: SentTransfer,
  signatures: Hex,
  account: Address = accounts.stranger,
) {
  return {
    address: destination.contracts.pool,
    abi: poolBridgeAbi,
    functionName: 'release',
    args: [transfer.release, signatures],
    account,
  } as const
}

function settleCall(origin: TestChain, functionName: 'finalize' | 'refund', transferId: Hex, signatures: Hex) {
  return {
    address: origin.contracts.pool,
    abi: poolBridgeAbi,
    functionName,
    args: [transferId, signatures],
    account: accounts.stranger,
  } as const
}

describe('send', () => {
  test('escrows the deposit and quotes amount minus the fee', async () => {
    const { a, b, d } = chains()
    const amount = 1_234_567n
    const fee = (amount * BigInt(POOL_FEE_BPS)) / 10_000n
    expect(fee).toBe(3703n)
    expect(
      await a.client.readContract({ address: d.pool, abi: poolBridgeAbi, functionName: 'quote', args: [amount] }),
    ).toEqual([amount - fee, fee])
    const userBefore = await balanceOf(a.client, d.usdc, accounts.user)
    const escrowedBefore = await escrowed(a, d.usdc)

    const transfer = await sendTransfer(a, b, { amount })

    const [sent] = parseEventLogs({ abi: poolBridgeAbi, logs: transfer.receipt.logs, eventName: 'Sent' })
    const sentAt = Number((await a.client.getBlock({ blockNumber: transfer.receipt.blockNumber })).timestamp)
    expect(sent?.args).toEqual({
      transferId: transfer.transferId,
      sender: accounts.user,
      token: d.usdc,
      amount,
      destinationChainId: BigInt(b.chainId),
      destinationPool: b.contracts.pool,
      destinationToken: b.contracts.usdc,
      recipient: accounts.recipient,
      amountOut: 1_230_864n,
      deadline: sentAt + POOL_RELEASE_WINDOW,
      expires: sentAt + POOL_RELEASE_WINDOW + POOL_REFUND_DELAY,
    })
    expect(await depositStatus(a.client, d.pool, transfer.transferId)).toBe(poolBridgeStatus.Pending)
    expect(await escrowed(a, d.usdc)).toBe(escrowedBefore + amount)
    expect(await liquidity(a, d.usdc)).toBe(POOL_LIQUIDITY)
    expect(await balanceOf(a.client, d.usdc, accounts.user)).toBe(userBefore - amount)
    await expectBooksBalance(a, d.usdc)
  })

  test('rejects unknown routes, zero amounts, a zero recipient and a fee-on-transfer token', async () => {
    const { a, b, d } = chains()
    const send = (token: Address, amount: bigint, recipient: Address = accounts.recipient, chainId = b.chainId) =>
      ({
        address: d.pool,
        abi: poolBridgeAbi,
        functionName: 'send',
        args: [token, amount, BigInt(chainId), recipient, token, 0n],
        account: accounts.user,
      }) as const
    expect(await expectRevert(a.client, send(d.fot, 1_000n), 'NoRoute')).toEqual([BigInt(b.chainId), d.fot])
    await expectRevert(a.client, send(d.usdc, 1_000n, accounts.recipient, 999), 'NoRoute')
    await expectRevert(a.client, send(d.usdc, 0n), 'InvalidAmount')
    await expectRevert(a.client, send(d.usdc, 1_000n, zeroAddress), 'ZeroAddress')
    await expectRevert(a.client, { ...send(d.usdc, 1_000n), value: 1n }, 'UnexpectedNativeValue')

    // Even with a route, a token that delivers less than the amount is refused.
    await write(a.client, {
      address: d.pool,
      abi: poolBridgeAbi,
      functionName: 'setRoute',
      args: [BigInt(b.chainId), d.fot, b.contracts.fot, b.contracts.pool],
      account: accounts.deployer,
    })
    expect(await expectRevert(a.client, send(d.fot, 1_000n), 'AmountReceivedMismatch')).toEqual([1_000n, 990n])
    expect(await balanceOf(a.client, d.fot, d.pool)).toBe(0n)
  })

  test('sends the native coin as msg.value', async () => {
    const { a, b, d } = chains()
    const amount = parseEther('1')
    await expectRevert(
      a.client,
      {
        address: d.pool,
        abi: poolBridgeAbi,
        functionName: 'send',
        args: [NATIVE, amount, BigInt(b.chainId), accounts.recipient, NATIVE, 0n],
        account: accounts.user,
        value: amount - 1n,
      },
      'NativeAmountMismatch',
    )
    const transfer = await sendTransfer(a, b, { token: NATIVE, amount })
    expect(transfer.release.token).toBe(NATIVE)
    expect(transfer.amountOut).toBe(amount - (amount * BigInt(POOL_FEE_BPS)) / 10_000n)
    expect(await escrowed(a, NATIVE)).toBe(amount)
    await expectBooksBalance(a, NATIVE)

    const recipientBefore = await balanceOf(b.client, NATIVE, accounts.recipient)
    await write(b.client, await release(b, transfer))
    expect(await balanceOf(b.client, NATIVE, accounts.recipient)).toBe(recipientBefore + transfer.amountOut)
    await expectBooksBalance(b, NATIVE)

    await write(
      a.client,
      settleCall(a, 'finalize', transfer.transferId, await signReleased(a.chainId, d.pool, transfer.transferId)),
    )
    expect(await escrowed(a, NATIVE)).toBe(0n)
    await expectBooksBalance(a, NATIVE)
  })

  test('works with the USDT-like token, whose approve must go through zero', async () => {
    const { a, b, d } = chains()
    const amount = 5_000_000n
    const approve = (value: bigint) =>
      ({
        address: d.usdt,
        abi: tetherLikeTokenAbi,
        functionName: 'approve',
        args: [d.pool, value],
        account: accounts.stranger,
      }) as const
    const allowance = () =>
      a.client.readContract({
        address: d.usdt,
        abi: tetherLikeTokenAbi,
        functionName: 'allowance',
        args: [accounts.stranger, d.pool],
      })
    const strangerBefore = await balanceOf(a.client, d.usdt, accounts.stranger)

    await write(a.client, approve(2n * amount))
    const first = await sendTransfer(a, b, { token: d.usdt, amount, sender: accounts.stranger })
    expect(await allowance()).toBe(amount)
    const args = await expectRevert(a.client, approve(3n * amount), 'Error')
    expect(args).toEqual(['reset allowance to zero first'])
    expect(await allowance()).toBe(amount)
    await write(a.client, approve(0n))
    await write(a.client, approve(amount))
    const second = await sendTransfer(a, b, { token: d.usdt, amount, sender: accounts.stranger })
    expect(await allowance()).toBe(0n)
    expect(await balanceOf(a.client, d.usdt, accounts.stranger)).toBe(strangerBefore - 2n * amount)
    expect(await escrowed(a, d.usdt)).toBe(2n * amount)

    const recipientBefore = await balanceOf(b.client, d.usdt, accounts.recipient)
    await write(b.client, await release(b, first))
    await write(b.client, await release(b, second))
    expect(await balanceOf(b.client, d.usdt, accounts.recipient)).toBe(
      recipientBefore + first.amountOut + second.amountOut,
    )
    await expectBooksBalance(b, d.usdt)
  })
})

describe('release', () => {
  test('pays the recipient from liquidity, once', async () => {
    const { a, b } = chains()
    const transfer = await sendTransfer(a, b)
    const token = b.contracts.usdc
    const recipientBefore = await balanceOf(b.client, token, accounts.recipient)
    const signatures = await signRelease(b.chainId, b.contracts.pool, transfer.release)

    const receipt = await write(b.client, releaseCall(b, transfer, signatures))

    const [event] = parseEventLogs({ abi: poolBridgeAbi, logs: receipt.logs, eventName: 'ReleasedOnDestination' })
    expect(event?.args).toEqual({
      transferId: transfer.transferId,
      recipient: accounts.recipient,
      token,
      amount: transfer.amountOut,
    })
    expect(await balanceOf(b.client, token, accounts.recipient)).toBe(recipientBefore + transfer.amountOut)
    expect(await liquidity(b, token)).toBe(POOL_LIQUIDITY - transfer.amountOut)
    expect(
      await b.client.readContract({
        address: b.contracts.pool,
        abi: poolBridgeAbi,
        functionName: 'released',
        args: [transfer.transferId],
      }),
    ).toBe(true)

    const args = await expectRevert(b.client, releaseCall(b, transfer, signatures), 'AlreadyReleased')
    expect(args).toEqual([transfer.transferId])
    expect(await balanceOf(b.client, token, accounts.recipient)).toBe(recipientBefore + transfer.amountOut)
    expect(await liquidity(b, token)).toBe(POOL_LIQUIDITY - transfer.amountOut)
    await expectBooksBalance(b, token)
  })

  test('succeeds exactly at the deadline and fails one second after', async () => {
    const { a, b } = chains()
    const onTime = await sendTransfer(a, b)
    const late = await sendTransfer(a, b)
    await setNextTimestamp(b.client, onTime.deadline)
    await write(b.client, await release(b, onTime))
    await setNextTimestamp(b.client, late.deadline + 1)
    const args = await expectRevert(b.client, await release(b, late), 'ReleaseDeadlinePassed')
    expect(args).toEqual([late.deadline])
    expect(await liquidity(b, b.contracts.usdc)).toBe(POOL_LIQUIDITY - onTime.amountOut)
  })

  test('rejects more than the free liquidity; the sender is then refunded on the origin', async () => {
    const { a, b, d } = chains()
    const transfer = await sendTransfer(a, b, { amount: 2n * POOL_LIQUIDITY })
    const args = await expectRevert(b.client, await release(b, transfer), 'InsufficientLiquidity')
    expect(args).toEqual([POOL_LIQUIDITY, transfer.amountOut])
    expect(await liquidity(b, b.contracts.usdc)).toBe(POOL_LIQUIDITY)

    const userBefore = await balanceOf(a.client, d.usdc, accounts.user)
    await warpTo(a.client, transfer.deadline + 1)
    await write(
      a.client,
      settleCall(a, 'refund', transfer.transferId, await signNotReleased(a.chainId, d.pool, transfer.transferId)),
    )
    // The whole deposit comes back, fee included.
    expect(await balanceOf(a.client, d.usdc, accounts.user)).toBe(userBefore + 2n * POOL_LIQUIDITY)
    await expectBooksBalance(a, d.usdc)
  })

  test('rejects attestations for another chain, another pool, or other release fields', async () => {
    const { a, b, d } = chains()
    const transfer = await sendTransfer(a, b)
    const invalid: Hex[] = [
      '0x',
      await signRelease(a.chainId, d.pool, transfer.release), // the origin chain's domain
      await signRelease(b.chainId, d.origin, transfer.release), // another verifying contract
      await signRelease(b.chainId, d.pool, transfer.release, [impostor]),
      await signRelease(b.chainId, d.pool, { ...transfer.release, amount: transfer.amountOut + 1n }),
      await signRelease(b.chainId, d.pool, { ...transfer.release, recipient: accounts.stranger }),
      await signReleased(b.chainId, d.pool, transfer.transferId),
    ]
    for (const signatures of invalid) {
      await expectRevert(b.client, releaseCall(b, transfer, signatures), 'InvalidAttestation')
    }
    // A valid attestation cannot be bent to other fields either.
    const valid = await signRelease(b.chainId, d.pool, transfer.release)
    const redirected = { ...transfer, release: { ...transfer.release, recipient: accounts.stranger } }
    await expectRevert(b.client, releaseCall(b, redirected, valid), 'InvalidAttestation')
    expect(await liquidity(b, d.usdc)).toBe(POOL_LIQUIDITY)
    await write(b.client, releaseCall(b, transfer, valid))
    expect(await liquidity(b, d.usdc)).toBe(POOL_LIQUIDITY - transfer.amountOut)
  })
})

describe('finalize and refund', () => {
  test('finalize turns the escrowed deposit into liquidity; a refund is then rejected', async () => {
    const { a, b, d } = chains()
    const transfer = await sendTransfer(a, b)
    const amount = 1_000_000_000n
    await expectRevert(
      a.client,
      settleCall(a, 'finalize', transfer.transferId, await signNotReleased(a.chainId, d.pool, transfer.transferId)),
      'InvalidAttestation',
    )
    await expectRevert(a.client, settleCall(a, 'finalize', transfer.transferId, '0x'), 'InvalidAttestation')
    const poolBefore = await balanceOf(a.client, d.usdc, d.pool)

    const released = await signReleased(a.chainId, d.pool, transfer.transferId)
    const receipt = await write(a.client, settleCall(a, 'finalize', transfer.transferId, released))

    expect(parseEventLogs({ abi: poolBridgeAbi, logs: receipt.logs, eventName: 'Finalized' })).toHaveLength(1)
    expect(await depositStatus(a.client, d.pool, transfer.transferId)).toBe(poolBridgeStatus.Finalized)
    expect(await escrowed(a, d.usdc)).toBe(0n)
    expect(await liquidity(a, d.usdc)).toBe(POOL_LIQUIDITY + amount)
    expect(await balanceOf(a.client, d.usdc, d.pool)).toBe(poolBefore)

    await expectRevert(a.client, settleCall(a, 'finalize', transfer.transferId, released), 'DepositNotPending')
    await warpTo(a.client, transfer.deadline + 1)
    const notReleased = await signNotReleased(a.chainId, d.pool, transfer.transferId)
    await expectRevert(a.client, settleCall(a, 'refund', transfer.transferId, notReleased), 'DepositNotPending')
    await warpTo(a.client, transfer.expires + 1)
    const args = await expectRevert(a.client, settleCall(a, 'refund', transfer.transferId, '0x'), 'DepositNotPending')
    expect(args).toEqual([transfer.transferId])
    expect(await liquidity(a, d.usdc)).toBe(POOL_LIQUIDITY + amount)
    await expectBooksBalance(a, d.usdc)
  })

  test('refund with a not-released attestation only after the deadline; finalize is then rejected', async () => {
    const { a, b, d } = chains()
    const transfer = await sendTransfer(a, b)
    const notReleased = await signNotReleased(a.chainId, d.pool, transfer.transferId)
    let args = await expectRevert(
      a.client,
      settleCall(a, 'refund', transfer.transferId, notReleased),
      'RefundNotYetAvailable',
    )
    expect(args).toEqual([transfer.deadline])
    await setNextTimestamp(a.client, transfer.deadline)
    await expectRevert(a.client, settleCall(a, 'refund', transfer.transferId, notReleased), 'RefundNotYetAvailable')
    await setNextTimestamp(a.client, transfer.deadline + 1)
    args = await expectRevert(a.client, settleCall(a, 'refund', transfer.transferId, '0x'), 'RefundNotYetAvailable')
    expect(args).toEqual([transfer.expires])
    await expectRevert(
      a.client,
      settleCall(
        a,
        'refund',
        transfer.transferId,
        await signNotReleased(a.chainId, d.pool, transfer.transferId, [impostor]),
      ),
      'InvalidAttestation',
    )
    await expectRevert(
      a.client,
      settleCall(a, 'refund', transfer.transferId, await signReleased(a.chainId, d.pool, transfer.transferId)),
      'InvalidAttestation',
    )

    const userBefore = await balanceOf(a.client, d.usdc, accounts.user)
    const strangerBefore = await balanceOf(a.client, d.usdc, accounts.stranger)
    const receipt = await write(a.client, settleCall(a, 'refund', transfer.transferId, notReleased))
    const [event] = parseEventLogs({ abi: poolBridgeAbi, logs: receipt.logs, eventName: 'Refunded' })
    expect(event?.args).toEqual({
      transferId: transfer.transferId,
      sender: accounts.user,
      amount: 1_000_000_000n,
      attested: true,
    })
    expect(await balanceOf(a.client, d.usdc, accounts.user)).toBe(userBefore + 1_000_000_000n)
    expect(await balanceOf(a.client, d.usdc, accounts.stranger)).toBe(strangerBefore)
    expect(await depositStatus(a.client, d.pool, transfer.transferId)).toBe(poolBridgeStatus.Refunded)
    expect(await escrowed(a, d.usdc)).toBe(0n)
    expect(await liquidity(a, d.usdc)).toBe(POOL_LIQUIDITY)

    const released = await signReleased(a.chainId, d.pool, transfer.transferId)
    await expectRevert(a.client, settleCall(a, 'finalize', transfer.transferId, released), 'DepositNotPending')
    await expectRevert(a.client, settleCall(a, 'refund', transfer.transferId, notReleased), 'DepositNotPending')
    expect(await liquidity(a, d.usdc)).toBe(POOL_LIQUIDITY)
    await expectBooksBalance(a, d.usdc)
  })

  test('refund without attestation after expires, sent by a third party, pays the sender', async () => {
    const { a, b, d } = chains()
    const transfer = await sendTransfer(a, b, { sender: accounts.user2 })
    await setNextTimestamp(a.client, transfer.expires)
    const args = await expectRevert(
      a.client,
      settleCall(a, 'refund', transfer.transferId, '0x'),
      'RefundNotYetAvailable',
    )
    expect(args).toEqual([transfer.expires])

    const senderBefore = await balanceOf(a.client, d.usdc, accounts.user2)
    const strangerBefore = await balanceOf(a.client, d.usdc, accounts.stranger)
    await setNextTimestamp(a.client, transfer.expires + 1)
    await write(a.client, settleCall(a, 'refund', transfer.transferId, '0x'))
    expect(await balanceOf(a.client, d.usdc, accounts.user2)).toBe(senderBefore + 1_000_000_000n)
    expect(await balanceOf(a.client, d.usdc, accounts.stranger)).toBe(strangerBefore)
    expect(await depositStatus(a.client, d.pool, transfer.transferId)).toBe(poolBridgeStatus.Refunded)
    await expectBooksBalance(a, d.usdc)
  })
})

describe('admin', () => {
  test('the owner withdraws free liquidity only; escrowed deposits stay out of reach', async () => {
    const { a, b, d } = chains()
    const transfer = await sendTransfer(a, b)
    const remove = (amount: bigint, account: Address = accounts.deployer) =>
      ({
        address: d.pool,
        abi: poolBridgeAbi,
        functionName: 'removeLiquidity',
        args: [d.usdc, amount, accounts.liquidityOwner],
        account,
      }) as const
    await expectRevert(a.client, remove(1n, accounts.stranger), 'OwnableUnauthorizedAccount')
    const args = await expectRevert(a.client, remove(POOL_LIQUIDITY + 1n), 'InsufficientLiquidity')
    expect(args).toEqual([POOL_LIQUIDITY, POOL_LIQUIDITY + 1n])

    const ownerBefore = await balanceOf(a.client, d.usdc, accounts.liquidityOwner)
    await write(a.client, remove(POOL_LIQUIDITY))
    expect(await balanceOf(a.client, d.usdc, accounts.liquidityOwner)).toBe(ownerBefore + POOL_LIQUIDITY)
    expect(await balanceOf(a.client, d.usdc, d.pool)).toBe(1_000_000_000n)
    await expectRevert(a.client, remove(1n), 'InsufficientLiquidity')

    // The deposit is still whole and goes back to its sender.
    const userBefore = await balanceOf(a.client, d.usdc, accounts.user)
    await warpTo(a.client, transfer.expires + 1)
    await write(a.client, settleCall(a, 'refund', transfer.transferId, '0x'))
    expect(await balanceOf(a.client, d.usdc, accounts.user)).toBe(userBefore + 1_000_000_000n)
    expect(await balanceOf(a.client, d.usdc, d.pool)).toBe(0n)
  })

  test('pausing blocks send but not release, finalize or refund', async () => {
    const { a, b, d } = chains()
    const toFinalize = await sendTransfer(a, b)
    const toRefund = await sendTransfer(a, b)
    const pause = { address: d.pool, abi: poolBridgeAbi, functionName: 'pause', args: [] } as const
    await expectRevert(a.client, { ...pause, account: accounts.stranger }, 'OwnableUnauthorizedAccount')
    await write(a.client, { ...pause, account: accounts.deployer })
    await write(b.client, { ...pause, account: accounts.deployer })

    await expectRevert(
      a.client,
      {
        address: d.pool,
        abi: poolBridgeAbi,
        functionName: 'send',
        args: [d.usdc, 1_000n, BigInt(b.chainId), accounts.recipient, d.usdc, 0n],
        account: accounts.user,
      },
      'EnforcedPause',
    )
    const recipientBefore = await balanceOf(b.client, d.usdc, accounts.recipient)
    await write(b.client, await release(b, toFinalize))
    expect(await balanceOf(b.client, d.usdc, accounts.recipient)).toBe(recipientBefore + toFinalize.amountOut)

    await write(
      a.client,
      settleCall(a, 'finalize', toFinalize.transferId, await signReleased(a.chainId, d.pool, toFinalize.transferId)),
    )
    expect(await depositStatus(a.client, d.pool, toFinalize.transferId)).toBe(poolBridgeStatus.Finalized)

    const userBefore = await balanceOf(a.client, d.usdc, accounts.user)
    await warpTo(a.client, toRefund.deadline + 1)
    await write(
      a.client,
      settleCall(a, 'refund', toRefund.transferId, await signNotReleased(a.chainId, d.pool, toRefund.transferId)),
    )
    expect(await balanceOf(a.client, d.usdc, accounts.user)).toBe(userBefore + 1_000_000_000n)
    await expectBooksBalance(a, d.usdc)
  })

  test('only the owner changes parameters, within bounds, and only after the delay', async () => {
    const { a, d } = chains()
    const call = (
      functionName: 'scheduleParameters' | 'setParameters',
      fee: number,
      window: number,
      delay: number,
      account: Address = accounts.deployer,
    ) => ({ address: d.pool, abi: poolBridgeAbi, functionName, args: [fee, window, delay], account }) as const
    await expectRevert(
      a.client,
      call('scheduleParameters', 10, 60, 3600, accounts.stranger),
      'OwnableUnauthorizedAccount',
    )
    await expectRevert(a.client, call('scheduleParameters', 1001, 60, 3600), 'InvalidParameters')
    await expectRevert(a.client, call('scheduleParameters', 10, 0, 3600), 'InvalidParameters')
    // The refund delay can never drop below the deployment's minimum.
    await expectRevert(a.client, call('scheduleParameters', 10, 60, MIN_REFUND_DELAY - 1), 'InvalidParameters')
    await expectRevert(a.client, call('setParameters', 1000, 60, 3600), 'ChangeNotScheduled')
    await write(a.client, call('scheduleParameters', 1000, 60, 3600))
    await expectRevert(a.client, call('setParameters', 1000, 60, 3600), 'ChangeNotReady')
    // Only exactly the scheduled change can be applied.
    await expectRevert(a.client, call('setParameters', 999, 60, 3600), 'ChangeNotScheduled')
    await warp(a.client, ADMIN_DELAY)
    await write(a.client, call('setParameters', 1000, 60, 3600))
    expect(await a.client.readContract({ address: d.pool, abi: poolBridgeAbi, functionName: 'feeBps' })).toBe(1000)
    expect(
      await a.client.readContract({ address: d.pool, abi: poolBridgeAbi, functionName: 'quote', args: [10_000n] }),
    ).toEqual([9_000n, 1_000n])
    // A change is applied once.
    await expectRevert(a.client, call('setParameters', 1000, 60, 3600), 'ChangeNotScheduled')
  })
})
