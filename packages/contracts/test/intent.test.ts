import {
  escrowFromTuple,
  intentDestinationSettlerAbi,
  intentOriginSettlerAbi,
  intentOriginSettlerStatus,
  reentrantTokenAbi,
  thresholdAttestationVerifierAbi,
  thresholdAttestationVerifierBytecode,
} from '@multi-bridge/contracts'
import {
  type AttesterSignature,
  computeIntentOrderId,
  encodeIntentOriginData,
  fillAttestationTypes,
  type IntentOriginData,
  intentSettlerDomain,
  packSignatures,
} from '@multi-bridge/core'
import {
  type Address,
  concat,
  decodeErrorResult,
  encodeFunctionData,
  type Hex,
  hashTypedData,
  pad,
  parseEther,
  parseEventLogs,
  recoverAddress,
  slice,
  zeroAddress,
} from 'viem'
import { describe, expect, test } from 'vitest'
import {
  ADMIN_DELAY,
  accounts,
  attester,
  attesters,
  balanceOf,
  deployRevertName,
  expectRevert,
  gasCost,
  impostor,
  latestTimestamp,
  malleate,
  NATIVE,
  setNextTimestamp,
  signFill,
  signNoFill,
  type TestChain,
  useChains,
  warpTo,
  write,
} from './fixture.ts'
import {
  claimRequest,
  fillOrder,
  fillRequest,
  freshNonce,
  openCall,
  openOrder,
  orderRequest,
  refundRequest,
  submitOrder,
} from './orders.ts'

const chainList = useChains([31001, 31002])
/** Chain A (31001) and B (31002); `d` holds the contract addresses, identical on both. */
const chains = () => ({ a: chainList[0]!, b: chainList[1]!, d: chainList[0]!.contracts })

/** An address as the bytes32 word ERC-7683 outputs use (lower case, as decoded). */
const word = (address: Address) => pad(address.toLowerCase() as Hex)

const REPAY = '0x000000000000000000000000000000000000bEEF' as const

async function escrow(chain: TestChain, orderId: Hex, settler = chain.contracts.origin) {
  return escrowFromTuple(
    await chain.client.readContract({
      address: settler,
      abi: intentOriginSettlerAbi,
      functionName: 'escrows',
      args: [orderId],
    }),
  )
}

async function fillRecord(chain: TestChain, orderId: Hex, settler = chain.contracts.destination) {
  const [solver, fillTime] = await chain.client.readContract({
    address: settler,
    abi: intentDestinationSettlerAbi,
    functionName: 'fills',
    args: [orderId],
  })
  return { solver, fillTime }
}

/** Opens (A → B), fills on B and signs the fill attestation, ready to claim on A. */
async function filledOrder(a: TestChain, b: TestChain, p: Parameters<typeof openOrder>[2] = {}) {
  const order = await openOrder(a, b, p)
  const { fillTime } = await fillOrder(b, order)
  const signatures = await signFill(a.chainId, p.settler ?? a.contracts.origin, {
    orderId: order.orderId,
    solver: accounts.solver,
    fillTime,
  })
  return { order, fillTime, signatures }
}

