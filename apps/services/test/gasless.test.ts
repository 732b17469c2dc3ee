/**
 * Gasless intents through the solver (issue 32): a person with USDC and no native coin on Local Chain C signs once,
 * the solver opens the order on C paying the gas and fills it on B; orders outside its gasless quote are refused
 * with a code, and the person's funds stay where they are.
 */
import { devTokenAbi, intentOriginSettlerStatus } from '@multi-bridge/contracts'
import {
  buildGaslessCrossChainOrder,
  cancelAuthorizationTypes,
  type GaslessOrder,
  gaslessOrderHash,
  type IntentOrderData,
} from '@multi-bridge/core'
import { DEVNET_ACCOUNTS, devnetAccount } from '@multi-bridge/devnet'
import {
  createTestClient,
  erc20Abi,
  type Hex,
  http,
  keccak256,
  type LocalAccount,
  parseGwei,
  parseUnits,
  toHex,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { getEip712Domain } from 'viem/actions'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  advanceTime,
  balanceOf,
  type ChainClients,
  chainTime,
  clientsFor,
  escrowStatus,
  fillsOf,
  freshNonce,
  type GaslessQuote,
  getJson,
  postGasless,
  serviceUrl,
  signGasless,
  solverQuote,
  startTestNetwork,
  type TestNetwork,
  user,
  waitFor,
} from './harness.ts'

let network: TestNetwork
let B: ChainClients
let C: ChainClients
const usdc = (whole: string) => parseUnits(whole, 6)
/** A person's key made for this file: USDC on C from a funded user, never any native coin. */
const person = privateKeyToAccount(keccak256(toHex('gasless integration person')))
const stranger = privateKeyToAccount(keccak256(toHex('gasless integration stranger')))

beforeAll(async () => {
  network = await startTestNetwork()
  B = clientsFor(network.manifest, 1)
  C = clientsFor(network.manifest, 2)
  const funder = C.wallet(user(4))
  const hash = await funder.writeContract({
    address: C.token('usdc'),
    abi: erc20Abi,
    functionName: 'transfer',
    args: [person.address, usdc('8000')],
  })
  await C.public.waitForTransactionReceipt({ hash })
})

afterAll(async () => {
  await network?.stop()
})

afterEach(() => {
  const exits = network.unexpectedExits.splice(0)
  expect(exits, `unexpected service exits; last logs:\n${network.logs.slice(-20).join('\n')}`).toEqual([])
})

const quoteCtoB = async (amount: bigint, inputToken = C.token('usdc')) =>
  (await solverQuote(network, {
    origin: C,
    destination: B,
    inputToken,
    outputToken: B.token('usdc'),
    amount,
  })) as GaslessQuote

/** The order the app would build from a quote's gasless terms; `change` moves any field of it. */
function orderFromQuote(q: GaslessQuote, amount: bigint, change: Partial<IntentOrderData> = {}): GaslessOrder {
  return {
    originSettler: q.originSettler,
    user: person.address,
    originChainId: BigInt(C.config.id),
    openDeadline: q.gasless?.openDeadline ?? q.quoteExpiresAt,
    fillDeadline: q.fillDeadline,
    orderData: {
      inputToken: C.token('usdc'),
      inputAmount: amount,
      outputToken: B.token('usdc'),
      outputAmount: BigInt(q.gasless?.outputAmount ?? q.outputAmount),
      gasAmount: 0n,
      destinationChainId: BigInt(B.config.id),
      destinationSettler: q.destinationSettler,
      recipient: person.address,
      nonce: freshNonce(),
      expires: q.expires,
      ...change,
    },
  }
}

// USDC's domain: USDT has none (it has no EIP-3009), and the solver refuses it before any signature is looked at.
const sign = (order: GaslessOrder, signer: LocalAccount = person) => signGasless(C, order, signer, C.token('usdc'))

const post = (body: unknown, raw?: string) => postGasless(network, body, raw)

const submit = async (order: GaslessOrder, signature?: Hex) =>
  post({ order: buildGaslessCrossChainOrder(order), signature: signature ?? (await sign(order)) })

/**
 * Runs `body` while the solver's USDC on B covers one order of `output` and not two: a sink keeps the rest meanwhile,
 * and gives it back after.
 */
