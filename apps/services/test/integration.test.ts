import { intentDestinationSettlerAbi, intentOriginSettlerAbi, poolBridgeAbi } from '@multi-bridge/contracts'
import { NATIVE_TOKEN_ADDRESS } from '@multi-bridge/core'
import { type Address, getAbiItem, type Hex, parseUnits } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  balanceOf,
  type ChainClients,
  clientsFor,
  getJson,
  openIntent,
  type SolverQuote,
  sendPool,
  startTestNetwork,
  user,
  waitFor,
} from './harness.ts'

let network: Awaited<ReturnType<typeof startTestNetwork>>
let A: ChainClients
let B: ChainClients
let C: ChainClients
const usdc = (whole: string) => parseUnits(whole, 6)

const solverUrl = () => `http://127.0.0.1:${network.ports.solver}`
const attesterUrl = () => `http://127.0.0.1:${network.ports.attester}`

async function quote(
  origin: ChainClients,
  destination: ChainClients,
  inputToken: Address,
  outputToken: Address,
  amount: bigint,
) {
  const query = new URLSearchParams({
    originChainId: String(origin.config.id),
    destinationChainId: String(destination.config.id),
    inputToken,
    outputToken,
    amount: amount.toString(),
  })
  const { status, body } = await getJson<SolverQuote>(`${solverUrl()}/v1/quote?${query}`)
  expect(status).toBe(200)
  return body
}

const escrowStatus = async (origin: ChainClients, orderId: Hex) =>
  (
    await origin.public.readContract({
      address: origin.config.contracts.intentOriginSettler as Address,
      abi: intentOriginSettlerAbi,
      functionName: 'escrows',
      args: [orderId],
    })
  )[5]

const filledEvent = getAbiItem({ abi: intentDestinationSettlerAbi, name: 'Filled' })
const fillsOf = (destination: ChainClients, orderId: Hex) =>
  destination.public.getLogs({
    address: destination.config.contracts.intentDestinationSettler as Address,
    event: filledEvent,
    args: { orderId },
    fromBlock: 0n,
    strict: true,
  })

beforeAll(async () => {
  network = await startTestNetwork()
  A = clientsFor(network.manifest, 0)
  B = clientsFor(network.manifest, 1)
  C = clientsFor(network.manifest, 2)
})

afterAll(async () => {
  await network?.stop()
})