describe('open', () => {
  test('escrows an ERC-20 and emits Open with a resolved order whose originData hashes to the order id', async () => {
    const { a, b, d } = chains()
    const request = await orderRequest(a, b)
    const predicted = await a.client.readContract({
      address: d.origin,
      abi: intentOriginSettlerAbi,
      functionName: 'resolve',
      args: [request.order],
      account: accounts.user,
    })
    const userBefore = await balanceOf(a.client, d.usdc, accounts.user)
    const settlerBefore = await balanceOf(a.client, d.usdc, d.origin)

    const order = await submitOrder(a, request)

    expect(computeIntentOrderId(order.originData)).toBe(order.orderId)
    expect(order.resolved.orderId).toBe(order.orderId)
    expect(predicted.orderId).toBe(order.orderId)
    const { orderData } = request
    expect(order.data).toEqual({
      ...orderData,
      originChainId: BigInt(a.chainId),
      originSettler: d.origin,
      user: accounts.user,
      fillDeadline: request.fillDeadline,
    })
    expect(order.resolved).toMatchObject({
      user: accounts.user,
      originChainId: BigInt(a.chainId),
      fillDeadline: request.fillDeadline,
      maxSpent: [
        {
          token: word(orderData.outputToken),
          amount: orderData.outputAmount,
          recipient: word(orderData.recipient),
          chainId: BigInt(b.chainId),
        },
      ],
      minReceived: [{ token: word(d.usdc), amount: orderData.inputAmount, chainId: BigInt(a.chainId) }],
      fillInstructions: [{ destinationChainId: BigInt(b.chainId), destinationSettler: word(b.contracts.destination) }],
    })
    expect(await escrow(a, order.orderId)).toEqual({
      user: accounts.user,
      inputToken: d.usdc,
      inputAmount: orderData.inputAmount,
      fillDeadline: request.fillDeadline,
      expires: orderData.expires,
      status: intentOriginSettlerStatus.Open,
      pausedAtOpen: 0n,
    })
    expect(
      await a.client.readContract({
        address: d.origin,
        abi: intentOriginSettlerAbi,
        functionName: 'nonceUsed',
        args: [accounts.user, orderData.nonce],
      }),
    ).toBe(true)
    expect(await balanceOf(a.client, d.usdc, accounts.user)).toBe(userBefore - orderData.inputAmount)
    expect(await balanceOf(a.client, d.usdc, d.origin)).toBe(settlerBefore + orderData.inputAmount)
  })

  test('escrows the native coin sent as msg.value', async () => {
    const { a, b, d } = chains()
    const amount = parseEther('1.5')
    const userBefore = await balanceOf(a.client, NATIVE, accounts.user)
    const order = await openOrder(a, b, { inputToken: NATIVE, inputAmount: amount })

    expect(computeIntentOrderId(order.originData)).toBe(order.orderId)
    expect(order.resolved.minReceived[0]!.token).toBe(word(zeroAddress))
    expect(order.data.inputToken).toBe(NATIVE)
    expect(await balanceOf(a.client, NATIVE, d.origin)).toBe(amount)
    expect(await balanceOf(a.client, NATIVE, accounts.user)).toBe(userBefore - amount - gasCost(order.receipt))
    expect((await escrow(a, order.orderId)).status).toBe(intentOriginSettlerStatus.Open)
  })

  test('rejects a native amount that differs from msg.value, and msg.value sent with an ERC-20', async () => {
    const { a, b, d } = chains()
    const amount = parseEther('1')
    const native = await orderRequest(a, b, { inputToken: NATIVE, inputAmount: amount, value: amount - 1n })
    const args = await expectRevert(a.client, openCall(native), 'NativeAmountMismatch')
    expect(args).toEqual([amount, amount - 1n])
    const tooMuch = await orderRequest(a, b, { inputToken: NATIVE, inputAmount: amount, value: amount + 1n })
    await expectRevert(a.client, openCall(tooMuch), 'NativeAmountMismatch')

    const erc20 = await orderRequest(a, b, { value: 1n })
    await expectRevert(a.client, openCall(erc20), 'UnexpectedNativeValue')
    expect(await balanceOf(a.client, NATIVE, d.origin)).toBe(0n)
    expect(await balanceOf(a.client, d.usdc, d.origin)).toBe(0n)
  })

  test('rejects a reused nonce of the same user, not of another user', async () => {
    const { a, b, d } = chains()
    const nonce = freshNonce()
    await openOrder(a, b, { nonce })
    const again = await orderRequest(a, b, { nonce, inputAmount: 5_000_000n })
    const args = await expectRevert(a.client, openCall(again), 'NonceAlreadyUsed')
    expect(args).toEqual([accounts.user, nonce])

    const other = await openOrder(a, b, { nonce, user: accounts.user2 })
    expect((await escrow(a, other.orderId)).user).toBe(accounts.user2)
    expect(await balanceOf(a.client, d.usdc, d.origin)).toBe(2n * 1_000_000_000n)
  })

  test('rejects a fee-on-transfer input token (amount received is checked)', async () => {
    const { a, b, d } = chains()
    const amount = 1_000_000n
    const request = await orderRequest(a, b, { inputToken: d.fot, inputAmount: amount })
    const args = await expectRevert(a.client, openCall(request), 'AmountReceivedMismatch')
    expect(args).toEqual([amount, amount - amount / 100n])
    expect(await balanceOf(a.client, d.fot, d.origin)).toBe(0n)
    expect(
      await a.client.readContract({
        address: d.origin,
        abi: intentOriginSettlerAbi,
        functionName: 'nonceUsed',
        args: [accounts.user, request.orderData.nonce],
      }),
    ).toBe(false)
  })

  test('rejects a token address without code', async () => {
    const { a, b } = chains()
    const request = await orderRequest(a, b, { inputToken: accounts.stranger })
    const args = await expectRevert(a.client, openCall(request), 'TokenHasNoCode')
    expect(args).toEqual([accounts.stranger])
  })

  test('rejects malformed orders', async () => {
    const { a, b, d } = chains()
    const now = await latestTimestamp(a.client)
    const invalid: [Parameters<typeof orderRequest>[2], string][] = [
      [{ inputAmount: 0n }, 'zero amount'],
      [{ outputAmount: 0n }, 'zero amount'],
      [{ recipient: zeroAddress }, 'zero recipient'],
      [{ destinationSettler: zeroAddress }, 'zero destination settler'],
      [{ destinationChainId: a.chainId }, 'bad destination chain'],
      [{ destinationChainId: 0 }, 'bad destination chain'],
      [{ fillDeadline: now - 1 }, 'fill deadline passed'],
      [{ fillDeadline: now + 600, expires: now + 600 }, 'expires before fill deadline'],
    ]
    for (const [parameters, reason] of invalid) {
      const args = await expectRevert(a.client, openCall(await orderRequest(a, b, parameters)), 'InvalidOrder')
      expect(args).toEqual([reason])
    }
    const request = await orderRequest(a, b)
    const unknownType = { ...request.order, orderDataType: pad('0x01') }
    await expectRevert(a.client, { ...openCall(request), args: [unknownType] }, 'UnknownOrderDataType')
    // Gasless orders (openFor) have their own tests: gasless.test.ts.
    expect(await balanceOf(a.client, d.usdc, d.origin)).toBe(0n)
  })
})

describe('pause', () => {
  test('only the owner can pause and unpause', async () => {
    const { a, d } = chains()
    const pause = { address: d.origin, abi: intentOriginSettlerAbi, functionName: 'pause', args: [] } as const
    const args = await expectRevert(a.client, { ...pause, account: accounts.stranger }, 'OwnableUnauthorizedAccount')
    expect(args).toEqual([accounts.stranger])
    await write(a.client, { ...pause, account: accounts.deployer })
    const unpause = { ...pause, functionName: 'unpause' } as const
    await expectRevert(a.client, { ...unpause, account: accounts.user }, 'OwnableUnauthorizedAccount')
    expect(
      await a.client.readContract({ address: d.origin, abi: intentOriginSettlerAbi, functionName: 'paused' }),
    ).toBe(true)
    await write(a.client, { ...unpause, account: accounts.deployer })
    expect(
      await a.client.readContract({ address: d.origin, abi: intentOriginSettlerAbi, functionName: 'paused' }),
    ).toBe(false)
  })

  test('blocks open but not claim or refund', async () => {
    const { a, b, d } = chains()
    const claimable = await filledOrder(a, b)
    const refundable = await openOrder(a, b, { user: accounts.user2 })
    await write(a.client, {
      address: d.origin,
      abi: intentOriginSettlerAbi,
      functionName: 'pause',
      args: [],
      account: accounts.deployer,
    })

    await expectRevert(a.client, openCall(await orderRequest(a, b)), 'EnforcedPause')

    const solverBefore = await balanceOf(a.client, d.usdc, accounts.solver)
    await write(
      a.client,
      claimRequest(a, claimable.order.orderId, accounts.solver, claimable.fillTime, claimable.signatures),
    )
    expect(await balanceOf(a.client, d.usdc, accounts.solver)).toBe(solverBefore + claimable.order.data.inputAmount)

    const user2Before = await balanceOf(a.client, d.usdc, accounts.user2)
    await warpTo(a.client, refundable.data.expires + 1)
    await write(a.client, refundRequest(a, refundable.orderId, '0x'))
    expect(await balanceOf(a.client, d.usdc, accounts.user2)).toBe(user2Before + refundable.data.inputAmount)
    expect(await balanceOf(a.client, d.usdc, d.origin)).toBe(0n)
  })
})

