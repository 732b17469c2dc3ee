import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  intentOriginSettlerAbi,
  intentOriginSettlerStatus,
  poolBridgeAbi,
  poolBridgeStatus,
} from '@multi-bridge/contracts'
import { NATIVE_TOKEN_ADDRESS } from '@multi-bridge/core'
import { getFreePort, isPortTaken } from '@multi-bridge/devnet'
import { type Address, type Hex, parseUnits } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startAttester } from '../src/attester/attester.ts'
import { type ServiceName, spawnService } from '../src/process.ts'
import { startRelayer } from '../src/relayer/relayer.ts'
import type { Logger } from '../src/shared/logger.ts'
import { CorruptStateError } from '../src/shared/stateStore.ts'
import { minimumGasFee, parsePricing, quoteOutput } from '../src/solver/pricing.ts'
import { startSolver } from '../src/solver/solver.ts'
import {
  type AttesterIntent,
  advanceTime,
  balanceOf,
  type ChainClients,
  chainTime,
  clientsFor,
  combinedNoFill,
  crashService,
  depositStatus,
  escrowStatus,
  fillsOf,
  getJson,
  openIntent,
  releasesOf,
  sendPool,
  solverQuote,
  startTestNetwork,
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

const solverUrl = () => `http://127.0.0.1:${network.ports.solver}`
/** The first attester: what one of the three says (each signs on its own; two of them make an attestation). */
const attesterUrl = () => `http://127.0.0.1:${network.ports['attester-1']}`
const relayerUrl = () => `http://127.0.0.1:${network.ports.relayer}`

const quote = (
  origin: ChainClients,
  destination: ChainClients,
  inputToken: Address,
  outputToken: Address,
  amount: bigint,
) => solverQuote(network, { origin, destination, inputToken, outputToken, amount })
const crash = (name: ServiceName) => crashService(network, name)

beforeAll(async () => {
  network = await startTestNetwork()
  A = clientsFor(network.manifest, 0)
  B = clientsFor(network.manifest, 1)
  C = clientsFor(network.manifest, 2)
})

afterAll(async () => {
  await network?.stop()
})

// A service that dies during a test (a crash, or a restart that failed) fails that test.
afterEach(() => {
  const exits = network.unexpectedExits.splice(0)
  expect(exits, `unexpected service exits; last logs:\n${network.logs.slice(-20).join('\n')}`).toEqual([])
})

describe('the local multichain network', () => {
  it('(a) delivers USDC on A as the native coin on B through the intent bridge, and repays the solver', async () => {
    const sender = user(4)
    const recipient = user(5).address
    const amount = usdc('300')
    const q = await quote(A, B, A.token('usdc'), NATIVE_TOKEN_ADDRESS, amount)
    const outputAmount = BigInt(q.outputAmount)
    // Priced from the solver's pricing file (ETH at $2,500, 20 bps spread), not its defaults, less B's gas.
    expect(outputAmount).toBe(
      quoteOutput(parsePricing(TEST_PRICING), amount, tokenInfo(A, 'usdc'), tokenInfo(B, 'native'), BigInt(q.fees.gas))
        .outputAmount,
    )
    expect(BigInt(q.fees.gas)).toBeGreaterThanOrEqual(minimumGasFee(parsePricing(TEST_PRICING), tokenInfo(B, 'native')))
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
      (status) => status === intentOriginSettlerStatus.Claimed,
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
      () => depositStatus(A, transferId),
      (status) => status === poolBridgeStatus.Finalized,
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
    // A deadline far from the solver's "fill deadline too close" cut-off, however slow this machine
    // is, so inventory is the only reason to decline; the clocks are moved past it below.
    const fillDeadline = (await chainTime(B)) + 120
    const { orderId } = await openIntent({
      origin: A,
      destination: B,
      account: sender,
      inputToken: A.token('usdc'),
      inputAmount: amount,
      outputToken: B.token('usdc'),
      outputAmount: usdc('299000'),
      recipient: sender.address,
      fillDeadline,
      expires: fillDeadline + 3_600,
    })
    expect(await balanceOf(A, A.token('usdc'), sender.address)).toBe(before - amount)

    const decision = await waitFor(
      () => getJson<{ status: string; reason?: string }>(`${solverUrl()}/v1/orders/${orderId}`),
      (r) => r.status === 200,
      'solver decision',
    )
    expect(decision.body).toMatchObject({ status: 'declined', reason: 'insufficient inventory' })
    // Before the deadline the attester knows the order but signs nothing about it.
    const pending = await waitFor(
      () => getJson<AttesterIntent>(`${attesterUrl()}/v1/intents/${orderId}`),
      (r) => r.status === 200,
      'attester indexes the order',
    )
    expect(pending.body).toMatchObject({ status: 'open', attestation: null })

    await advanceTime([A, B, C], fillDeadline - (await chainTime(B)) + 1)
    const attested = await waitFor(
      () => getJson<AttesterIntent>(`${attesterUrl()}/v1/intents/${orderId}`),
      (r) => r.body.status === 'not-filled',
      'no-fill attestation',
    )
    expect(attested.body.attestation?.kind).toBe('no-fill')
    // The attesters' no-fill, two of them combined (one attester's signature alone refunds nothing).
    const hash = await A.wallet(sender).writeContract({
      address: A.config.contracts.intentOriginSettler as Address,
      abi: intentOriginSettlerAbi,
      functionName: 'refund',
      args: [orderId, await combinedNoFill(network, orderId)],
    })
    expect((await A.public.waitForTransactionReceipt({ hash })).status).toBe('success')
    expect(await escrowStatus(A, orderId)).toBe(intentOriginSettlerStatus.Refunded)
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
    const chains = [A, B, C]
    const solver = (await getJson<{ solver: Address }>(`${solverUrl()}/health`)).body.solver
    type Opened = { orderId: Hex; origin: ChainClients; destination: ChainClients; input: bigint; output: bigint }
    const opened: Opened[] = []
    const recipientBefore = new Map<ChainClients, bigint>()
    const solverBefore = new Map<ChainClients, bigint>()
    for (const chain of chains) {
      recipientBefore.set(chain, await balanceOf(chain, chain.token('usdt'), recipient))
      solverBefore.set(chain, await balanceOf(chain, chain.token('usdt'), solver))
    }
    /** The network fee each destination's last quote charged: what the solver would charge while it is down. */
    const networkFees = new Map<ChainClients, bigint>()
    /** With the solver up, at its quote; with it down, straight on chain at the price it would quote. */
    const openOne = async (i: number, solverUp: boolean) => {
      const [origin, destination] = routes[i % routes.length]!
      const input = usdc(String(50 + i))
      let terms: { outputAmount: bigint; fillDeadline: number; expires: number }
      if (solverUp) {
        const q = await quote(origin, destination, origin.token('usdt'), destination.token('usdt'), input)
        networkFees.set(destination, BigInt(q.fees.gas))
        terms = { outputAmount: BigInt(q.outputAmount), fillDeadline: q.fillDeadline, expires: q.expires }
      } else {
        const fillDeadline = (await chainTime(destination)) + TEST_PRICING.fillWindowSeconds
        const [input_, output] = [tokenInfo(origin, 'usdt'), tokenInfo(destination, 'usdt')]
        terms = {
          outputAmount: quoteOutput(parsePricing(TEST_PRICING), input, input_, output, networkFees.get(destination))
            .outputAmount,
          fillDeadline,
          expires: fillDeadline + TEST_PRICING.refundGraceSeconds,
        }
      }
      const { orderId } = await openIntent({
        origin,
        destination,
        account: sender,
        inputToken: origin.token('usdt'),
        inputAmount: input,
        outputToken: destination.token('usdt'),
        recipient,
        ...terms,
      })
      opened.push({ orderId, origin, destination, input, output: terms.outputAmount })
    }

    for (let i = 0; i < 3; i++) await openOne(i, true)
    await crash('solver') // mid-stream: the last order is being filled right now
    const [origin, destination] = routes[0]!
    await expect(
      quote(origin, destination, origin.token('usdt'), destination.token('usdt'), usdc('50')),
    ).rejects.toThrow()
    for (let i = 3; i < 6; i++) await openOne(i, false)
    const downOrders = opened.slice(3)
    const blockAtRestart = new Map<ChainClients, bigint>()
    for (const chain of chains) blockAtRestart.set(chain, await chain.public.getBlockNumber({ cacheTime: 0 }))
    await network.startService('solver')
    for (let i = 6; i < 9; i++) await openOne(i, true)

    for (const order of opened) {
      await waitFor(
        () => fillsOf(order.destination, order.orderId),
        (fills) => fills.length > 0,
        `fill of ${order.orderId}`,
      )
    }
    for (const order of opened) {
      const fills = await fillsOf(order.destination, order.orderId)
      expect(fills, 'exactly one fill').toHaveLength(1)
      expect(fills[0]!.args.solver).toBe(solver)
      // Nothing filled the orders opened while the solver was down until it was back.
      if (downOrders.includes(order)) {
        expect(fills[0]!.blockNumber).toBeGreaterThan(blockAtRestart.get(order.destination)!)
      }
    }
    for (const chain of chains) {
      const delivered = opened.filter((o) => o.destination === chain).reduce((sum, o) => sum + o.output, 0n)
      expect(await balanceOf(chain, chain.token('usdt'), recipient)).toBe(recipientBefore.get(chain)! + delivered)
    }
    // No order forgotten: each is claimed on chain and recorded as claimed by the solver.
    for (const order of opened) {
      await waitFor(
        () => escrowStatus(order.origin, order.orderId),
        (status) => status === intentOriginSettlerStatus.Claimed,
        `claim of ${order.orderId}`,
      )
      await waitFor(
        () => getJson<{ status: string }>(`${solverUrl()}/v1/orders/${order.orderId}`),
        (record) => record.body.status === 'claimed',
        `solver records the claim of ${order.orderId}`,
      )
    }
    // The solver paid each output once and was repaid each input once, on every chain.
    for (const chain of chains) {
      const repaid = opened.filter((o) => o.origin === chain).reduce((sum, o) => sum + o.input, 0n)
      const paid = opened.filter((o) => o.destination === chain).reduce((sum, o) => sum + o.output, 0n)
      expect(await balanceOf(chain, chain.token('usdt'), solver)).toBe(solverBefore.get(chain)! + repaid - paid)
    }
  })

  it('(e) never signs both a fill and a no-fill when the attester restarts around the deadline', async () => {
    const sender = user(6)
    const amount = usdc('100')
    const usdcA = tokenInfo(A, 'usdc')
    const usdcB = tokenInfo(B, 'usdc')
    // The solver's own price, with the network fee it charges now.
    const { fees } = await quote(A, B, usdcA.address, usdcB.address, amount)
    const fair = quoteOutput(parsePricing(TEST_PRICING), amount, usdcA, usdcB, BigInt(fees.gas)).outputAmount
    const deadline = (await chainTime(B)) + 30
    const open = (outputAmount: bigint) =>
      openIntent({
        origin: A,
        destination: B,
        account: sender,
        inputToken: usdcA.address,
        inputAmount: amount,
        outputToken: usdcB.address,
        outputAmount,
        recipient: sender.address,
        fillDeadline: deadline,
        expires: deadline + TEST_PRICING.refundGraceSeconds,
      })
    const filledFirst = (await open(fair)).orderId
    const declined = (await open((fair * 102n) / 100n)).orderId // above the solver's 0.5 % tolerance
    await waitFor(
      () => fillsOf(B, filledFirst),
      (fills) => fills.length === 1,
      'fill before the crash',
    )
    const firstAttestation = await waitFor(
      () => getJson<AttesterIntent>(`${attesterUrl()}/v1/intents/${filledFirst}`),
      (r) => r.body.status === 'filled',
      'fill attestation before the crash',
    )
    expect(
      (await getJson<{ status: string; reason: string }>(`${solverUrl()}/v1/orders/${declined}`)).body,
    ).toMatchObject({ status: 'declined', reason: 'price not acceptable' })

    // Every attestation the attester hands out, across its restarts.
    const orders = [filledFirst, declined]
    const handedOut = new Map<Hex, Set<string>>()
    const look = async () => {
      for (const orderId of orders) {
        const answer = await getJson<AttesterIntent>(`${attesterUrl()}/v1/intents/${orderId}`).catch(() => undefined)
        const attestation = answer?.body.attestation
        if (!attestation) continue
        const seen = handedOut.get(orderId) ?? new Set()
        seen.add(`${attestation.kind} ${attestation.signatures}`)
        handedOut.set(orderId, seen)
      }
    }
    let watching = true
    const watcher = (async () => {
      while (watching) {
        await look()
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
    })()

    await crash('attester-1')
    // Filled while the attester is down, and only seen by it after the deadline has passed.
    const filledWhileDown = (await open(fair)).orderId
    orders.push(filledWhileDown)
    await waitFor(
      () => fillsOf(B, filledWhileDown),
      (fills) => fills.length === 1,
      'fill while the attester is down',
    )
    await advanceTime([A, B, C], deadline - (await chainTime(B)) + 1)
    await network.startService('attester-1')

    const decided = async () => {
      const answers = await Promise.all(
        orders.map((orderId) => getJson<AttesterIntent>(`${attesterUrl()}/v1/intents/${orderId}`)),
      )
      return answers.map((answer) => answer.body)
    }
    const afterRestart = await waitFor(
      decided,
      // Unknown (404) until the restarted attester has caught up with the chains again.
      (bodies) => bodies.every((body) => body.status === 'filled' || body.status === 'not-filled'),
      'decisions after the restart',
    )
    expect(afterRestart).toMatchObject([
      { status: 'filled', attestation: { kind: 'fill' } },
      { status: 'not-filled', attestation: { kind: 'no-fill' } },
      { status: 'filled', attestation: { kind: 'fill' } },
    ])
    expect(afterRestart[0]).toEqual(firstAttestation.body)
    watching = false
    await watcher
    await look() // the watcher may have stopped between the last decision and its next look
    for (const orderId of orders) expect(handedOut.get(orderId)?.size, `attestations for ${orderId}`).toBe(1)
    // Each order was signed once across the restart: the decision made before the crash was read back from the
    // state file, not made again. (Signing again would give the same signature, so the signings are counted.)
    const signings = (orderId: Hex) =>
      network.logs.filter(
        (line) =>
          line.startsWith('[attester-1]') &&
          /"msg":"signed (fill|no-fill) attestation"/.test(line) &&
          line.toLowerCase().includes(orderId.toLowerCase()),
      ).length
    for (const orderId of orders) expect(signings(orderId), `signings of ${orderId}`).toBe(1)

    // And the chain agrees: the filled orders are repaid to the solver, the other refunded to its user.
    for (const orderId of [filledFirst, filledWhileDown]) {
      await waitFor(
        () => escrowStatus(A, orderId),
        (status) => status === intentOriginSettlerStatus.Claimed,
        `claim of ${orderId}`,
      )
    }
    const before = await balanceOf(A, usdcA.address, sender.address)
    const hash = await A.wallet(sender).writeContract({
      address: A.config.contracts.intentOriginSettler as Address,
      abi: intentOriginSettlerAbi,
      functionName: 'refund',
      // The attesters' no-fill, combined: the restarted attester's signature and another's.
      args: [declined, await combinedNoFill(network, declined)],
    })
    expect((await A.public.waitForTransactionReceipt({ hash })).status).toBe('success')
    expect(await balanceOf(A, usdcA.address, sender.address)).toBe(before + amount)
  })

  it('(f) releases and finalizes every pool transfer exactly once when the relayer crashes mid-stream', async () => {
    const sender = user(7)
    const recipient = user(5).address
    // Between the two faster chains: the point is the restart, not the block times.
    const routes: [ChainClients, ChainClients][] = [
      [A, B],
      [B, A],
      [A, B],
    ]
    const sent: { transferId: Hex; origin: ChainClients; destination: ChainClients; amountOut: bigint }[] = []
    const recipientBefore = new Map<ChainClients, bigint>()
    for (const chain of [A, B]) recipientBefore.set(chain, await balanceOf(chain, chain.token('usdc'), recipient))
    const send = async (i: number) => {
      const [origin, destination] = routes[i]!
      const { transferId, amountOut } = await sendPool({
        origin,
        destination,
        account: sender,
        token: origin.token('usdc'),
        amount: usdc(String(200 + i)),
        recipient,
      })
      sent.push({ transferId, origin, destination, amountOut })
    }

    await send(0)
    await crash('relayer')
    await send(1)
    const destinationBlockAtRestart = await sent[1]!.destination.public.getBlockNumber({ cacheTime: 0 })
    await network.startService('relayer')
    await send(2)

    for (const transfer of sent) {
      await waitFor(
        () => depositStatus(transfer.origin, transfer.transferId),
        (status) => status === poolBridgeStatus.Finalized,
        `finalization of ${transfer.transferId}`,
      )
      await waitFor(
        () => getJson<{ status: string }>(`${relayerUrl()}/v1/transfers/${transfer.transferId}`),
        (record) => record.body.status === 'finalized',
        `relayer records ${transfer.transferId} as finalized`,
      )
      const releases = await releasesOf(transfer.destination, transfer.transferId)
      expect(releases, 'exactly one release').toHaveLength(1)
      expect(releases[0]!.args.amount).toBe(transfer.amountOut)
    }
    // The transfer sent while the relayer was down waited for it.
    expect((await releasesOf(sent[1]!.destination, sent[1]!.transferId))[0]!.blockNumber).toBeGreaterThan(
      destinationBlockAtRestart,
    )
    for (const chain of [A, B]) {
      const received = sent.filter((t) => t.destination === chain).reduce((sum, t) => sum + t.amountOut, 0n)
      expect(await balanceOf(chain, chain.token('usdc'), recipient)).toBe(recipientBefore.get(chain)! + received)
    }
  })

  it('serves the prices it quotes at, per token of the manifest, read-only (GET /v1/prices)', async () => {
    type Prices = { prices: { chainId: number; address: string; symbol: string; usd: string }[] }
    const { status, body } = await getJson<Prices>(`${solverUrl()}/v1/prices`)
    expect(status).toBe(200)
    const priceOf = (chain: ChainClients, address: string) =>
      body.prices.find((entry) => entry.chainId === chain.config.id && entry.address === address)?.usd
    expect(priceOf(A, A.token('usdc'))).toBe(TEST_PRICING.pricesUsd.USDC)
    expect(priceOf(B, NATIVE_TOKEN_ADDRESS)).toBe(TEST_PRICING.pricesUsd.ETH)
    expect(body.prices).toHaveLength(network.manifest.chains.flatMap((chain) => chain.tokens).length)
    // The quote is at those prices: 100 USDC → ETH at $2500, less the spread and the fill's gas fee (never less
    // than the flat least fee).
    const quoted = await quote(A, B, A.token('usdc'), NATIVE_TOKEN_ADDRESS, usdc('100'))
    const eth = { symbol: 'ETH', decimals: 18 }
    const gasFee = BigInt(quoted.fees.gas)
    expect(gasFee).toBeGreaterThanOrEqual(minimumGasFee(parsePricing(TEST_PRICING), eth))
    expect(BigInt(quoted.outputAmount)).toBe(
      quoteOutput(parsePricing(TEST_PRICING), usdc('100'), { symbol: 'USDC', decimals: 6 }, eth, gasFee).outputAmount,
    )
    const posted = await fetch(`${solverUrl()}/v1/prices`, { method: 'POST' })
    expect(posted.status).toBe(405)
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
    for (const url of [
      `${attesterUrl()}/v1/intents/%ZZ`,
      `${solverUrl()}/v1/orders/%`,
      `${relayerUrl()}/v1/transfers/%E0%A4%A`,
    ]) {
      const { status, body } = await getJson<{ error: { code: string; message: string } }>(url)
      expect(status, url).toBe(400)
      expect(body.error.code, url).toBe('INVALID_PATH')
      expect(body.error.message.length).toBeGreaterThan(0)
    }
    const unknown = await getJson<{ error: { code: string } }>(`${attesterUrl()}/v1/intents/0x${'ab'.repeat(32)}`)
    expect(unknown).toMatchObject({ status: 404, body: { error: { code: 'UNKNOWN_ORDER' } } })
    expect((await getJson(`${solverUrl()}/nowhere`)).status).toBe(404)
    expect((await getJson(`${solverUrl()}/health`)).status).toBe(200)
    expect((await getJson(`${attesterUrl()}/health`)).status).toBe(200)
    expect((await getJson(`${relayerUrl()}/health`)).status).toBe(200)
  })
  // Last, as it leaves the attester stopped.
  it('(g) a corrupt state file or pricing file stops a service with a clear message', async () => {
    // Through the CLI, as an operator would see it: the attester's own state file, half written.
    await network.services.get('attester-1')!.stop()
    const stateFile = join(network.dataDir, 'attester-1', 'attester-state.json')
    const state = readFileSync(stateFile, 'utf8')
    const corrupt = state.slice(0, state.length / 2)
    writeFileSync(stateFile, corrupt)
    const pricingFile = join(network.dataDir, 'bad-pricing.json')
    writeFileSync(pricingFile, JSON.stringify({ pricesUsd: { ETH: 2500 }, spreadBps: 10_000 }))
    const badPricing = spawnService({
      name: 'solver',
      manifestPath: network.manifestPath,
      dataDir: join(network.dataDir, 'bad-pricing'),
      port: await getFreePort(),
      env: { SOLVER_PRICING_FILE: pricingFile },
    })
    const failed = (start: Promise<unknown>) =>
      start.then(
        () => new Error('started anyway'),
        (error: Error) => error,
      )
    // Both at once: each start costs seconds of module loading.
    const [attester, pricing] = await Promise.all([
      failed(network.startService('attester-1')),
      failed(badPricing.ready),
    ])
    await badPricing.stop('SIGKILL')
    expect(attester.message).toContain('attester-1 exited (code 1) before it was ready')
    expect(attester.message).toContain(`failed to start: State file ${stateFile} cannot be read (`)
    expect(attester.message).toContain('Refusing to start: starting over could sign or fill twice')
    expect(await isPortTaken(network.ports['attester-1']!)).toBe(false)
    expect(readFileSync(stateFile, 'utf8'), 'the file is left for a person to inspect').toBe(corrupt)
    expect(pricing.message).toContain(
      `failed to start: Invalid solver pricing in ${pricingFile}: pricesUsd.ETH must be decimal text, e.g. "3000" or "0.10"; spreadBps must be a whole number from 0 to 9999`,
    )

    // Each service, in this process: the check comes before any chain is touched.
    const log: Logger = { debug() {}, info() {}, warn() {}, error() {}, child: () => log }
    const starts = { solver: startSolver, attester: startAttester, relayer: startRelayer }
    for (const [name, start] of Object.entries(starts)) {
      const dataDir = join(network.dataDir, `corrupt-${name}`)
      mkdirSync(dataDir)
      const file = join(dataDir, `${name}-state.json`)
      writeFileSync(file, name === 'relayer' ? '{"cursors": {}, "transfers": []}' : '{"cursors": {"1": "')
      const outcome = await start({ manifest: network.manifest, dataDir, port: await getFreePort(), log }).then(
        async (handle) => {
          await handle.stop()
          return new Error(`${name} started from a corrupt state file`)
        },
        (error: Error) => error,
      )
      expect(outcome, name).toBeInstanceOf(CorruptStateError)
      expect(outcome.message).toContain(`State file ${file} cannot be read`)
    }
  })
})