async function withInventoryForOne(output: bigint, body: () => Promise<void>) {
  const solver = devnetAccount(DEVNET_ACCOUNTS.solver)
  const sink = privateKeyToAccount(keccak256(toHex('gasless inventory sink')))
  await B.public.request({ method: 'anvil_setBalance' as never, params: [sink.address, toHex(10n ** 18n)] as never })
  const move = async (from: LocalAccount, to: LocalAccount, value: bigint) => {
    const hash = await B.wallet(from).writeContract({
      address: B.token('usdc'),
      abi: erc20Abi,
      functionName: 'transfer',
      args: [to.address, value],
    })
    expect((await B.public.waitForTransactionReceipt({ hash })).status).toBe('success')
  }
  const kept = (await balanceOf(B, B.token('usdc'), solver.address)) - (output * 3n) / 2n
  await move(solver, sink, kept)
  try {
    await body()
  } finally {
    await move(sink, solver, kept)
  }
}

describe('gasless orders through the solver', () => {
  it('quotes gasless terms for USDC (EIP-3009), less the open it pays, and none for USDT', async () => {
    const amount = usdc('200')
    const q = await quoteCtoB(amount)
    expect(q.gasless).toBeDefined()
    const { outputAmount, openFee } = q.gasless!
    expect(BigInt(openFee)).toBeGreaterThan(0n)
    expect(BigInt(outputAmount)).toBe(BigInt(q.outputAmount) - BigInt(openFee))
    expect(q.gasless!.openDeadline).toBeLessThanOrEqual(q.quoteExpiresAt + C.config.blockTime)
    const usdt = (await solverQuote(network, {
      origin: C,
      destination: B,
      inputToken: C.token('usdt'),
      outputToken: B.token('usdt'),
      amount,
    })) as GaslessQuote
    expect(usdt.gasless).toBeUndefined()
  })

  it('opens a signed order on C paying the gas, then fills it on B; a second submission is a conflict', async () => {
    const amount = usdc('300')
    const q = await quoteCtoB(amount)
    const order = orderFromQuote(q, amount)
    const signature = await sign(order)
    const personBefore = await balanceOf(C, C.token('usdc'), person.address)
    const recipientBefore = await balanceOf(B, B.token('usdc'), person.address)

    const answer = await submit(order, signature)
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    const receipt = await C.public.waitForTransactionReceipt({ hash: answer.body.openTx! })
    expect(receipt.status).toBe('success')
    expect(await escrowStatus(C, answer.body.orderId!)).toBe(intentOriginSettlerStatus.Open)
    expect(await balanceOf(C, C.token('usdc'), person.address)).toBe(personBefore - amount)
    expect(await C.public.getBalance({ address: person.address })).toBe(0n)

    await waitFor(
      () => balanceOf(B, B.token('usdc'), person.address),
      (balance) => balance === recipientBefore + order.orderData.outputAmount,
      'the output delivered on B',
    )
    expect(await fillsOf(B, answer.body.orderId!)).toHaveLength(1)
    // A conflict while the solver still waits for its open's receipt, then the settler's own refusal.
    const again = await waitFor(
      () => submit(order, signature),
      (answer) => answer.status !== 409 || answer.body.error?.code === 'ALREADY_OPEN',
      'the second submission refused as open already',
    )
    expect(again.status).toBe(409)
    expect(await balanceOf(C, C.token('usdc'), person.address)).toBe(personBefore - amount)
  })

  it('refuses orders outside its quote or badly signed with a code, and sends nothing', async () => {
    const amount = usdc('100')
    const q = await quoteCtoB(amount)
    const personBefore = await balanceOf(C, C.token('usdc'), person.address)
    const gaslessOutput = BigInt(q.gasless!.outputAmount)
    const now = await chainTime(C)
    const cases: [string, GaslessOrder, LocalAccount?][] = [
      // The plain quote's output: the input does not cover the open the solver would pay.
      ['PRICE_NOT_ACCEPTABLE', orderFromQuote(q, amount, { outputAmount: BigInt(q.outputAmount) })],
      ['PRICE_NOT_ACCEPTABLE', orderFromQuote(q, amount, { outputAmount: (gaslessOutput * 102n) / 100n })],
      ['PRICE_NOT_ACCEPTABLE', orderFromQuote(q, amount, { inputAmount: amount / 2n })],
      ['GASLESS_UNSUPPORTED_TOKEN', orderFromQuote(q, amount, { inputToken: C.token('usdt') })],
      ['ORDER_EXPIRED', { ...orderFromQuote(q, amount), openDeadline: now - 1 }],
      ['OPEN_DEADLINE_TOO_FAR', { ...orderFromQuote(q, amount), openDeadline: now + 3600 }],
      // A fill deadline the signer set right after the open deadline: the solver could only fill before the open is
      // final (or mined), and a loss would be booked within seconds (issue #53.1).
      ['ORDER_TERMS', { ...orderFromQuote(q, amount), fillDeadline: q.gasless!.openDeadline + 3 }],
      ['WRONG_SETTLER', { ...orderFromQuote(q, amount), originSettler: stranger.address }],
      ['UNSUPPORTED_ROUTE', orderFromQuote(q, amount, { destinationSettler: stranger.address })],
      ['BAD_SIGNATURE', orderFromQuote(q, amount), stranger],
      // In the name of a contract (no ERC-1271 answer for this signature): asked of the contract, refused.
      ['BAD_SIGNATURE', { ...orderFromQuote(q, amount), user: C.token('usdt') }, stranger],
      ['INSUFFICIENT_BALANCE', { ...orderFromQuote(q, amount), user: stranger.address }, stranger],
    ]
    for (const [code, order, signer] of cases) {
      const answer = await submit(order, await sign(order, signer))
      expect(answer.status, `${code}: ${JSON.stringify(answer.body)}`).toBe(400)
      expect(answer.body.error?.code).toBe(code)
    }
    const valid = orderFromQuote(q, amount)
    expect((await post({ order: buildGaslessCrossChainOrder(valid), signature: '0x' })).body.error?.code).toBe(
      'INVALID_ORDER',
    )
    const tampered = { ...buildGaslessCrossChainOrder(valid), nonce: valid.orderData.nonce + 1n }
    expect((await post({ order: tampered, signature: await sign(valid) })).body.error?.code).toBe('INVALID_ORDER')
    expect((await post(undefined, '{not json')).body.error?.code).toBe('INVALID_JSON')
    expect(await balanceOf(C, C.token('usdc'), person.address)).toBe(personBefore)
  })

  it('holds the output of an order it is opening: two submissions at once cannot share one inventory', async () => {
    const amount = usdc('2000')
    const q = await quoteCtoB(amount)
    await withInventoryForOne(BigInt(q.gasless!.outputAmount), async () => {
      const orders = [orderFromQuote(q, amount), orderFromQuote(q, amount)]
      const signatures = await Promise.all(orders.map((order) => sign(order)))
      const answers = await Promise.all(orders.map((order, i) => submit(order, signatures[i])))
      // Before the hold, both passed the check (each saw the whole inventory) and both were opened: one was then
      // declined, and its person waited for the refund deadline.
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400])
      expect(answers.find((answer) => answer.status === 400)?.body.error?.code).toBe('INSUFFICIENT_INVENTORY')
      const opened = answers.find((answer) => answer.status === 200)!
      await C.public.waitForTransactionReceipt({ hash: opened.body.openTx! })
      await waitFor(
        () => fillsOf(B, opened.body.orderId!),
        (fills) => fills.length === 1,
        'the one opened is filled',
      )
    })
  })
})