describe('fill', () => {
  test('delivers the output to the recipient once; a second fill is rejected', async () => {
    const { a, b } = chains()
    const order = await openOrder(a, b)
    const token = b.contracts.usdc
    const recipientBefore = await balanceOf(b.client, token, accounts.recipient)
    const solverBefore = await balanceOf(b.client, token, accounts.solver)

    const { fillTime, receipt } = await fillOrder(b, order)

    const [filled] = parseEventLogs({ abi: intentDestinationSettlerAbi, logs: receipt.logs, eventName: 'Filled' })
    expect(filled?.args).toEqual({
      orderId: order.orderId,
      solver: accounts.solver,
      recipient: accounts.recipient,
      outputToken: token,
      outputAmount: order.data.outputAmount,
      gasAmount: 0n,
      fillTime,
    })
    expect(await fillRecord(b, order.orderId)).toEqual({ solver: accounts.solver, fillTime })
    expect(fillTime).toBe(await latestTimestamp(b.client))
    expect(await balanceOf(b.client, token, accounts.recipient)).toBe(recipientBefore + order.data.outputAmount)
    expect(await balanceOf(b.client, token, accounts.solver)).toBe(solverBefore - order.data.outputAmount)

    const args = await expectRevert(b.client, fillRequest(b, order, { solver: accounts.stranger }), 'AlreadyFilled')
    expect(args).toEqual([order.orderId])
    await expectRevert(b.client, fillRequest(b, order), 'AlreadyFilled')
    expect(await balanceOf(b.client, token, accounts.recipient)).toBe(recipientBefore + order.data.outputAmount)
    expect(await fillRecord(b, order.orderId)).toEqual({ solver: accounts.solver, fillTime })
  })

  test('succeeds exactly at the fill deadline and fails one second after', async () => {
    const { a, b } = chains()
    const deadline = (await latestTimestamp(a.client)) + 300
    const onTime = await openOrder(a, b, { fillDeadline: deadline })
    const late = await openOrder(a, b, { fillDeadline: deadline })

    await setNextTimestamp(b.client, deadline)
    const { fillTime } = await fillOrder(b, onTime)
    expect(fillTime).toBe(deadline)

    await setNextTimestamp(b.client, deadline + 1)
    const args = await expectRevert(b.client, fillRequest(b, late), 'FillDeadlinePassed')
    expect(args).toEqual([deadline])
    expect((await fillRecord(b, late.orderId)).fillTime).toBe(0)
  })

  test('rejects originData that does not hash to the order id, whichever field is tampered with', async () => {
    const { a, b } = chains()
    const order = await openOrder(a, b)
    const tampered: Partial<IntentOriginData>[] = [
      { originChainId: 1n },
      { originSettler: accounts.stranger },
      { user: accounts.stranger },
      { nonce: order.data.nonce + 1n },
      { inputToken: NATIVE },
      { inputAmount: order.data.inputAmount + 1n },
      { outputToken: b.contracts.usdt },
      { outputAmount: 1n },
      { destinationChainId: 1n },
      { destinationSettler: accounts.stranger },
      { recipient: accounts.stranger },
      { fillDeadline: order.data.fillDeadline + 1 },
      { expires: order.data.expires + 1 },
    ]
    for (const change of tampered) {
      const originData = encodeIntentOriginData({ ...order.data, ...change })
      await expectRevert(b.client, fillRequest(b, { orderId: order.orderId, originData }), 'OrderIdMismatch')
    }
    expect((await fillRecord(b, order.orderId)).fillTime).toBe(0)
  })

  test('a fill of consistently forged originData cannot be claimed against the real escrow', async () => {
    const { a, b, d } = chains()
    const order = await openOrder(a, b)
    // The destination cannot tell a forged order from a real one, but its id has no escrow on the origin.
    const forgedData = encodeIntentOriginData({ ...order.data, outputAmount: 1n })
    const forged = { orderId: computeIntentOrderId(forgedData), originData: forgedData }
    const { fillTime } = await fillOrder(b, forged)
    const signatures = await signFill(a.chainId, d.origin, {
      orderId: forged.orderId,
      solver: accounts.solver,
      fillTime,
    })
    await expectRevert(a.client, claimRequest(a, forged.orderId, accounts.solver, fillTime, signatures), 'OrderNotOpen')
    expect((await escrow(a, order.orderId)).status).toBe(intentOriginSettlerStatus.Open)
    expect(await balanceOf(a.client, d.usdc, d.origin)).toBe(order.data.inputAmount)
  })

  test('rejects a fill on another chain where the same settler address exists', async () => {
    const { a, b } = chains()
    const order = await openOrder(a, b)
    // Same deployer, same nonces: the destination settler has the same address on both chains.
    expect(a.contracts.destination).toBe(b.contracts.destination)
    expect(await a.client.getCode({ address: a.contracts.destination })).toBe(
      await b.client.getCode({ address: b.contracts.destination }),
    )
    const args = await expectRevert(a.client, fillRequest(a, order), 'WrongDestinationChain')
    expect(args).toEqual([BigInt(b.chainId)])
    expect((await fillRecord(a, order.orderId)).fillTime).toBe(0)
  })

  test('rejects a fill on a settler other than the named one', async () => {
    const { a, b } = chains()
    const order = await openOrder(a, b)
    const request = fillRequest(b, order, { settler: b.contracts.destination2 })
    const args = await expectRevert(b.client, request, 'WrongDestinationSettler')
    expect(args).toEqual([b.contracts.destination])
    expect((await fillRecord(b, order.orderId, b.contracts.destination2)).fillTime).toBe(0)
  })

  test('rejects a fee-on-transfer output token and a codeless one', async () => {
    const { a, b } = chains()
    const fot = await openOrder(a, b, { outputToken: b.contracts.fot, outputAmount: 1_000_000n })
    const args = await expectRevert(b.client, fillRequest(b, fot), 'AmountReceivedMismatch')
    expect(args).toEqual([1_000_000n, 990_000n])
    expect((await fillRecord(b, fot.orderId)).fillTime).toBe(0)

    const codeless = await openOrder(a, b, { outputToken: REPAY })
    await expectRevert(b.client, fillRequest(b, codeless), 'TokenHasNoCode')
  })

  test('delivers native output sent as msg.value and checks the amount', async () => {
    const { a, b } = chains()
    const amount = parseEther('0.25')
    const order = await openOrder(a, b, { outputToken: NATIVE, outputAmount: amount })
    await expectRevert(b.client, fillRequest(b, order, { value: amount - 1n }), 'NativeAmountMismatch')
    const recipientBefore = await balanceOf(b.client, NATIVE, accounts.recipient)
    await fillOrder(b, order)
    expect(await balanceOf(b.client, NATIVE, accounts.recipient)).toBe(recipientBefore + amount)
    expect(await balanceOf(b.client, NATIVE, b.contracts.destination)).toBe(0n)

    const erc20 = await openOrder(a, b)
    await expectRevert(b.client, fillRequest(b, erc20, { value: 1n }), 'NativeAmountMismatch')
  })

  test('repays the solver at the address named in fillerData', async () => {
    const { a, b, d } = chains()
    const order = await openOrder(a, b)
    await expectRevert(b.client, fillRequest(b, order, { repayTo: zeroAddress }), 'InvalidRepaymentAddress')
    const { fillTime } = await fillOrder(b, order, { repayTo: REPAY })
    expect(await fillRecord(b, order.orderId)).toEqual({ solver: REPAY, fillTime })

    const signatures = await signFill(a.chainId, d.origin, { orderId: order.orderId, solver: REPAY, fillTime })
    // The attestation names the repayment address; it cannot be redirected to the filler.
    await expectRevert(
      a.client,
      claimRequest(a, order.orderId, accounts.solver, fillTime, signatures),
      'InvalidAttestation',
    )
    const solverBefore = await balanceOf(a.client, d.usdc, accounts.solver)
    await write(a.client, claimRequest(a, order.orderId, REPAY, fillTime, signatures, { account: accounts.solver }))
    expect(await balanceOf(a.client, d.usdc, REPAY)).toBe(order.data.inputAmount)
    expect(await balanceOf(a.client, d.usdc, accounts.solver)).toBe(solverBefore)
  })
})

