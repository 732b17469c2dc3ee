/**
 * Gasless intents (issue 32): `openFor` with one EIP-3009 signature from a person who holds no native coin, and the
 * attacks on it: replays (same chain, another chain, another settler, late, cancelled), front-runs, signatures
 * moved onto other amounts or recipients, tokens without EIP-3009, and a solver that opens but never fills.
 */
import {
  devTokenAbi,
  escrowFromTuple,
  intentOriginSettlerAbi,
  intentOriginSettlerStatus,
  tetherLikeTokenAbi,
} from '@multi-bridge/contracts'
import {
  buildGaslessCrossChainOrder,
  cancelAuthorizationTypes,
  computeIntentOrderId,
  decodeIntentOriginData,
  gaslessOrderHash,
  transferWithAuthorizationTypes,
} from '@multi-bridge/core'
import { type Address, type Hex, keccak256, parseSignature, toHex } from 'viem'
import { describe, expect, test } from 'vitest'
import {
  accounts,
  balanceOf,
  expectRevert,
  latestTimestamp,
  malleate,
  NATIVE,
  setNextTimestamp,
  signNoFill,
  type TestChain,
  useChains,
  warpTo,
  write,
} from './fixture.ts'
import { gaslessOrder, gaslessPerson, openForCall, openGasless, signGasless, tokenDomain } from './gaslessOrders.ts'
import { fillOrder, fillRequest, openCall, orderRequest, refundRequest } from './orders.ts'

const chainList = useChains([31001, 31002])
const chains = () => ({ a: chainList[0]!, b: chainList[1]!, d: chainList[0]!.contracts })

async function escrow(chain: TestChain, orderId: Hex, settler = chain.contracts.origin) {
  const tuple = await chain.client.readContract({
    address: settler,
    abi: intentOriginSettlerAbi,
    functionName: 'escrows',
    args: [orderId],
  })
  return escrowFromTuple(tuple)
}

/** A person (USDC, no native coin) and a signed USDC order from A to B. */
async function signedOrder(label: string, p: Parameters<typeof gaslessOrder>[3] = {}) {
  const { a, b } = chains()
  const person = await gaslessPerson(a, label)
  const order = await gaslessOrder(a, b, person.address, p)
  const signature = await signGasless(a.client, order, person)
  return { person, order, signature }
}

const usdcOf = (chain: TestChain, account: Address) => balanceOf(chain.client, chain.contracts.usdc, account)