describe('the local multichain network', () => {
  it('(a) delivers USDC on A as the native coin on B through the intent bridge, and repays the solver', async () => {
    const sender = user(4)
    const recipient = user(5).address
    const amount = usdc('300')
    const q = await quote(A, B, A.token('usdc'), NATIVE_TOKEN_ADDRESS, amount)
    const outputAmount = BigInt(q.outputAmount)
    expect(outputAmount).toBeGreaterThan(0n)
    const solver = (await getJson<{ solver: Address }>(`${solverUrl()}/health`)).body.solver

    const senderBefore = await balanceOf(A, A.token('usdc'), sender.address)
    const recipientBefore = await balanceOf(B, NATIVE_TOKEN_ADDRESS, recipient)
    const solverBefore = await balanceOf(A, A.token('usdc'), solver)
    const destinationBlockAtOpen = await B.public.getBlockNumber({ cacheTime: 0 })

    const { orderId } = await openIntent({
      origin: A,
      destination: B,
      account: sender,
      inputToken: A.token('usdc'),
      inputAmount: amount,
      outputToken: NATIVE_TOKEN_ADDRESS,
      outputAmount,
      recipient,
      fillDeadline: q.fillDeadline,
      expires: q.expires,
    })
    expect(await balanceOf(A, A.token('usdc'), sender.address)).toBe(senderBefore - amount)

    await waitFor(
      () => balanceOf(B, NATIVE_TOKEN_ADDRESS, recipient),
      (balance) => balance === recipientBefore + outputAmount,
      'native coin delivered on B',
    )
    const [fill] = await fillsOf(B, orderId)
    expect(fill?.args.recipient).toBe(recipient)
    const latency = Number(fill!.blockNumber - destinationBlockAtOpen)
    console.log(`intent fill latency: ${latency} destination block(s) after the Open`)
    expect(latency).toBeLessThanOrEqual(3)

    await waitFor(
      () => escrowStatus(A, orderId),
      (status) => status === 2,
      'solver claim on A',
    )
    expect(await balanceOf(A, A.token('usdc'), solver)).toBe(solverBefore + amount)
    // The solver records the claim once its receipt arrives, which can trail the chain by a poll.
    await waitFor(
      () => getJson<{ status: string }>(`${solverUrl()}/v1/orders/${orderId}`),
      (record) => record.body.status === 'claimed',
      'solver records the claim',
    )
  })

  it('(b) moves USDC from A to C through the pool bridge and finalizes the deposit', async () => {
    const sender = user(6)
    const recipient = user(7).address
    const amount = usdc('1000')
    const pool = A.config.contracts.poolBridge as Address
    const liquidityBefore = await A.public.readContract({
      address: pool,
      abi: poolBridgeAbi,
      functionName: 'liquidity',
      args: [A.token('usdc')],
    })
    const recipientBefore = await balanceOf(C, C.token('usdc'), recipient)
    const { transferId, amountOut } = await sendPool({
      origin: A,
      destination: C,
      account: sender,
      token: A.token('usdc'),
      amount,
      recipient,
    })
    expect(amountOut).toBe(amount - (amount * 30n) / 10_000n)
    await waitFor(
      () => balanceOf(C, C.token('usdc'), recipient),
      (balance) => balance === recipientBefore + amountOut,
      'USDC released on C',
    )
    await waitFor(
      async () =>
        (
          await A.public.readContract({
            address: pool,
            abi: poolBridgeAbi,
            functionName: 'deposits',
            args: [transferId],
          })
        )[5],
      (status) => status === 2,
      'deposit finalized on A',
    )
    expect(
      await A.public.readContract({
        address: pool,
        abi: poolBridgeAbi,
        functionName: 'liquidity',
        args: [A.token('usdc')],
      }),
    ).toBe(liquidityBefore + amount)
  })

  it('(c) refunds an order the solver declines (above its inventory) with the no-fill attestation', async () => {
    const sender = user(8)
    const amount = usdc('300000') // the solver holds 250,000 USDC on B
    const before = await balanceOf(A, A.token('usdc'), sender.address)
    const now = Number((await B.public.getBlock()).timestamp)
    const { orderId } = await openIntent({
      origin: A,
      destination: B,
      account: sender,
      inputToken: A.token('usdc'),
      inputAmount: amount,
      outputToken: B.token('usdc'),
      outputAmount: usdc('299000'),
      recipient: sender.address,
      fillDeadline: now + 10,
      expires: now + 3_600,
    })
    expect(await balanceOf(A, A.token('usdc'), sender.address)).toBe(before - amount)

    const decision = await waitFor(
      () => getJson<{ status: string; reason?: string }>(`${solverUrl()}/v1/orders/${orderId}`),
      (r) => r.status === 200,
      'solver decision',
    )
    expect(decision.body).toMatchObject({ status: 'declined', reason: 'insufficient inventory' })

    const attested = await waitFor(
      () =>
        getJson<{ status: string; attestation: { kind: string; signatures: Hex } | null }>(
          `${attesterUrl()}/v1/intents/${orderId}`,
        ),
      (r) => r.body.status === 'not-filled',
      'no-fill attestation',
    )
    expect(attested.body.attestation?.kind).toBe('no-fill')
    const hash = await A.wallet(sender).writeContract({
      address: A.config.contracts.intentOriginSettler as Address,
      abi: intentOriginSettlerAbi,
      functionName: 'refund',
      args: [orderId, attested.body.attestation!.signatures],
    })
    expect((await A.public.waitForTransactionReceipt({ hash })).status).toBe('success')
    expect(await escrowStatus(A, orderId)).toBe(3)
    expect(await balanceOf(A, A.token('usdc'), sender.address)).toBe(before)
    expect(await fillsOf(B, orderId)).toHaveLength(0)
  })

  it('(d) fills every order exactly once when the solver is killed and restarted mid-stream', async () => {
    const sender = user(9)
    const recipient = user(0).address
    const routes: [ChainClients, ChainClients][] = [
      [A, B],
      [B, C],
      [C, A],
    ]
    const opened: { orderId: Hex; destination: ChainClients; outputAmount: bigint }[] = []
    const before = new Map<number, bigint>()
    for (const [, destination] of routes) {
      before.set(destination.config.id, await balanceOf(destination, destination.token('usdt'), recipient))
    }
    const openOne = async (i: number) => {
      const [origin, destination] = routes[i % routes.length]!
      const amount = usdc(String(50 + i))
      const q = await quote(origin, destination, origin.token('usdt'), destination.token('usdt'), amount)
      const { orderId } = await openIntent({
        origin,
        destination,
        account: sender,
        inputToken: origin.token('usdt'),
        inputAmount: amount,
        outputToken: destination.token('usdt'),
        outputAmount: BigInt(q.outputAmount),
        recipient,
        fillDeadline: q.fillDeadline,
        expires: q.expires,
      })
      opened.push({ orderId, destination, outputAmount: BigInt(q.outputAmount) })
    }

    for (let i = 0; i < 3; i++) await openOne(i)
    await network.services.get('solver')!.stop('SIGKILL') // a crash, not a clean shutdown
    for (let i = 3; i < 6; i++) await openOne(i)
    await network.startService('solver')
    for (let i = 6; i < 9; i++) await openOne(i)

    for (const order of opened) {
      await waitFor(
        () => fillsOf(order.destination, order.orderId),
        (fills) => fills.length > 0,
        `fill of ${order.orderId}`,
      )
    }
    for (const order of opened) {
      expect(await fillsOf(order.destination, order.orderId), 'exactly one fill').toHaveLength(1)
    }
    for (const [, destination] of routes) {
      const delivered = opened.filter((o) => o.destination === destination).reduce((sum, o) => sum + o.outputAmount, 0n)
      expect(await balanceOf(destination, destination.token('usdt'), recipient)).toBe(
        before.get(destination.config.id)! + delivered,
      )
    }
    for (const order of opened) {
      const origin = routes.find(([, d]) => d === order.destination)![0]
      await waitFor(
        () => escrowStatus(origin, order.orderId),
        (status) => status === 2,
        `claim of ${order.orderId}`,
      )
    }
  })

  it('answers bad input with 4xx JSON errors and keeps serving', async () => {
    const base = {
      originChainId: String(A.config.id),
      destinationChainId: String(B.config.id),
      inputToken: A.token('usdc'),
      outputToken: B.token('usdc'),
      amount: '1000000',
    }
    const cases: [Partial<Record<keyof typeof base, string>>, string][] = [
      [{ originChainId: '999' }, 'UNSUPPORTED_CHAIN'],
      [{ originChainId: 'abc' }, 'INVALID_CHAIN'],
      [{ destinationChainId: String(A.config.id) }, 'SAME_CHAIN'],
      [{ inputToken: '0x000000000000000000000000000000000000dEaD' }, 'UNSUPPORTED_TOKEN'],
      [{ outputToken: 'not-an-address' }, 'INVALID_TOKEN'],
      [{ amount: '0' }, 'INVALID_AMOUNT'],
      [{ amount: '-5' }, 'INVALID_AMOUNT'],
      [{ amount: 'lots' }, 'INVALID_AMOUNT'],
      [{ amount: '1.5' }, 'INVALID_AMOUNT'],
      [{ amount: '10' }, 'AMOUNT_TOO_LOW'],
      [{ amount: usdc('100000000').toString() }, 'AMOUNT_TOO_HIGH'],
      [{ amount: undefined }, 'MISSING_PARAMETER'],
    ]
    for (const [change, code] of cases) {
      const query = new URLSearchParams(
        Object.entries({ ...base, ...change }).filter((e): e is [string, string] => e[1] !== undefined),
      )
      const { status, body } = await getJson<{ error: { code: string; message: string } }>(
        `${solverUrl()}/v1/quote?${query}`,
      )
      expect(status, code).toBe(400)
      expect(body.error.code).toBe(code)
      expect(body.error.message.length).toBeGreaterThan(0)
    }
    for (const url of [
      `${attesterUrl()}/v1/intents/0x1234`,
      `${solverUrl()}/v1/orders/nope`,
      `${attesterUrl()}/v1/transfers/0x`,
    ]) {
      const { status, body } = await getJson<{ error: { code: string } }>(url)
      expect(status).toBe(400)
      expect(body.error.code).toBe('INVALID_ID')
    }
    const unknown = await getJson<{ error: { code: string } }>(`${attesterUrl()}/v1/intents/0x${'ab'.repeat(32)}`)
    expect(unknown).toMatchObject({ status: 404, body: { error: { code: 'UNKNOWN_ORDER' } } })
    expect((await getJson(`${solverUrl()}/nowhere`)).status).toBe(404)
    expect((await getJson(`${solverUrl()}/health`)).status).toBe(200)
    expect((await getJson(`${attesterUrl()}/health`)).status).toBe(200)
  })
})