describe('gas on arrival: an order with two outputs', () => {
  const GAS = parseEther('0.01')

  test('resolves both outputs for the recipient, binds the gas in the order id, and refuses gas on a native output', async () => {
    const { a, b, d } = chains()
    const order = await openOrder(a, b, { gasAmount: GAS })
    expect(order.data.gasAmount).toBe(GAS)
    expect(order.resolved.maxSpent).toEqual([
      {
        token: word(b.contracts.usdc),
        amount: order.data.outputAmount,
        recipient: word(accounts.recipient),
        chainId: BigInt(b.chainId),
      },
      { token: word(NATIVE), amount: GAS, recipient: word(accounts.recipient), chainId: BigInt(b.chainId) },
    ])
    // An order without gas keeps one output.
    expect((await openOrder(a, b)).resolved.maxSpent).toHaveLength(1)
    // A solver cannot drop the gas from the origin data: the id no longer matches.
    const withoutGas = encodeIntentOriginData({ ...order.data, gasAmount: 0n })
    await expectRevert(b.client, fillRequest(b, { orderId: order.orderId, originData: withoutGas }), 'OrderIdMismatch')

    const request = await orderRequest(a, b, { outputToken: NATIVE, outputAmount: parseEther('1'), gasAmount: GAS })
    const [reason] = await expectRevert(a.client, openCall(request), 'InvalidOrder')
    expect(reason).toBe('gas on a native output')
    const nonceUsed = await a.client.readContract({
      address: d.origin,
      abi: intentOriginSettlerAbi,
      functionName: 'nonceUsed',
      args: [accounts.user, request.orderData.nonce],
    })
    expect(nonceUsed).toBe(false)
  })

  test('a fill delivers the token and the gas together, with exactly the gas as value', async () => {
    const { a, b, d } = chains()
    const order = await openOrder(a, b, { gasAmount: GAS })
    for (const value of [0n, GAS - 1n, GAS + 1n]) {
      const args = await expectRevert(b.client, fillRequest(b, order, { value }), 'NativeAmountMismatch')
      expect(args).toEqual([GAS, value])
    }
    expect((await fillRecord(b, order.orderId)).fillTime).toBe(0)

    const tokenBefore = await balanceOf(b.client, d.usdc, accounts.recipient)
    const gasBefore = await balanceOf(b.client, NATIVE, accounts.recipient)
    const { receipt, fillTime } = await fillOrder(b, order)
    expect(await balanceOf(b.client, d.usdc, accounts.recipient)).toBe(tokenBefore + order.data.outputAmount)
    expect(await balanceOf(b.client, NATIVE, accounts.recipient)).toBe(gasBefore + GAS)
    expect(await balanceOf(b.client, NATIVE, b.contracts.destination)).toBe(0n)
    const [filled] = parseEventLogs({ abi: intentDestinationSettlerAbi, logs: receipt.logs, eventName: 'Filled' })
    expect(filled?.args).toMatchObject({ outputAmount: order.data.outputAmount, gasAmount: GAS, fillTime })
    await expectRevert(b.client, fillRequest(b, order), 'AlreadyFilled')
  })

  test('partial delivery never happens and never attests: a fill short of the gas reverts whole, and the refund returns the whole input', async () => {
    const { a, b, d } = chains()
    const refusing = accounts.recipient
    const order = await openOrder(a, b, { gasAmount: GAS, recipient: refusing })
    const tokenBefore = await balanceOf(b.client, d.usdc, refusing)
    const solverTokenBefore = await balanceOf(b.client, d.usdc, accounts.solver)
    await expectRevert(b.client, fillRequest(b, order, { value: GAS - 1n }), 'NativeAmountMismatch')
    // Nothing of the first output moved, and the settler has no fill to attest.
    expect(await balanceOf(b.client, d.usdc, refusing)).toBe(tokenBefore)
    expect(await balanceOf(b.client, d.usdc, accounts.solver)).toBe(solverTokenBefore)
    expect((await fillRecord(b, order.orderId)).fillTime).toBe(0)
    const isFilled = await b.client.readContract({
      address: b.contracts.destination,
      abi: intentDestinationSettlerAbi,
      functionName: 'isFilled',
      args: [order.orderId],
    })
    expect(isFilled).toBe(false)

    // A claim needs a fill attestation, which only a fill can back; the no-fill refund pays back all of the input.
    await setNextTimestamp(a.client, order.data.fillDeadline + 1)
    const userBefore = await balanceOf(a.client, d.usdc, accounts.user)
    await write(a.client, refundRequest(a, order.orderId, await signNoFill(a.chainId, d.origin, order.orderId)))
    expect(await balanceOf(a.client, d.usdc, accounts.user)).toBe(userBefore + order.data.inputAmount)
    expect(await balanceOf(a.client, d.usdc, d.origin)).toBe(0n)
    const fillProof = await signFill(a.chainId, d.origin, {
      orderId: order.orderId,
      solver: accounts.solver,
      fillTime: order.data.fillDeadline,
    })
    await expectRevert(
      a.client,
      claimRequest(a, order.orderId, accounts.solver, order.data.fillDeadline, fillProof),
      'OrderNotOpen',
    )
  })

  test('a filled order with gas is claimed for the whole input, once', async () => {
    const { a, b, d } = chains()
    const { order, fillTime, signatures } = await filledOrder(a, b, { gasAmount: GAS })
    const solverBefore = await balanceOf(a.client, d.usdc, accounts.solver)
    await write(a.client, claimRequest(a, order.orderId, accounts.solver, fillTime, signatures))
    expect(await balanceOf(a.client, d.usdc, accounts.solver)).toBe(solverBefore + order.data.inputAmount)
    await expectRevert(
      a.client,
      refundRequest(a, order.orderId, await signNoFill(a.chainId, d.origin, order.orderId)),
      'OrderNotOpen',
    )
  })
})