describe('openFor', () => {
  test('opens with the one signature of a person without native coin, the solver paying the gas, as open does', async () => {
    const { a, d } = chains()
    const { person, order, signature } = await signedOrder('happy')
    const onChainHash = await a.client.readContract({
      address: d.origin,
      abi: intentOriginSettlerAbi,
      functionName: 'gaslessOrderHash',
      args: [buildGaslessCrossChainOrder(order)],
    })
    expect(onChainHash).toBe(gaslessOrderHash(order))
    const predicted = await a.client.readContract({
      address: d.origin,
      abi: intentOriginSettlerAbi,
      functionName: 'resolveFor',
      args: [buildGaslessCrossChainOrder(order), '0x'],
    })
    const solverEth = await balanceOf(a.client, NATIVE, accounts.solver)

    const opened = await openGasless(a, order, signature)

    expect(await balanceOf(a.client, NATIVE, person.address)).toBe(0n)
    // The solver prices and caps an openFor at OPEN_FOR_GAS (apps/services/src/solver/gaslessTerms.ts): 260,000.
    expect(opened.receipt.gasUsed).toBeLessThan(260_000n)
    expect(await balanceOf(a.client, NATIVE, accounts.solver)).toBeLessThan(solverEth)
    expect(predicted.orderId).toBe(opened.orderId)
    expect(computeIntentOrderId(opened.originData)).toBe(opened.orderId)
    expect(decodeIntentOriginData(opened.originData)).toEqual({
      ...order.orderData,
      originChainId: BigInt(a.chainId),
      originSettler: d.origin,
      user: person.address,
      fillDeadline: order.fillDeadline,
    })
    expect(predicted.openDeadline).toBe(order.openDeadline)
    expect(await escrow(a, opened.orderId)).toEqual({
      user: person.address,
      inputToken: d.usdc,
      inputAmount: order.orderData.inputAmount,
      fillDeadline: order.fillDeadline,
      expires: order.orderData.expires,
      status: intentOriginSettlerStatus.Open,
      pausedAtOpen: 0n,
    })
    expect(await usdcOf(a, d.origin)).toBe(order.orderData.inputAmount)
    expect(await usdcOf(a, accounts.solver)).toBe(1_000_000_000_000n) // the solver paid gas, not tokens
  })

  test('a replay on the same chain is refused and the person pays once', async () => {
    const { a, d } = chains()
    const { person, order, signature } = await signedOrder('replay')
    const before = await usdcOf(a, person.address)
    await openGasless(a, order, signature)
    const args = await expectRevert(a.client, openForCall(order, signature), 'NonceAlreadyUsed')
    expect(args).toEqual([person.address, order.orderData.nonce])
    // Nor from someone else's account.
    await expectRevert(a.client, openForCall(order, signature, { account: accounts.stranger }), 'NonceAlreadyUsed')
    expect(await usdcOf(a, person.address)).toBe(before - order.orderData.inputAmount)
    expect(await usdcOf(a, d.origin)).toBe(order.orderData.inputAmount)
  })

  test('a replay on another chain is refused: the order names its chain, and so do both signed domains', async () => {
    const { a, b } = chains()
    // To a third chain, so that the order renamed to B is still a valid order there.
    const { person, order, signature } = await signedOrder('other chain', { orderData: { destinationChainId: 31003n } })
    await gaslessPerson(b, 'other chain') // the same person holds USDC on B too
    // The same settler address on B refuses an order naming A.
    expect(await expectRevert(b.client, openForCall(order, signature), 'WrongOriginChain')).toEqual([BigInt(a.chainId)])
    // Renamed to B, the signature no longer matches (its nonce and the token's domain name A).
    const onB = { ...order, originChainId: BigInt(b.chainId) }
    await expectRevert(b.client, openForCall(onB, signature), 'ERC3009InvalidSignature')
    expect(await usdcOf(b, person.address)).toBe(1_000_000_000_000n)
    await openGasless(a, order, signature)
  })

  test('a replay to another settler is refused: the order and the authorization both name the settler', async () => {
    const { a, d } = chains()
    const { person, order, signature } = await signedOrder('other settler')
    const args = await expectRevert(
      a.client,
      openForCall(order, signature, { settler: d.origin2of3 }),
      'WrongOriginSettler',
    )
    expect(args).toEqual([d.origin])
    const renamed = { ...order, originSettler: d.origin2of3 }
    await expectRevert(a.client, openForCall(renamed, signature), 'ERC3009InvalidSignature')
    expect(await usdcOf(a, person.address)).toBe(1_000_000_000_000n)
  })

  test('is refused at and after the open deadline, also with the deadline moved', async () => {
    const { a } = chains()
    const { person, order, signature } = await signedOrder('late')
    await setNextTimestamp(a.client, order.openDeadline)
    expect(await expectRevert(a.client, openForCall(order, signature), 'OpenDeadlinePassed')).toEqual([
      order.openDeadline,
    ])
    const later = { ...order, openDeadline: order.openDeadline + 600 }
    await expectRevert(a.client, openForCall(later, signature), 'ERC3009InvalidSignature')
    expect(await usdcOf(a, person.address)).toBe(1_000_000_000_000n)
  })

  test('is refused after the person cancelled the authorization at the token (anyone may submit the cancel)', async () => {
    const { a, d } = chains()
    const { person, order, signature } = await signedOrder('cancel authorization')
    const nonce = gaslessOrderHash(order)
    const domain = await tokenDomain(a.client, d.usdc)
    const cancel = await person.signTypedData({
      domain,
      types: cancelAuthorizationTypes,
      primaryType: 'CancelAuthorization',
      message: { authorizer: person.address, nonce },
    })
    await write(a.client, {
      address: d.usdc,
      abi: devTokenAbi,
      functionName: 'cancelAuthorization',
      args: [person.address, nonce, cancel],
      account: accounts.stranger,
    })
    const args = await expectRevert(a.client, openForCall(order, signature), 'AuthorizationAlreadyUsed')
    expect(args).toEqual([person.address, nonce])
    expect(await usdcOf(a, person.address)).toBe(1_000_000_000_000n)
  })

  test('is refused after the person cancelled the order nonce at the settler; open and openFor share nonces', async () => {
    const { a, b, d } = chains()
    const { person, order, signature } = await signedOrder('cancel nonce')
    await a.client.setBalance({ address: person.address, value: 10n ** 18n })
    await a.client.impersonateAccount({ address: person.address })
    const cancelNonce = {
      address: d.origin,
      abi: intentOriginSettlerAbi,
      functionName: 'cancelNonce',
      args: [order.orderData.nonce],
      account: person.address,
    } as const
    await write(a.client, cancelNonce)
    await expectRevert(a.client, cancelNonce, 'NonceAlreadyUsed')
    await expectRevert(a.client, openForCall(order, signature), 'NonceAlreadyUsed')
    expect(await usdcOf(a, person.address)).toBe(1_000_000_000_000n)

    // A nonce the person used with `open` cannot open a gasless order either, nor the other way round.
    const onchain = await orderRequest(a, b, { user: person.address })
    await write(a.client, {
      address: d.usdc,
      abi: devTokenAbi,
      functionName: 'approve',
      args: [d.origin, onchain.orderData.inputAmount],
      account: person.address,
    })
    await write(a.client, openCall(onchain))
    const same = await gaslessOrder(a, b, person.address, { orderData: { nonce: onchain.orderData.nonce } })
    const sameSignature = await signGasless(a.client, same, person)
    await expectRevert(a.client, openForCall(same, sameSignature), 'NonceAlreadyUsed')
  })

  test('a front-run by anyone cannot move the funds elsewhere: the token only lets the settler pull', async () => {
    const { a, d } = chains()
    const { person, order, signature } = await signedOrder('front-run')
    const { r, s, v } = parseSignature(signature)
    const authorization = [
      person.address,
      d.origin,
      order.orderData.inputAmount,
      0n,
      BigInt(order.openDeadline),
    ] as const
    const nonce = gaslessOrderHash(order)
    const direct = { address: d.usdc, abi: devTokenAbi, account: accounts.stranger } as const
    await expectRevert(
      a.client,
      { ...direct, functionName: 'receiveWithAuthorization', args: [...authorization, nonce, signature] },
      'ERC20InvalidReceiver',
    )
    await expectRevert(
      a.client,
      { ...direct, functionName: 'receiveWithAuthorization', args: [...authorization, nonce, Number(v), r, s] },
      'ERC20InvalidReceiver',
    )
    // The same signature is no TransferWithAuthorization (another type), to the settler or to the thief.
    await expectRevert(
      a.client,
      { ...direct, functionName: 'transferWithAuthorization', args: [...authorization, nonce, signature] },
      'ERC3009InvalidSignature',
    )
    const toThief = [
      person.address,
      accounts.stranger,
      order.orderData.inputAmount,
      0n,
      BigInt(order.openDeadline),
    ] as const
    await expectRevert(
      a.client,
      { ...direct, functionName: 'transferWithAuthorization', args: [...toThief, nonce, signature] },
      'ERC3009InvalidSignature',
    )
    // Someone else submitting openFor first opens exactly the person's order; the solver's submission then fails.
    const opened = await openGasless(a, order, signature, { account: accounts.stranger, fillerData: '0x1234' })
    expect((await escrow(a, opened.orderId)).user).toBe(person.address)
    expect(decodeIntentOriginData(opened.originData).recipient).toBe(order.orderData.recipient)
    await expectRevert(a.client, openForCall(order, signature), 'NonceAlreadyUsed')
    expect(await usdcOf(a, person.address)).toBe(1_000_000_000_000n - order.orderData.inputAmount)
    expect(await usdcOf(a, accounts.stranger)).toBe(1_000_000_000_000n)
  })

  test('a signature moved onto another amount, recipient, output, destination or deadline is refused', async () => {
    const { a, b, d } = chains()
    const { person, order, signature } = await signedOrder('tampered')
    const data = order.orderData
    const tampered = [
      { inputAmount: data.inputAmount + 1n },
      { inputAmount: data.inputAmount - 1n },
      { recipient: accounts.stranger },
      { outputAmount: data.outputAmount - 1n },
      { outputToken: b.contracts.usdt },
      { destinationSettler: b.contracts.destination2 },
      { expires: data.expires + 1 },
    ]
    for (const change of tampered) {
      const moved = { ...order, orderData: { ...data, ...change } }
      await expectRevert(a.client, openForCall(moved, signature), 'ERC3009InvalidSignature')
    }
    const otherFill = { ...order, fillDeadline: order.fillDeadline - 1 }
    await expectRevert(a.client, openForCall(otherFill, signature), 'ERC3009InvalidSignature')
    // Another user named on the order: the signature is the person's, not theirs.
    await expectRevert(a.client, openForCall({ ...order, user: accounts.user }, signature), 'ERC3009InvalidSignature')
    // The order nonce and the order data's nonce must be the same.
    const split = { ...buildGaslessCrossChainOrder(order), nonce: data.nonce + 1n }
    await expectRevert(a.client, { ...openForCall(order, signature), args: [split, signature, '0x'] }, 'NonceMismatch')
    // A high-s copy of the signature is not a second signature.
    await expectRevert(a.client, openForCall(order, malleate(signature)), 'ERC3009InvalidSignature')
    expect(await usdcOf(a, person.address)).toBe(1_000_000_000_000n)
    expect(await usdcOf(a, d.origin)).toBe(0n)
  })

  test('a token without EIP-3009 (USDT, WETH, the native coin) is refused with TokenWithoutAuthorization', async () => {
    const { a, b, d } = chains()
    const person = await gaslessPerson(a, 'usdt')
    for (const inputToken of [d.usdt, d.weth, NATIVE]) {
      const order = await gaslessOrder(a, b, person.address, { orderData: { inputToken } })
      const signature = await signGasless(
        a.client,
        { ...order, orderData: { ...order.orderData, inputToken: d.usdc } },
        person,
      )
      const args = await expectRevert(a.client, openForCall(order, signature), 'TokenWithoutAuthorization')
      expect(args).toEqual([inputToken])
    }
    // An allowance to the settler changes nothing: openFor never pulls with one.
    await write(a.client, {
      address: d.usdt,
      abi: tetherLikeTokenAbi,
      functionName: 'mint',
      args: [accounts.user, 1n],
      account: accounts.deployer,
    })
    const order = await gaslessOrder(a, b, accounts.user, { orderData: { inputToken: d.usdt } })
    await expectRevert(a.client, openForCall(order, '0x'), 'TokenWithoutAuthorization')
    expect(await balanceOf(a.client, d.usdt, d.origin)).toBe(0n)
  })

  test('is refused while new orders are paused', async () => {
    const { a, d } = chains()
    const { order, signature } = await signedOrder('paused')
    const pause = { address: d.origin, abi: intentOriginSettlerAbi, args: [], account: accounts.deployer } as const
    await write(a.client, { ...pause, functionName: 'pause' })
    await expectRevert(a.client, openForCall(order, signature), 'EnforcedPause')
    await write(a.client, { ...pause, functionName: 'unpause' })
    await openGasless(a, order, signature)
  })

  test('a solver that opens but never fills: the person is refunded after the deadline as with open, once', async () => {
    const { a, b, d } = chains()
    const { person, order, signature } = await signedOrder('never filled')
    const opened = await openGasless(a, order, signature)
    const before = await usdcOf(a, person.address)
    // Unattested: not before `expires`.
    await expectRevert(a.client, refundRequest(a, opened.orderId, '0x'), 'RefundNotYetAvailable')
    await warpTo(a.client, order.fillDeadline + 1)
    const noFill = await signNoFill(a.chainId, d.origin, opened.orderId)
    await write(a.client, refundRequest(a, opened.orderId, noFill))
    expect(await usdcOf(a, person.address)).toBe(before + order.orderData.inputAmount)
    expect(await usdcOf(a, accounts.solver)).toBe(1_000_000_000_000n)
    expect((await escrow(a, opened.orderId)).status).toBe(intentOriginSettlerStatus.Refunded)
    await expectRevert(a.client, refundRequest(a, opened.orderId, noFill), 'OrderNotOpen')
    // Nor can it be filled any more on B.
    await warpTo(b.client, order.fillDeadline + 1)
    await expectRevert(b.client, fillRequest(b, opened), 'FillDeadlinePassed')
  })

  test('a gasless order fills and is claimed like any other', async () => {
    const { a, b } = chains()
    const { order, signature } = await signedOrder('filled')
    const opened = await openGasless(a, order, signature)
    const recipientBefore = await usdcOf(b, accounts.recipient)
    await fillOrder(b, opened)
    expect(await usdcOf(b, accounts.recipient)).toBe(recipientBefore + order.orderData.outputAmount)
  })
})

