/**
 * Delivered or refunded, never both, across chains: attacks on the services and contracts together, on a
 * fresh devnet with the three services as `npm start` runs them. The services reach each chain through a
 * proxy the tests can cut, and the solver fills at most $1,000 against opens that are not final yet.
 */
import {
  intentOriginSettlerAbi,
  intentOriginSettlerStatus,
  poolBridgeAbi,
  poolBridgeStatus,
} from '@multi-bridge/contracts'
import { NATIVE_TOKEN_ADDRESS } from '@multi-bridge/core'
import { type Address, createTestClient, type Hex, http, parseEventLogs, parseUnits } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { parsePricing, quoteOutput } from '../src/solver/pricing.ts'
import {
  type AttesterIntent,
  advanceTime,
  approveExact,
  balanceOf,
  type ChainClients,
  chainTime,
  clientsFor,
  combinedNoFill,
  crashService,
  depositOf,
  depositStatus,
  escrowStatus,
  fillsOf,
  getJson,
  openIntent,
  releasesOf,
  sendOpenIntent,
  sendPool,
  sendPoolTx,
  serviceUrl,
  solverQuote,
  startAttesters,
  startTestNetwork,
  stopAttesters,
  TEST_PRICING,
  type TestNetwork,
  tokenInfo,
  user,
  waitFor,
} from './harness.ts'

let network: TestNetwork
let A: ChainClients
let B: ChainClients
let C: ChainClients
const usdc = (whole: string) => parseUnits(whole, 6)
/** An address with no code: no settler, no pool. */
const CODELESS = '0x000000000000000000000000000000000000dEaD' as const

beforeAll(async () => {
  network = await startTestNetwork({ rpcProxies: true, pricing: { maxUnconfirmedUsd: '1000' } })
  A = clientsFor(network.manifest, 0)
  B = clientsFor(network.manifest, 1)
  C = clientsFor(network.manifest, 2)
})
afterAll(async () => {
  await network?.stop()
})
afterEach(() => {
  expect(network.unexpectedExits).toEqual([])
})

const attesterIntent = async (orderId: Hex) =>
  (await getJson<AttesterIntent>(`${serviceUrl(network, 'attester-1')}/v1/intents/${orderId}`)).body
const attesterTransfer = (transferId: Hex) =>
  getJson<{ status: string }>(`${serviceUrl(network, 'attester-1')}/v1/transfers/${transferId}`)
const solverOrder = async (orderId: Hex) =>
  getJson<{ status: string; reason?: string }>(`${serviceUrl(network, 'solver')}/v1/orders/${orderId}`)

/** Opens USDC A → `destination` at the solver's quote (with its gas on arrival when asked for). */
async function quotedOrder(
  destination: ChainClients,
  whole: string,
  account = user(5),
  options: { gasOnArrival?: boolean; recipient?: Address } = {},
) {
  const amount = usdc(whole)
  const input = A.token('usdc')
  const output = destination.token('usdc')
  const gasOnArrival = options.gasOnArrival ?? false
  const q = await solverQuote(network, {
    origin: A,
    destination,
    inputToken: input,
    outputToken: output,
    amount,
    gasOnArrival,
  })
  const { orderId } = await openIntent({
    origin: A,
    destination,
    account,
    inputToken: input,
    inputAmount: amount,
    outputToken: output,
    outputAmount: BigInt(q.outputAmount),
    gasAmount: BigInt(q.gasAmount),
    recipient: options.recipient ?? account.address,
    fillDeadline: q.fillDeadline,
    expires: q.expires,
  })
  return { orderId, quote: q, amount }
}

const claimed = (orderId: Hex) =>
  waitFor(
    () => escrowStatus(A, orderId),
    (status) => status === intentOriginSettlerStatus.Claimed,
    `claim of ${orderId}`,
  )
const finalized = (origin: ChainClients, transferId: Hex) =>
  waitFor(
    () => depositStatus(origin, transferId),
    (status) => status === poolBridgeStatus.Finalized,
    `finalize of ${transferId}`,
  )