describe('claim', () => {
  test('pays the attested solver once; a later refund or claim is rejected', async () => {
    const { a, b, d } = chains()
    const { order, fillTime, signatures } = await filledOrder(a, b)
    const solverBefore = await balanceOf(a.client, d.usdc, accounts.solver)
    const strangerBefore = await balanceOf(a.client, d.usdc, accounts.stranger)

    const receipt = await write(a.client, claimRequest(a, order.orderId, accounts.solver, fillTime, signatures))

    const [claimed] = parseEventLogs({ abi: intentOriginSettlerAbi, logs: receipt.logs, eventName: 'Claimed' })
    expect(claimed?.args).toEqual({
      orderId: order.orderId,
      solver: accounts.solver,
      amount: order.data.inputAmount,
      fillTime,
    })
    expect(await balanceOf(a.client, d.usdc, accounts.solver)).toBe(solverBefore + order.data.inputAmount)
    expect(await balanceOf(a.client, d.usdc, accounts.stranger)).toBe(strangerBefore)
    expect(await balanceOf(a.client, d.usdc, d.origin)).toBe(0n)
    expect((await escrow(a, order.orderId)).status).toBe(intentOriginSettlerStatus.Claimed)

    await expectRevert(a.client, claimRequest(a, order.orderId, accounts.solver, fillTime, signatures), 'OrderNotOpen')
    await warpTo(a.client, order.data.fillDeadline + 1)
    const noFill = await signNoFill(a.chainId, d.origin, order.orderId)
    await expectRevert(a.client, refundRequest(a, order.orderId, noFill), 'OrderNotOpen')
    await warpTo(a.client, order.data.expires + 1)
    await expectRevert(a.client, refundRequest(a, order.orderId, '0x'), 'OrderNotOpen')
    expect((await escrow(a, order.orderId)).status).toBe(intentOriginSettlerStatus.Claimed)
    expect(await balanceOf(a.client, d.usdc, accounts.solver)).toBe(solverBefore + order.data.inputAmount)
  })

  test('is rejected after a refund', async () => {
    const { a, b, d } = chains()
    const { order, fillTime, signatures } = await filledOrder(a, b)
    const userBefore = await balanceOf(a.client, d.usdc, accounts.user)
    await warpTo(a.client, order.data.fillDeadline + 1)
    await write(a.client, refundRequest(a, order.orderId, await signNoFill(a.chainId, d.origin, order.orderId)))
    expect(await balanceOf(a.client, d.usdc, accounts.user)).toBe(userBefore + order.data.inputAmount)

    const args = await expectRevert(
      a.client,
      claimRequest(a, order.orderId, accounts.solver, fillTime, signatures),
      'OrderNotOpen',
    )
    expect(args).toEqual([order.orderId])
    expect((await escrow(a, order.orderId)).status).toBe(intentOriginSettlerStatus.Refunded)
    expect(await balanceOf(a.client, d.usdc, d.origin)).toBe(0n)
  })

  test('accepts a fill time equal to the deadline and rejects a later one', async () => {
    const { a, b, d } = chains()
    const order = await openOrder(a, b)
    const deadline = order.data.fillDeadline
    const late = await signFill(a.chainId, d.origin, {
      orderId: order.orderId,
      solver: accounts.solver,
      fillTime: deadline + 1,
    })
    const args = await expectRevert(
      a.client,
      claimRequest(a, order.orderId, accounts.solver, deadline + 1, late),
      'FillAfterDeadline',
    )
    expect(args).toEqual([deadline + 1, deadline])

    const onTime = await signFill(a.chainId, d.origin, {
      orderId: order.orderId,
      solver: accounts.solver,
      fillTime: deadline,
    })
    await write(a.client, claimRequest(a, order.orderId, accounts.solver, deadline, onTime))
    expect((await escrow(a, order.orderId)).status).toBe(intentOriginSettlerStatus.Claimed)
  })

  test('rejects attestations that are empty, forged, or for another solver, time or order', async () => {
    const { a, b, d } = chains()
    const { order, fillTime, signatures } = await filledOrder(a, b)
    const other = await openOrder(a, b)
    const message = { orderId: order.orderId, solver: accounts.solver, fillTime }
    const invalid: Hex[] = [
      '0x',
      `0x${'00'.repeat(65)}`,
      await signFill(a.chainId, d.origin, message, [impostor]),
      await signFill(a.chainId, d.origin, { ...message, solver: accounts.stranger }),
      await signFill(a.chainId, d.origin, { ...message, fillTime: fillTime - 1 }),
      await signFill(a.chainId, d.origin, { ...message, orderId: other.orderId }),
      await signNoFill(a.chainId, d.origin, order.orderId),
      concat([signatures, signatures]),
    ]
    for (const bad of invalid) {
      await expectRevert(a.client, claimRequest(a, order.orderId, accounts.solver, fillTime, bad), 'InvalidAttestation')
    }
    await expectRevert(a.client, claimRequest(a, order.orderId, zeroAddress, fillTime, signatures), 'ZeroAddress')
    expect((await escrow(a, order.orderId)).status).toBe(intentOriginSettlerStatus.Open)
    expect(await balanceOf(a.client, d.usdc, d.origin)).toBe(2n * order.data.inputAmount)
  })

  test('rejects a fill attestation signed for another chain or another settler', async () => {
    const { a, b, d } = chains()
    // The order goes B → A, so the settler on B (same address as on A) holds the escrow.
    const order = await openOrder(b, a)
    const { fillTime } = await fillOrder(a, order)
    const message = { orderId: order.orderId, solver: accounts.solver, fillTime }
    const otherChain = await signFill(a.chainId, d.origin, message)
    await expectRevert(
      b.client,
      claimRequest(b, order.orderId, accounts.solver, fillTime, otherChain),
      'InvalidAttestation',
    )
    const otherSettler = await signFill(b.chainId, d.origin2of3, message)
    await expectRevert(
      b.client,
      claimRequest(b, order.orderId, accounts.solver, fillTime, otherSettler),
      'InvalidAttestation',
    )
    // The one attestation valid on B does not open anything on A, where no such order exists.
    const valid = await signFill(b.chainId, d.origin, message)
    await expectRevert(a.client, claimRequest(a, order.orderId, accounts.solver, fillTime, valid), 'OrderNotOpen')

    const solverBefore = await balanceOf(b.client, d.usdc, accounts.solver)
    await write(b.client, claimRequest(b, order.orderId, accounts.solver, fillTime, valid))
    expect(await balanceOf(b.client, d.usdc, accounts.solver)).toBe(solverBefore + order.data.inputAmount)
  })

  test('rejects the malleable twin of a valid signature', async () => {
    const { a, b, d } = chains()
    const { order, fillTime, signatures } = await filledOrder(a, b)
    const twin = malleate(signatures)
    expect(twin).not.toBe(signatures)
    const message = { orderId: order.orderId, solver: accounts.solver, fillTime }
    const digest = await a.client.readContract({
      address: d.origin,
      abi: intentOriginSettlerAbi,
      functionName: 'fillAttestationDigest',
      args: [order.orderId, accounts.solver, fillTime],
    })
    expect(
      hashTypedData({
        domain: intentSettlerDomain(a.chainId, d.origin),
        types: fillAttestationTypes,
        primaryType: 'FillAttestation',
        message,
      }),
    ).toBe(digest)
    // The twin is a mathematically valid signature by the same key: only the low-s rule rejects it.
    expect(await recoverAddress({ hash: digest, signature: twin })).toBe(attester.address)

    await expectRevert(a.client, claimRequest(a, order.orderId, accounts.solver, fillTime, twin), 'InvalidAttestation')
    await write(a.client, claimRequest(a, order.orderId, accounts.solver, fillTime, signatures))
    expect((await escrow(a, order.orderId)).status).toBe(intentOriginSettlerStatus.Claimed)
  })

  test('with a 2-of-3 verifier, needs exactly two distinct attesters in ascending order', async () => {
    const { a, b, d } = chains()
    const order = await openOrder(a, b, { settler: d.origin2of3 })
    const { fillTime } = await fillOrder(b, order)
    const message = { orderId: order.orderId, solver: accounts.solver, fillTime }
    const signed = await Promise.all(
      [...attesters, impostor].map(async (s) => ({
        signer: s.address,
        signature: await signFill(a.chainId, d.origin2of3, message, [s]),
      })),
    )
    const [s0, s1, s2, outsider] = signed as [
      AttesterSignature,
      AttesterSignature,
      AttesterSignature,
      AttesterSignature,
    ]
    const [first, second] = [s0, s1].sort((x, y) => (BigInt(x.signer) < BigInt(y.signer) ? -1 : 1))
    const invalid: Hex[] = [
      s0.signature, // one signature only
      packSignatures([s0, s1, s2]), // three
      concat([second!.signature, first!.signature]), // descending
      concat([s1.signature, s1.signature]), // the same attester twice
      packSignatures([s0, outsider]), // an outsider, in order
      slice(packSignatures([s0, s1]), 0, 129), // one byte short
    ]
    for (const bad of invalid) {
      await expectRevert(
        a.client,
        claimRequest(a, order.orderId, accounts.solver, fillTime, bad, { settler: d.origin2of3 }),
        'InvalidAttestation',
      )
    }
    const solverBefore = await balanceOf(a.client, d.usdc, accounts.solver)
    const valid = await signFill(a.chainId, d.origin2of3, message, [attesters[0]!, attesters[2]!])
    await write(a.client, claimRequest(a, order.orderId, accounts.solver, fillTime, valid, { settler: d.origin2of3 }))
    expect(await balanceOf(a.client, d.usdc, accounts.solver)).toBe(solverBefore + order.data.inputAmount)
    expect((await escrow(a, order.orderId, d.origin2of3)).status).toBe(intentOriginSettlerStatus.Claimed)
  })
})