/** Stops Local Chain C's blocks while `body` runs (what it is sent waits in the pool), then starts them again. */
async function withoutBlocksOnC<T>(body: () => Promise<T>): Promise<T> {
  const test = createTestClient({ mode: 'anvil', chain: C.chain, transport: http(C.config.rpcUrls[0]) })
  await test.setIntervalMining({ interval: 0 })
  try {
    return await body()
  } finally {
    await test.setIntervalMining({ interval: C.config.blockTime })
  }
}

type SolverOrderView = { status: string; reason?: string; openTx?: Hex }
const solverOrder = async (orderId: Hex) =>
  (await getJson<SolverOrderView>(`${serviceUrl(network, 'solver')}/v1/orders/${orderId}`)).body

describe('gasless orders filled before their open is mined (the person waits one block of B, not C)', () => {
  it('fills on B while the open it sent still waits on C; the open lands after and the order is repaid as usual', async () => {
    const amount = usdc('200')
    const order = orderFromQuote(await quoteCtoB(amount), amount)
    const signature = await sign(order)
    const answer = await withoutBlocksOnC(async () => {
      const answer = await submit(order, signature)
      expect(answer.status, JSON.stringify(answer.body)).toBe(200)
      await waitFor(
        () => fillsOf(B, answer.body.orderId!),
        (fills) => fills.length === 1,
        'the fill on B while C makes no block',
      )
      // Not mined: C made no block since.
      expect(await escrowStatus(C, answer.body.orderId!)).toBe(intentOriginSettlerStatus.None)
      expect(await solverOrder(answer.body.orderId!)).toMatchObject({ openTx: answer.body.openTx })
      return answer
    })
    expect((await C.public.waitForTransactionReceipt({ hash: answer.body.openTx! })).status).toBe('success')
    await waitFor(
      () => escrowStatus(C, answer.body.orderId!),
      (status) => status === intentOriginSettlerStatus.Claimed,
      'the solver repaid on C',
    )
  })

  it('a person who makes the open fail after the fill takes one order, under the cap on unopened orders, and no more', async () => {
    const q = await quoteCtoB(usdc('400'))
    const first = orderFromQuote(q, usdc('400'))
    const personBefore = await balanceOf(C, C.token('usdc'), person.address)
    const outputBefore = await balanceOf(B, B.token('usdc'), person.address)
    // Anyone may send the person's signed cancel of the authorization: a stranger does, paying more for its place.
    await C.public.request({
      method: 'anvil_setBalance' as never,
      params: [stranger.address, toHex(10n ** 18n)] as never,
    })
    const { domain } = await getEip712Domain(C.public, { address: C.token('usdc') })
    const cancel = await person.signTypedData({
      // Its domain as declared, without the salt and extensions it leaves empty.
      domain: {
        name: domain.name,
        version: domain.version,
        chainId: Number(domain.chainId),
        verifyingContract: domain.verifyingContract,
      },
      types: cancelAuthorizationTypes,
      primaryType: 'CancelAuthorization',
      message: { authorizer: person.address, nonce: gaslessOrderHash(first) },
    })
    const secondAmount = usdc('800') // over what is left of the 1,000 USD cap on unopened orders
    const second = orderFromQuote(await quoteCtoB(secondAmount), secondAmount)
    const [firstAnswer, secondAnswer] = await withoutBlocksOnC(async () => {
      const firstAnswer = await submit(first, await sign(first))
      expect(firstAnswer.status, JSON.stringify(firstAnswer.body)).toBe(200)
      await waitFor(
        () => fillsOf(B, firstAnswer.body.orderId!),
        (fills) => fills.length === 1,
        'the first order filled before its open is mined',
      )
      await C.wallet(stranger).writeContract({
        address: C.token('usdc'),
        abi: devTokenAbi,
        functionName: 'cancelAuthorization',
        args: [person.address, gaslessOrderHash(first), cancel],
        maxPriorityFeePerGas: parseGwei('50'),
        maxFeePerGas: parseGwei('100'),
        gas: 100_000n,
      })
      const secondAnswer = await submit(second, await sign(second))
      expect(secondAnswer.status, JSON.stringify(secondAnswer.body)).toBe(200)
      // Beyond the cap on unopened orders: it waits for its open to be final, whatever else has room.
      await waitFor(
        () => solverOrder(secondAnswer.body.orderId!),
        (order) => order.status === 'accepted' && order.reason === 'waiting for the open to be final',
        'the second order waiting for its open',
      )
      expect(await fillsOf(B, secondAnswer.body.orderId!)).toEqual([])
      return [firstAnswer, secondAnswer]
    })
    // The cancel went first: the first open failed, and the person kept the input and got the output.
    expect((await C.public.waitForTransactionReceipt({ hash: firstAnswer.body.openTx! })).status).toBe('reverted')
    expect(await escrowStatus(C, firstAnswer.body.orderId!)).toBe(intentOriginSettlerStatus.None)
    expect(await balanceOf(B, B.token('usdc'), person.address)).toBe(outputBefore + first.orderData.outputAmount)
    // The second is filled once its open is final, and nothing of the first is paid again or claimed.
    await waitFor(
      () => fillsOf(B, secondAnswer.body.orderId!),
      (fills) => fills.length === 1,
      'the second order filled after its open is final',
    )
    expect(await balanceOf(C, C.token('usdc'), person.address)).toBe(personBefore - secondAmount)
    expect(await fillsOf(B, firstAnswer.body.orderId!)).toHaveLength(1)
    // Past its deadline, final on C, the open can never come: the solver books the loss, alerted, and frees the cap.
    await advanceTime([B, C], first.fillDeadline - (await chainTime(C)) + 1)
    await waitFor(
      () => solverOrder(firstAnswer.body.orderId!),
      (order) => order.status === 'reorged',
      'the first order ended as the capped loss',
    )
    expect((await solverOrder(firstAnswer.body.orderId!)).reason).toBe(
      'the open the solver sent for this gasless order failed after the fill',
    )
    expect(network.logs.some((line) => line.includes('filled an order whose gasless open failed'))).toBe(true)
    expect(await escrowStatus(C, firstAnswer.body.orderId!)).toBe(intentOriginSettlerStatus.None)
  })
})

