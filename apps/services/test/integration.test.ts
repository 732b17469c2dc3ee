import {
  intentOriginSettlerAbi,
  intentOriginSettlerStatus,
  poolBridgeAbi,
  poolBridgeStatus,
} from '@multi-bridge/contracts'
import { NATIVE_TOKEN_ADDRESS } from '@multi-bridge/core'
import { type Address, parseUnits } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { minimumGasFee, parsePricing, quoteOutput } from '../src/solver/pricing.ts'
import {
  type AttesterIntent,
  advanceTime,
  balanceOf,
  type ChainClients,
  chainTime,
  clientsFor,
  combinedNoFill,
  depositStatus,
  escrowStatus,
  fillsOf,
  getJson,
  networkShortcuts,
  openIntent,
  sendPool,
  startTestNetwork,
  TEST_PRICING,
  type TestNetwork,
  tokenInfo,
  user,
  waitFor,
} from './harness.ts'
import { restartCases } from './restartCases.ts'

let network: TestNetwork
let A: ChainClients
let B: ChainClients
let C: ChainClients
const usdc = (whole: string) => parseUnits(whole, 6)

const { solverUrl, attesterUrl, relayerUrl, quote } = networkShortcuts(() => network)

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
    // How soon is measured, not asserted: a loaded machine takes more blocks (`npm run load` holds the fill to its
    // budget in destination blocks, p50 and p95).
    const latency = Number(fill!.blockNumber - destinationBlockAtOpen)
    console.log(`intent fill latency: ${latency} destination block(s) after the Open`)

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
  restartCases(() => ({ network, A, B, C }))
})