describe('refund', () => {
  test('with a no-fill attestation, only after the fill deadline, and pays the user', async () => {
    const { a, b, d } = chains()
    const order = await openOrder(a, b)
    const noFill = await signNoFill(a.chainId, d.origin, order.orderId)
    let args = await expectRevert(a.client, refundRequest(a, order.orderId, noFill), 'RefundNotYetAvailable')
    expect(args).toEqual([order.data.fillDeadline])
    args = await expectRevert(a.client, refundRequest(a, order.orderId, '0x'), 'RefundNotYetAvailable')
    expect(args).toEqual([order.data.expires])

    await setNextTimestamp(a.client, order.data.fillDeadline)
    await expectRevert(a.client, refundRequest(a, order.orderId, noFill), 'RefundNotYetAvailable')
    await setNextTimestamp(a.client, order.data.fillDeadline + 1)
    await expectRevert(
      a.client,
      refundRequest(a, order.orderId, await signNoFill(a.chainId, d.origin, order.orderId, [impostor])),
      'InvalidAttestation',
    )
    const fillProof = await signFill(a.chainId, d.origin, {
      orderId: order.orderId,
      solver: accounts.solver,
      fillTime: order.data.fillDeadline,
    })
    await expectRevert(a.client, refundRequest(a, order.orderId, fillProof), 'InvalidAttestation')
    // Between the deadline and `expires` an unattested refund is still too early.
    await expectRevert(a.client, refundRequest(a, order.orderId, '0x'), 'RefundNotYetAvailable')

    const userBefore = await balanceOf(a.client, d.usdc, accounts.user)
    const solverBefore = await balanceOf(a.client, d.usdc, accounts.solver)
    const receipt = await write(a.client, refundRequest(a, order.orderId, noFill, { account: accounts.solver }))
    const [refunded] = parseEventLogs({ abi: intentOriginSettlerAbi, logs: receipt.logs, eventName: 'Refunded' })
    expect(refunded?.args).toEqual({
      orderId: order.orderId,
      user: accounts.user,
      amount: order.data.inputAmount,
      attested: true,
    })
    expect(await balanceOf(a.client, d.usdc, accounts.user)).toBe(userBefore + order.data.inputAmount)
    expect(await balanceOf(a.client, d.usdc, accounts.solver)).toBe(solverBefore)
    expect((await escrow(a, order.orderId)).status).toBe(intentOriginSettlerStatus.Refunded)
    await expectRevert(a.client, refundRequest(a, order.orderId, noFill), 'OrderNotOpen')
  })

  test('without attestation only after expires; sent by a third party it pays the user', async () => {
    const { a, b, d } = chains()
    const amount = parseEther('2')
    const order = await openOrder(a, b, { inputToken: NATIVE, inputAmount: amount })
    await setNextTimestamp(a.client, order.data.expires)
    const args = await expectRevert(a.client, refundRequest(a, order.orderId, '0x'), 'RefundNotYetAvailable')
    expect(args).toEqual([order.data.expires])

    const userBefore = await balanceOf(a.client, NATIVE, accounts.user)
    const strangerBefore = await balanceOf(a.client, NATIVE, accounts.stranger)
    await setNextTimestamp(a.client, order.data.expires + 1)
    const receipt = await write(a.client, refundRequest(a, order.orderId, '0x'))
    expect(await balanceOf(a.client, NATIVE, accounts.user)).toBe(userBefore + amount)
    expect(await balanceOf(a.client, NATIVE, accounts.stranger)).toBe(strangerBefore - gasCost(receipt))
    expect(await balanceOf(a.client, NATIVE, d.origin)).toBe(0n)
    expect((await escrow(a, order.orderId)).status).toBe(intentOriginSettlerStatus.Refunded)
  })
})

