/**
 * Gasless intents through the solver (issue 32): a person with USDC and no native coin on Local Chain C signs once,
 * the solver opens the order on C paying the gas and fills it on B; orders outside its gasless quote are refused
 * with a code, and the person's funds stay where they are.
 */
import { intentOriginSettlerStatus } from '@multi-bridge/contracts'
import { buildGaslessCrossChainOrder, type GaslessOrder, type IntentOrderData } from '@multi-bridge/core'
import { DEVNET_ACCOUNTS, devnetAccount } from '@multi-bridge/devnet'
import { erc20Abi, type Hex, keccak256, type LocalAccount, parseUnits, toHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  balanceOf,
  type ChainClients,
  chainTime,
  clientsFor,
  escrowStatus,
  fillsOf,
  freshNonce,
  type GaslessQuote,
  postGasless,
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
    args: [person.address, usdc('5000')],
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
    const again = await submit(order, signature)
    expect(again.status).toBe(409)
    expect(again.body.error?.code).toBe('ALREADY_OPEN')
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
      ['WRONG_SETTLER', { ...orderFromQuote(q, amount), originSettler: stranger.address }],
      ['UNSUPPORTED_ROUTE', orderFromQuote(q, amount, { destinationSettler: stranger.address })],
      ['BAD_SIGNATURE', orderFromQuote(q, amount), stranger],
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
    // The solver's USDC on B, made to cover one of these orders and not two (a sink keeps the rest meanwhile).
    const amount = usdc('2000')
    const q = await quoteCtoB(amount)
    const output = BigInt(q.gasless!.outputAmount)
    const solver = devnetAccount(DEVNET_ACCOUNTS.solver)
    const inventory = await balanceOf(B, B.token('usdc'), solver.address)
    const kept = inventory - (output * 3n) / 2n
    const move = async (from: LocalAccount, to: LocalAccount, value: bigint) => {
      const hash = await B.wallet(from).writeContract({
        address: B.token('usdc'),
        abi: erc20Abi,
        functionName: 'transfer',
        args: [to.address, value],
      })
      expect((await B.public.waitForTransactionReceipt({ hash })).status).toBe('success')
    }
    const sink = privateKeyToAccount(keccak256(toHex('gasless inventory sink')))
    await B.public.request({ method: 'anvil_setBalance' as never, params: [sink.address, toHex(10n ** 18n)] as never })
    await move(solver, sink, kept)
    try {
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
    } finally {
      await move(sink, solver, kept)
    }
  })
})