describe('the devnet USDC (DevToken)', () => {
  test('permit (EIP-2612) sets an allowance from a signature, once', async () => {
    const { a, d } = chains()
    const person = await gaslessPerson(a, 'permit')
    const domain = await tokenDomain(a.client, d.usdc)
    const deadline = BigInt((await latestTimestamp(a.client)) + 600)
    const message = { owner: person.address, spender: d.origin, value: 5n, nonce: 0n, deadline }
    const signature = await person.signTypedData({
      domain,
      types: {
        Permit: [
          { name: 'owner', type: 'address' },
          { name: 'spender', type: 'address' },
          { name: 'value', type: 'uint256' },
          { name: 'nonce', type: 'uint256' },
          { name: 'deadline', type: 'uint256' },
        ],
      },
      primaryType: 'Permit',
      message,
    })
    const { r, s, v } = parseSignature(signature)
    const permit = {
      address: d.usdc,
      abi: devTokenAbi,
      functionName: 'permit',
      args: [person.address, d.origin, 5n, deadline, Number(v), r, s],
      account: accounts.stranger,
    } as const
    await write(a.client, permit)
    const allowance = await a.client.readContract({
      address: d.usdc,
      abi: devTokenAbi,
      functionName: 'allowance',
      args: [person.address, d.origin],
    })
    expect(allowance).toBe(5n)
    await expectRevert(a.client, permit, 'ERC2612InvalidSigner')
  })

  test('transferWithAuthorization moves the amount once, within its window; a used nonce cannot be cancelled', async () => {
    const { a, d } = chains()
    const person = await gaslessPerson(a, 'transfer')
    const domain = await tokenDomain(a.client, d.usdc)
    const now = await latestTimestamp(a.client)
    const nonce = keccak256(toHex('a random nonce'))
    const message = {
      from: person.address,
      to: accounts.recipient,
      value: 7n,
      validAfter: BigInt(now),
      validBefore: BigInt(now + 600),
      nonce,
    }
    const signature = await person.signTypedData({
      domain,
      types: transferWithAuthorizationTypes,
      primaryType: 'TransferWithAuthorization',
      message,
    })
    const transfer = {
      address: d.usdc,
      abi: devTokenAbi,
      functionName: 'transferWithAuthorization',
      args: [message.from, message.to, message.value, message.validAfter, message.validBefore, nonce, signature],
      account: accounts.stranger,
    } as const
    await setNextTimestamp(a.client, now)
    await expectRevert(a.client, transfer, 'ERC3009InvalidAuthorizationTime')
    const before = await usdcOf(a, accounts.recipient)
    await setNextTimestamp(a.client, now + 1)
    await write(a.client, transfer)
    expect(await usdcOf(a, accounts.recipient)).toBe(before + 7n)
    expect(
      await a.client.readContract({
        address: d.usdc,
        abi: devTokenAbi,
        functionName: 'authorizationState',
        args: [person.address, nonce],
      }),
    ).toBe(true)
    await expectRevert(a.client, transfer, 'ERC3009UsedAuthorization')
    const cancel = await person.signTypedData({
      domain,
      types: cancelAuthorizationTypes,
      primaryType: 'CancelAuthorization',
      message: { authorizer: person.address, nonce },
    })
    await expectRevert(
      a.client,
      { ...transfer, functionName: 'cancelAuthorization', args: [person.address, nonce, cancel] },
      'ERC3009UsedAuthorization',
    )
  })
})