describe('reentrancy', () => {
  async function reentryError(chain: TestChain) {
    const token = chain.contracts.reentrant
    const read = <const name extends 'reentered' | 'reentrySucceeded' | 'reentryError'>(functionName: name) =>
      chain.client.readContract({ address: token, abi: reentrantTokenAbi, functionName })
    const [reentered, succeeded, error] = await Promise.all([
      read('reentered'),
      read('reentrySucceeded'),
      read('reentryError'),
    ])
    expect(reentered, 'the token called back').toBe(true)
    expect(succeeded, 'the reentrant call succeeded').toBe(false)
    return decodeErrorResult({ abi: intentOriginSettlerAbi, data: error }).errorName
  }

  async function arm(chain: TestChain, target: Address, payload: Hex) {
    await write(chain.client, {
      address: chain.contracts.reentrant,
      abi: reentrantTokenAbi,
      functionName: 'arm',
      args: [target, payload],
      account: accounts.stranger,
    })
  }

  test('claim cannot be re-entered (the token tries a refund that would otherwise succeed)', async () => {
    const { a, b, d } = chains()
    const { order, fillTime, signatures } = await filledOrder(a, b, { inputToken: d.reentrant })
    const expired = await openOrder(a, b, { inputToken: d.reentrant, user: accounts.user2 })
    await warpTo(a.client, expired.data.expires + 1)
    await arm(
      a,
      d.origin,
      encodeFunctionData({ abi: intentOriginSettlerAbi, functionName: 'refund', args: [expired.orderId, '0x'] }),
    )
    const solverBefore = await balanceOf(a.client, d.reentrant, accounts.solver)

    await write(a.client, claimRequest(a, order.orderId, accounts.solver, fillTime, signatures))

    expect(await reentryError(a)).toBe('ReentrancyGuardReentrantCall')
    expect(await balanceOf(a.client, d.reentrant, accounts.solver)).toBe(solverBefore + order.data.inputAmount)
    expect((await escrow(a, order.orderId)).status).toBe(intentOriginSettlerStatus.Claimed)
    expect((await escrow(a, expired.orderId)).status).toBe(intentOriginSettlerStatus.Open)
    expect(await balanceOf(a.client, d.reentrant, d.origin)).toBe(expired.data.inputAmount)
    // Outside the callback the same refund goes through.
    await write(a.client, refundRequest(a, expired.orderId, '0x'))
    expect(await balanceOf(a.client, d.reentrant, d.origin)).toBe(0n)
  })

  test('refund cannot be re-entered (the token tries a valid claim)', async () => {
    const { a, b, d } = chains()
    const refunded = await openOrder(a, b, { inputToken: d.reentrant, user: accounts.user2 })
    const { order, fillTime, signatures } = await filledOrder(a, b, { inputToken: d.reentrant })
    await warpTo(a.client, refunded.data.expires + 1)
    await arm(
      a,
      d.origin,
      encodeFunctionData({
        abi: intentOriginSettlerAbi,
        functionName: 'claim',
        args: [order.orderId, accounts.solver, fillTime, signatures],
      }),
    )
    const user2Before = await balanceOf(a.client, d.reentrant, accounts.user2)

    await write(a.client, refundRequest(a, refunded.orderId, '0x'))

    expect(await reentryError(a)).toBe('ReentrancyGuardReentrantCall')
    expect(await balanceOf(a.client, d.reentrant, accounts.user2)).toBe(user2Before + refunded.data.inputAmount)
    expect((await escrow(a, refunded.orderId)).status).toBe(intentOriginSettlerStatus.Refunded)
    expect((await escrow(a, order.orderId)).status).toBe(intentOriginSettlerStatus.Open)
    expect(await balanceOf(a.client, d.reentrant, d.origin)).toBe(order.data.inputAmount)
  })

  test('open cannot be re-entered', async () => {
    const { a, b, d } = chains()
    const inner = await orderRequest(a, b, { inputToken: NATIVE, inputAmount: 1n })
    await arm(
      a,
      d.origin,
      encodeFunctionData({ abi: intentOriginSettlerAbi, functionName: 'open', args: [inner.order] }),
    )
    const order = await openOrder(a, b, { inputToken: d.reentrant })

    // Without the guard this inner open would fail differently (NativeAmountMismatch).
    expect(await reentryError(a)).toBe('ReentrancyGuardReentrantCall')
    expect((await escrow(a, order.orderId)).status).toBe(intentOriginSettlerStatus.Open)
    expect(await balanceOf(a.client, d.reentrant, d.origin)).toBe(order.data.inputAmount)
    expect(await balanceOf(a.client, NATIVE, d.origin)).toBe(0n)
  })

  test('fill cannot be re-entered', async () => {
    const { a, b } = chains()
    const order = await openOrder(a, b, { outputToken: b.contracts.reentrant })
    const request = fillRequest(b, order)
    await arm(
      b,
      b.contracts.destination,
      encodeFunctionData({ abi: intentDestinationSettlerAbi, functionName: 'fill', args: request.args }),
    )
    const recipientBefore = await balanceOf(b.client, b.contracts.reentrant, accounts.recipient)
    await fillOrder(b, order)

    // Without the guard the inner fill would fail with AlreadyFilled instead.
    expect(await reentryError(b)).toBe('ReentrancyGuardReentrantCall')
    expect(await balanceOf(b.client, b.contracts.reentrant, accounts.recipient)).toBe(
      recipientBefore + order.data.outputAmount,
    )
    expect((await fillRecord(b, order.orderId)).solver).toBe(accounts.solver)
  })
})