/** The unattested refund, as its sender would try it; resolves to the revert's name or 'success'. */
async function tryUnattestedRefund(origin: ChainClients, kind: 'intent' | 'pool', id: Hex, account = user(5)) {
  const request =
    kind === 'intent'
      ? {
          address: origin.config.contracts.intentOriginSettler as Address,
          abi: intentOriginSettlerAbi,
          functionName: 'refund' as const,
          args: [id, '0x'] as const,
        }
      : {
          address: origin.config.contracts.poolBridge as Address,
          abi: poolBridgeAbi,
          functionName: 'refund' as const,
          args: [id, '0x'] as const,
        }
  return origin.public.simulateContract({ ...request, account } as never).then(
    () => 'success',
    (error: Error) => /RefundNotYetAvailable|OrderNotOpen|DepositNotPending/.exec(error.message)?.[0] ?? error.message,
  )
}

describe('paid once, across chains', () => {
  it('(1) an order naming a codeless settler gets its no-fill, and every later order and transfer is still decided', async () => {
    const sender = user(5)
    const deadline = (await chainTime(B)) + 20
    // The attack of the issue: 1 base unit, a destination settler with no code.
    const { orderId: poisoned } = await openIntent({
      origin: A,
      destination: B,
      account: sender,
      inputToken: A.token('usdc'),
      inputAmount: 1n,
      outputToken: B.token('usdc'),
      outputAmount: 1n,
      recipient: sender.address,
      fillDeadline: deadline,
      expires: deadline + TEST_PRICING.refundGraceSeconds,
      destinationSettler: CODELESS,
    })
    await advanceTime([A, B, C], 30)
    await waitFor(
      () => attesterIntent(poisoned),
      (body) => body.status === 'not-filled',
      'the no-fill of the poisoned order',
    )

    // Decided after it: an intent and a pool transfer, both settled by the services.
    const { orderId } = await quotedOrder(B, '100')
    const { transferId } = await sendPool({
      origin: A,
      destination: C,
      account: sender,
      token: A.token('usdc'),
      amount: usdc('50'),
      recipient: sender.address,
    })
    await claimed(orderId)
    await finalized(A, transferId)
    expect(await releasesOf(C, transferId)).toHaveLength(1)

    const before = await balanceOf(A, A.token('usdc'), sender.address)
    const hash = await A.wallet(sender).writeContract({
      address: A.config.contracts.intentOriginSettler as Address,
      abi: intentOriginSettlerAbi,
      functionName: 'refund',
      args: [poisoned, await combinedNoFill(network, poisoned)],
    })
    expect((await A.public.waitForTransactionReceipt({ hash })).status).toBe('success')
    expect(await balanceOf(A, A.token('usdc'), sender.address)).toBe(before + 1n)
  })

  it('(1) a chain whose RPC is down delays only the items that need it; they are decided once it is back', async () => {
    const sender = user(6)
    const amount = usdc('100')
    const fair = quoteOutput(
      parsePricing(TEST_PRICING),
      amount,
      tokenInfo(A, 'usdc'),
      tokenInfo(C, 'usdc'),
    ).outputAmount
    const deadline = (await chainTime(C)) + 20
    // Declined by the solver (asks 2 % above its price): undecided until its deadline is final on C.
    const { orderId: toC } = await openIntent({
      origin: A,
      destination: C,
      account: sender,
      inputToken: A.token('usdc'),
      inputAmount: amount,
      outputToken: C.token('usdc'),
      outputAmount: (fair * 102n) / 100n,
      recipient: sender.address,
      fillDeadline: deadline,
      expires: deadline + TEST_PRICING.refundGraceSeconds,
    })
    await waitFor(
      () => solverOrder(toC),
      (r) => r.body.status === 'declined',
      'the solver declining the order to C',
    )
    network.rpc.get(C.config.id)!.down()
    try {
      await advanceTime([A, B, C], 30)
      // With C unreachable, A → B goes on: an intent and a pool transfer are settled.
      const { orderId } = await quotedOrder(B, '100', sender)
      const { transferId } = await sendPool({
        origin: A,
        destination: B,
        account: sender,
        token: A.token('usdc'),
        amount: usdc('50'),
        recipient: sender.address,
      })
      await claimed(orderId)
      await finalized(A, transferId)
      expect((await attesterIntent(toC)).status).toBe('open')
      // Repeated failures on one chain are an alert, once, not a halt.
      await waitFor(
        async () =>
          network.logs.filter(
            (line) =>
              line.startsWith('[attester-1]') && line.includes('"alert":true') && line.includes(`chain:${C.config.id}`),
          ),
        (lines) => lines.length >= 1,
        'an alert about chain C',
      )
    } finally {
      network.rpc.get(C.config.id)!.up()
    }
    await waitFor(
      () => attesterIntent(toC),
      (body) => body.status === 'not-filled',
      'the no-fill of the order to C once C is back',
    )
  })

  it('(1) the solver quotes no route it cannot follow: from or to a chain whose RPC is down it answers 503 naming the chain, and quotes again once it is back', async () => {
    // USDT: no gasless terms, so the quote reads nothing of the origin on its own.
    const quoteStatus = async (origin: ChainClients, destination: ChainClients) => {
      const query = new URLSearchParams({
        originChainId: String(origin.config.id),
        destinationChainId: String(destination.config.id),
        inputToken: origin.token('usdt'),
        outputToken: destination.token('usdt'),
        amount: usdc('100').toString(),
      })
      return getJson<{ error?: { code: string; chainId?: number } }>(
        `${serviceUrl(network, 'solver')}/v1/quote?${query}`,
      )
    }
    // In sight before the cut (the test before this one cut C too: the solver reads it again within a poll or two).
    await waitFor(
      () => quoteStatus(C, A),
      (answer) => answer.status === 200,
      'the quote from C before the cut',
      10_000,
    )
    network.rpc.get(C.config.id)!.down()
    try {
      // An order opened on C now would wait unseen in its escrow: the quote from C is refused.
      const fromC = await waitFor(
        () => quoteStatus(C, A),
        (answer) => answer.status !== 200,
        'the quote from C refused',
        10_000,
      )
      expect(fromC).toEqual({
        status: 503,
        body: { error: expect.objectContaining({ code: 'CHAIN_UNAVAILABLE', chainId: C.config.id }) },
      })
      const toC = await quoteStatus(A, C)
      expect(toC).toEqual({
        status: 503,
        body: { error: expect.objectContaining({ code: 'CHAIN_UNAVAILABLE', chainId: C.config.id }) },
      })
      // The other routes are quoted as before.
      expect((await quoteStatus(A, B)).status).toBe(200)
    } finally {
      network.rpc.get(C.config.id)!.up()
    }
    await waitFor(
      () => quoteStatus(C, A),
      (answer) => answer.status === 200,
      'the quote from C once C is back',
      10_000,
    )
  })

  it('(2)(3) an order whose refund could race its claim cannot be opened; a filled one outlives an outage of the attesters past the old grace', async () => {
    const sender = user(7)
    const amount = usdc('100')
    const output = quoteOutput(
      parsePricing(TEST_PRICING),
      amount,
      tokenInfo(A, 'usdc'),
      tokenInfo(B, 'usdc'),
    ).outputAmount
    const fillDeadline = (await chainTime(B)) + TEST_PRICING.fillWindowSeconds
    await expect(
      openIntent({
        origin: A,
        destination: B,
        account: sender,
        inputToken: A.token('usdc'),
        inputAmount: amount,
        outputToken: B.token('usdc'),
        outputAmount: output,
        recipient: sender.address,
        fillDeadline,
        expires: fillDeadline + 1,
      }),
    ).rejects.toThrow(/refund delay too short/)

    // Every attester down: no attestation can be made at all.
    await stopAttesters(network)
    const { orderId, quote } = await quotedOrder(B, '100', sender)
    await waitFor(
      () => fillsOf(B, orderId),
      (fills) => fills.length === 1,
      'the fill while the attesters are down',
    )
    // Down well past the old grace (900 s after the fill deadline).
    await advanceTime([A, B, C], quote.fillDeadline - (await chainTime(A)) + 1_000)
    expect(await tryUnattestedRefund(A, 'intent', orderId, sender)).toBe('RefundNotYetAvailable')
    await startAttesters(network)
    await claimed(orderId)
    expect(await tryUnattestedRefund(A, 'intent', orderId, sender)).toBe('OrderNotOpen')
  })

  it('(3) a released pool transfer outlives a relayer outage past the old grace: finalized, never refunded', async () => {
    const sender = user(8)
    const { transferId } = await sendPool({
      origin: A,
      destination: B,
      account: sender,
      token: A.token('usdc'),
      amount: usdc('70'),
      recipient: sender.address,
    })
    await waitFor(
      () => releasesOf(B, transferId),
      (releases) => releases.length === 1,
      'the release',
    )
    await crashService(network, 'relayer')
    expect(await depositStatus(A, transferId), 'still to finalize when the relayer went down').toBe(
      poolBridgeStatus.Pending,
    )
    const { deadline } = await depositOf(A, transferId)
    // Past the release deadline plus the old refund delay (600 s).
    await advanceTime([A, B, C], deadline - (await chainTime(A)) + 700)
    expect(await tryUnattestedRefund(A, 'pool', transferId, sender)).toBe('RefundNotYetAvailable')
    await network.startService('relayer')
    await finalized(A, transferId)
  })

  it('(4) a reorg within the finality depth takes back a deposit and an open: no pool or solver pays for them', async () => {
    const sender = user(9)
    const depth = A.config.confirmations!
    const test = createTestClient({ mode: 'anvil', chain: A.chain, transport: http(A.config.rpcUrls[0]) })
    const amount = usdc('5000') // above the solver's $1,000 for opens that are not final
    const q = await solverQuote(network, {
      origin: A,
      destination: B,
      inputToken: A.token('usdc'),
      outputToken: B.token('usdc'),
      amount,
    })
    await approveExact(A, sender, A.token('usdc'), A.config.contracts.intentOriginSettler as Address, amount)
    await approveExact(A, user(4), A.token('usdc'), A.config.contracts.poolBridge as Address, amount)
    const liquidityBefore = await B.public.readContract({
      address: B.config.contracts.poolBridge as Address,
      abi: poolBridgeAbi,
      functionName: 'liquidity',
      args: [B.token('usdc')],
    })

    await test.setIntervalMining({ interval: 0 })
    try {
      const openHash = await sendOpenIntent({
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
      const sendHash = await sendPoolTx({
        origin: A,
        destination: B,
        account: user(4),
        token: A.token('usdc'),
        amount,
        recipient: user(4).address,
      })
      await test.mine({ blocks: 1 })
      const [opened, sent] = await Promise.all(
        [openHash, sendHash].map((hash) => A.public.waitForTransactionReceipt({ hash })),
      )
      const orderId = parseEventLogs({ abi: intentOriginSettlerAbi, eventName: 'Open', logs: opened!.logs })[0]!.args
        .orderId
      const transferId = parseEventLogs({ abi: poolBridgeAbi, eventName: 'Sent', logs: sent!.logs })[0]!.args.transferId
      expect(await escrowStatus(A, orderId)).toBe(intentOriginSettlerStatus.Open)
      expect(await depositStatus(A, transferId)).toBe(poolBridgeStatus.Pending)
      // depth − 1 more blocks: not final yet. The services see both, and must not pay.
      await test.mine({ blocks: depth - 2 })
      await new Promise((resolve) => setTimeout(resolve, 3_000))
      expect((await solverOrder(orderId)).body).toMatchObject({
        status: 'accepted',
        reason: 'waiting for the open to be final',
      })
      expect((await attesterTransfer(transferId)).status).toBe(404)
      expect(await releasesOf(B, transferId)).toEqual([])

      await test.request({ method: 'anvil_reorg' as never, params: [depth - 1, []] as never })
      expect(await escrowStatus(A, orderId), 'the open is gone').toBe(intentOriginSettlerStatus.None)
      expect(await depositStatus(A, transferId), 'the deposit is gone').toBe(poolBridgeStatus.None)
      await test.setIntervalMining({ interval: A.config.blockTime })
      const reorgedAt = await A.public.getBlockNumber()
      await waitFor(
        () => A.public.getBlockNumber(),
        (n) => n > reorgedAt + BigInt(depth) + 2n,
        'blocks past the finality depth',
      )
      await waitFor(
        () => solverOrder(orderId),
        (r) => r.body.status === 'declined',
        'the solver giving up the vanished order',
      )
      expect((await solverOrder(orderId)).body.reason).toBe('the escrow is no longer open on the origin chain')
      expect(await fillsOf(B, orderId)).toEqual([])
      expect(await releasesOf(B, transferId)).toEqual([])
      expect((await attesterTransfer(transferId)).status).toBe(404)
      expect(
        await B.public.readContract({
          address: B.config.contracts.poolBridge as Address,
          abi: poolBridgeAbi,
          functionName: 'liquidity',
          args: [B.token('usdc')],
        }),
      ).toBe(liquidityBefore)
    } finally {
      await test.setIntervalMining({ interval: A.config.blockTime })
    }
  })

  it('(6) while the guardian pauses claims on the origin, the solver does not fill; it does once they resume', async () => {
    const guardian = user(10)
    const owner = user(0)
    const settler = A.config.contracts.intentOriginSettler as Address
    const brake = async (account: typeof owner, functionName: 'pauseSettlement' | 'unpauseSettlement') => {
      const hash = await A.wallet(account).writeContract({
        address: settler,
        abi: intentOriginSettlerAbi,
        functionName,
      })
      expect((await A.public.waitForTransactionReceipt({ hash })).status).toBe('success')
    }
    await brake(guardian, 'pauseSettlement')
    let orderId: Hex
    try {
      orderId = (await quotedOrder(B, '40', user(6))).orderId
      await waitFor(
        () => solverOrder(orderId),
        (r) => r.body.reason === 'claims are paused on the origin chain',
        'the solver holding the fill back',
        20_000,
      )
      expect(await fillsOf(B, orderId)).toEqual([])
    } finally {
      await brake(owner, 'unpauseSettlement')
    }
    await claimed(orderId)
  })

  it('(7) a pool release to a recipient that refuses the coin is paid in WETH and finalized, not declined and refunded', async () => {
    const sender = user(8)
    const amount = parseUnits('0.5', 18)
    // A contract that refuses native coin (the USDC token on B): before, every release reverted and was declined.
    const refuser = B.token('usdc')
    const wethBefore = await balanceOf(B, B.token('weth'), refuser)
    const { transferId, amountOut } = await sendPool({
      origin: A,
      destination: B,
      account: sender,
      token: A.token('native'),
      amount,
      recipient: refuser,
    })
    await finalized(A, transferId)
    expect(await releasesOf(B, transferId)).toHaveLength(1)
    expect(await balanceOf(B, B.token('weth'), refuser)).toBe(wethBefore + amountOut)
    expect(await tryUnattestedRefund(A, 'pool', transferId, sender)).toBe('DepositNotPending')
  })

  it('(7) a fill of native coin to a recipient that refuses it is paid in WETH and claimed, not declined', async () => {
    const sender = user(5)
    const refuser = B.token('usdc')
    const wethBefore = await balanceOf(B, B.token('weth'), refuser)
    const q = await solverQuote(network, {
      origin: A,
      destination: B,
      inputToken: A.token('usdc'),
      outputToken: NATIVE_TOKEN_ADDRESS,
      amount: usdc('300'),
    })
    const { orderId } = await openIntent({
      origin: A,
      destination: B,
      account: sender,
      inputToken: A.token('usdc'),
      inputAmount: usdc('300'),
      outputToken: NATIVE_TOKEN_ADDRESS,
      outputAmount: BigInt(q.outputAmount),
      recipient: refuser,
      fillDeadline: q.fillDeadline,
      expires: q.expires,
    })
    await claimed(orderId)
    expect(await fillsOf(B, orderId)).toHaveLength(1)
    expect(await balanceOf(B, B.token('weth'), refuser)).toBe(wethBefore + BigInt(q.outputAmount))
  })

  it('(8) gas on arrival: both outputs arrive in one fill and are claimed once; more gas than offered is declined and refunded whole', async () => {
    const sender = user(9)
    const amount = usdc('100')
    const input = A.token('usdc')
    const output = B.token('usdc')
    const plain = await solverQuote(network, {
      origin: A,
      destination: B,
      inputToken: input,
      outputToken: output,
      amount,
    })
    expect(BigInt(plain.gasAmount)).toBe(0n)

    const recipient = user(12).address
    const nativeBefore = await balanceOf(B, NATIVE_TOKEN_ADDRESS, recipient)
    const tokenBefore = await balanceOf(B, output, recipient)
    const { orderId, quote: q } = await quotedOrder(B, '100', sender, { gasOnArrival: true, recipient })
    const gasAmount = BigInt(q.gasAmount)
    expect(gasAmount).toBeGreaterThan(0n)
    // The gas is paid for from the output, at the solver's price, and so is the fill's larger network fee.
    expect(BigInt(q.outputAmount) + BigInt(q.fees.gas) + BigInt(q.fees.gasOnArrival)).toBe(
      BigInt(plain.outputAmount) + BigInt(plain.fees.gas),
    )
    await claimed(orderId)
    const [fill, ...more] = await fillsOf(B, orderId)
    expect(more).toEqual([])
    expect(fill?.args).toMatchObject({ outputAmount: BigInt(q.outputAmount), gasAmount })
    expect(await balanceOf(B, output, recipient)).toBe(tokenBefore + BigInt(q.outputAmount))
    expect(await balanceOf(B, NATIVE_TOKEN_ADDRESS, recipient)).toBe(nativeBefore + gasAmount)

    // Twice the gas for the same output lowered by the price of the gas asked: the solver declines it.
    const greedy = await solverQuote(network, {
      origin: A,
      destination: B,
      inputToken: input,
      outputToken: output,
      amount,
      gasOnArrival: true,
    })
    const fillDeadline = greedy.fillDeadline
    const { orderId: declined } = await openIntent({
      origin: A,
      destination: B,
      account: sender,
      inputToken: input,
      inputAmount: amount,
      outputToken: output,
      outputAmount: BigInt(greedy.outputAmount) - BigInt(greedy.fees.gasOnArrival),
      gasAmount: BigInt(greedy.gasAmount) * 2n,
      recipient,
      fillDeadline,
      expires: greedy.expires,
    })
    const decided = await waitFor(
      () => solverOrder(declined),
      (r) => r.body.status === 'declined',
      'the solver declining more gas than it offers',
    )
    expect(decided.body.reason).toBe('price not acceptable')
    // Past the deadline on every chain: the no-fill is attested on B's clock, the refund checks A's, which may trail.
    const earliest = Math.min(await chainTime(A), await chainTime(B))
    await advanceTime([A, B, C], fillDeadline - earliest + 5)
    const attested = await waitFor(
      () => attesterIntent(declined),
      (r) => r.status === 'not-filled',
      'the no-fill attestation',
    )
    expect(attested.attestation?.kind).toBe('no-fill')
    const senderBefore = await balanceOf(A, input, sender.address)
    const hash = await A.wallet(sender).writeContract({
      address: A.config.contracts.intentOriginSettler as Address,
      abi: intentOriginSettlerAbi,
      functionName: 'refund',
      args: [declined, await combinedNoFill(network, declined)],
    })
    expect((await A.public.waitForTransactionReceipt({ hash })).status).toBe('success')
    expect(await balanceOf(A, input, sender.address)).toBe(senderBefore + amount)
    expect(await fillsOf(B, declined)).toEqual([])
  })
})