describe('gasless submissions that cost the solver or other people (attacks)', () => {
  it('one balance opens one order: a second order signed over the same USDC, sent before the first is mined, is refused', async () => {
    // A key of its own holding exactly one order's input: two signed orders spend it twice.
    const twice = privateKeyToAccount(keccak256(toHex('gasless one balance, two orders')))
    const amount = usdc('300')
    const funding = await C.wallet(user(4)).writeContract({
      address: C.token('usdc'),
      abi: erc20Abi,
      functionName: 'transfer',
      args: [twice.address, amount],
    })
    await C.public.waitForTransactionReceipt({ hash: funding })
    const q = await quoteCtoB(amount)
    const orders = [orderFromQuote(q, amount), orderFromQuote(q, amount)].map((order) => ({
      ...order,
      user: twice.address,
      orderData: { ...order.orderData, recipient: twice.address },
    }))
    const signatures = await Promise.all(orders.map((order) => sign(order, twice)))
    const answers = await withoutBlocksOnC(async () => {
      const answers = await Promise.all(orders.map((order, i) => submit(order, signatures[i])))
      // Both would be filled before their opens are mined; only one open can then take the USDC.
      await new Promise((resolve) => setTimeout(resolve, 2 * B.config.blockTime * 1000))
      return answers
    })
    expect(answers.map((answer) => answer.status).sort(), JSON.stringify(answers.map((a) => a.body))).toEqual([
      200, 400,
    ])
    // Refused by the solver's own count of what it is opening, not by the node's simulation seeing the pending open
    // (anvil's does; a node that simulates on the latest block would let both through).
    expect(answers.find((answer) => answer.status === 400)?.body.error).toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
      message: 'The user does not hold the input amount besides their orders being opened already',
    })
    const opened = answers.find((answer) => answer.status === 200)!
    expect((await C.public.waitForTransactionReceipt({ hash: opened.body.openTx! })).status).toBe('success')
    await waitFor(
      () => fillsOf(B, opened.body.orderId!),
      (fills) => fills.length === 1,
      'the one opened is filled',
    )
    expect(await balanceOf(B, B.token('usdc'), twice.address)).toBe(orders[0]!.orderData.outputAmount)
  })

  it('badly signed orders hold nothing: a flood of them does not refuse a genuine order for want of inventory', async () => {
    const amount = usdc('2000')
    const q = await quoteCtoB(amount)
    await withInventoryForOne(BigInt(q.gasless!.outputAmount), async () => {
      // In the person's name, signed by a stranger: each asks the whole inventory and can never be opened. Four
      // senders keep such orders coming while the genuine one is submitted.
      const forged = orderFromQuote(q, amount)
      const forgedSignature = await sign(forged, stranger)
      let flooding = true
      const refusals: string[] = []
      const flood = Array.from({ length: 4 }, async () => {
        while (flooding) {
          const order = { ...forged, orderData: { ...forged.orderData, nonce: freshNonce() } }
          refusals.push((await submit(order, forgedSignature)).body.error?.code ?? 'accepted')
        }
      })
      await new Promise((resolve) => setTimeout(resolve, 500))
      const genuine = orderFromQuote(q, amount)
      const answer = await submit(genuine, await sign(genuine))
      flooding = false
      await Promise.all(flood)
      expect(answer.status, JSON.stringify(answer.body)).toBe(200)
      expect(refusals.length).toBeGreaterThan(8)
      expect(new Set(refusals)).toEqual(new Set(['BAD_SIGNATURE']))
      await waitFor(
        () => fillsOf(B, answer.body.orderId!),
        (fills) => fills.length === 1,
        'the genuine order filled',
      )
    })
  })
})