describe('attestation verifier', () => {
  test('refuses the zero address, duplicate signers and impossible thresholds at deployment', async () => {
    const { a } = chains()
    const deployError = (signers: Address[], threshold: bigint) =>
      deployRevertName(a.client, thresholdAttestationVerifierAbi, thresholdAttestationVerifierBytecode, [
        signers,
        threshold,
        accounts.deployer,
        accounts.guardian,
        ADMIN_DELAY,
      ])
    expect(await deployError([zeroAddress], 1n)).toBe('InvalidSigner')
    expect(await deployError([attester.address, zeroAddress], 1n)).toBe('InvalidSigner')
    expect(await deployError([attester.address, attester.address], 1n)).toBe('InvalidSigner')
    expect(await deployError([attester.address], 0n)).toBe('InvalidThreshold')
    expect(await deployError([attester.address], 2n)).toBe('InvalidThreshold')
    expect(await deployError([attester.address], 1n)).toBeUndefined()
  })

  test('never verifies a zero digest or an empty signature', async () => {
    const { a, b, d } = chains()
    const order = await openOrder(a, b)
    const digest = await a.client.readContract({
      address: d.origin,
      abi: intentOriginSettlerAbi,
      functionName: 'noFillAttestationDigest',
      args: [order.orderId],
    })
    const signature = await attester.sign({ hash: digest })
    const verify = (hash: Hex, signatures: Hex) =>
      a.client.readContract({
        address: d.verifier,
        abi: thresholdAttestationVerifierAbi,
        functionName: 'verify',
        args: [hash, signatures],
      })
    expect(await verify(digest, signature)).toBe(true)
    expect(await verify(digest, '0x')).toBe(false)
    expect(await verify(pad('0x00'), await attester.sign({ hash: pad('0x00') }))).toBe(false)
    expect(await verify(digest, malleate(signature))).toBe(false)
  })
})
