/**
 * Paid once under faults, on a fresh devnet with the three services as `npm start` runs them: a recipient
 * that burns the payer's gas, a chain whose state reads hang with a hundred orders waiting on it, and a reorg that
 * takes back an open the solver already filled. The services reach each chain through a proxy the tests can cut or
 * make hang, and the solver fills at most $1,000 against opens that are not final yet.
 */
import {
  gasBurnerAbi,
  gasBurnerBytecode,
  intentOriginSettlerAbi,
  intentOriginSettlerStatus,
  poolBridgeStatus,
} from '@multi-bridge/contracts'
import { NATIVE_TOKEN_ADDRESS } from '@multi-bridge/core'
import { type Address, createTestClient, type Hex, http, parseEventLogs, parseUnits } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_DECISION_LIMITS } from '../src/attester/context.ts'
import { RELEASE_GAS_CAP } from '../src/relayer/relayer.ts'
import { minimumGasFee, parsePricing } from '../src/solver/pricing.ts'
import {
  type AttesterIntent,
  advanceTime,
  approveExact,
  balanceOf,
  type ChainClients,
  chainTime,
  clientsFor,
  depositStatus,
  escrowStatus,
  fillsOf,
  getJson,
  openIntent,
  releasesOf,
  sendOpenIntent,
  sendPool,
  serviceUrl,
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
/** Gas the hostile recipient's `receive` demands before burning it: the attack used more than 10M. */
const GRIEF_GAS = 10_000_000n

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
const solverOrder = async (orderId: Hex) =>
  (await getJson<{ status: string; reason?: string }>(`${serviceUrl(network, 'solver')}/v1/orders/${orderId}`)).body
const claimed = (orderId: Hex) =>
  waitFor(
    () => escrowStatus(A, orderId),
    (status) => status === intentOriginSettlerStatus.Claimed,
    `claim of ${orderId}`,
  )
const finalized = (transferId: Hex) =>
  waitFor(
    () => depositStatus(A, transferId),
    (status) => status === poolBridgeStatus.Finalized,
    `finalize of ${transferId}`,
  )

/** Opens A → B at the solver's quote, `output` of B's `outputKind`, to `recipient`. */
async function quotedOrder(
  whole: string,
  p: { account?: ReturnType<typeof user>; outputKind?: 'usdc' | 'native'; gasOnArrival?: boolean; recipient: Address },
) {
  const account = p.account ?? user(5)
  const amount = usdc(whole)
  const q = await solverQuote(network, {
    origin: A,
    destination: B,
    inputToken: A.token('usdc'),
    outputToken: B.token(p.outputKind ?? 'usdc'),
    amount,
    gasOnArrival: p.gasOnArrival ?? false,
  })
  const { orderId } = await openIntent({
    origin: A,
    destination: B,
    account,
    inputToken: A.token('usdc'),
    inputAmount: amount,
    outputToken: B.token(p.outputKind ?? 'usdc'),
    outputAmount: BigInt(q.outputAmount),
    gasAmount: BigInt(q.gasAmount),
    recipient: p.recipient,
    fillDeadline: q.fillDeadline,
    expires: q.expires,
  })
  return { orderId, quote: q }
}

async function fillGasUsed(orderId: Hex): Promise<bigint> {
  const [fill] = await waitFor(
    () => fillsOf(B, orderId),
    (fills) => fills.length === 1,
    `the fill of ${orderId}`,
  )
  return (await B.public.getTransactionReceipt({ hash: fill!.transactionHash })).gasUsed
}

describe('paid once, round two', () => {
  it('(1) a recipient that burns gas costs the solver and the relayer a bounded fill and release, and gets WETH; the quote prices the destination gas', async () => {
    const deployer = user(6)
    const hash = await B.wallet(deployer).deployContract({
      abi: gasBurnerAbi,
      bytecode: gasBurnerBytecode,
      args: [GRIEF_GAS],
    })
    const burner = (await B.public.waitForTransactionReceipt({ hash })).contractAddress as Address
    const weth = B.token('weth')

    // Before: a flat $0.10 whatever the fill; now the gas of its kind at B's price, never less than that.
    const plain = await quotedOrder('100', { recipient: burner, outputKind: 'native' })
    expect(BigInt(plain.quote.fees.gas)).toBeGreaterThan(
      minimumGasFee(parsePricing(TEST_PRICING), tokenInfo(B, 'native')),
    )
    // The settler pays the coin with a stipend: before, this fill cost the solver about GRIEF_GAS.
    expect(await fillGasUsed(plain.orderId)).toBeLessThan(BigInt(TEST_PRICING.maxFillGas))
    await claimed(plain.orderId)
    expect(await balanceOf(B, weth, burner)).toBe(BigInt(plain.quote.outputAmount))

    const withGas = await quotedOrder('100', { recipient: burner, gasOnArrival: true })
    expect(BigInt(withGas.quote.fees.gas)).toBeGreaterThan(
      minimumGasFee(parsePricing(TEST_PRICING), tokenInfo(B, 'usdc')),
    )
    expect(await fillGasUsed(withGas.orderId)).toBeLessThan(BigInt(TEST_PRICING.maxFillGas))
    await claimed(withGas.orderId)
    expect(await balanceOf(B, B.token('usdc'), burner)).toBe(BigInt(withGas.quote.outputAmount))
    expect(await balanceOf(B, weth, burner)).toBe(BigInt(plain.quote.outputAmount) + BigInt(withGas.quote.gasAmount))

    // A dust pool transfer of the native coin: before, its release cost the relayer about GRIEF_GAS.
    const { transferId, amountOut } = await sendPool({
      origin: A,
      destination: B,
      account: deployer,
      token: NATIVE_TOKEN_ADDRESS,
      amount: 1_000n,
      recipient: burner,
    })
    const [release] = await waitFor(
      () => releasesOf(B, transferId),
      (releases) => releases.length === 1,
      'the release to the burner',
    )
    const receipt = await B.public.getTransactionReceipt({ hash: release!.transactionHash })
    expect(receipt.gasUsed).toBeLessThan(RELEASE_GAS_CAP)
    await finalized(transferId)
    expect(await balanceOf(B, weth, burner)).toBe(
      BigInt(plain.quote.outputAmount) + BigInt(withGas.quote.gasAmount) + amountOut,
    )
    expect(await balanceOf(B, NATIVE_TOKEN_ADDRESS, burner)).toBe(0n)
  })

  it('(3) one chain whose eth_call hangs, with a hundred undecided orders to it: the other chains are decided meanwhile', async () => {
    const sender = user(7)
    const settler = A.config.contracts.intentOriginSettler as Address
    // Room to open a hundred orders one after the other on a busy machine before it passes.
    const DEADLINE_IN = 90
    const deadline = (await chainTime(C)) + DEADLINE_IN
    // A hundred dust orders to C: declined by the solver (below its minimum), undecided until C's state is read.
    await approveExact(A, sender, A.token('usdc'), settler, 100n)
    const hashes: Hex[] = []
    for (let i = 0; i < 100; i++) {
      hashes.push(
        await sendOpenIntent({
          origin: A,
          destination: C,
          account: sender,
          inputToken: A.token('usdc'),
          inputAmount: 1n,
          outputToken: C.token('usdc'),
          outputAmount: 1n,
          recipient: sender.address,
          fillDeadline: deadline,
          expires: deadline + TEST_PRICING.refundGraceSeconds,
          nonce: 1_000_000n + BigInt(i),
        }),
      )
    }
    const toC: Hex[] = []
    for (const hash of hashes) {
      const receipt = await A.public.waitForTransactionReceipt({ hash })
      toC.push(parseEventLogs({ abi: intentOriginSettlerAbi, eventName: 'Open', logs: receipt.logs })[0]!.args.orderId)
    }
    await waitFor(
      () => Promise.all(toC.map((id) => getJson(`${serviceUrl(network, 'attester-1')}/v1/intents/${id}`))),
      (answers) => answers.every((answer) => answer.status === 200),
      'the attester indexing the hundred orders',
    )

    // C answers blocks and logs, but its state reads hang from now on; every order to it is due.
    const proxy = network.rpc.get(C.config.id)!
    proxy.holdCalls(C.config.contracts.intentDestinationSettler as Address)
    try {
      await advanceTime([A, B, C], DEADLINE_IN + 10)
      await waitFor(
        async () => proxy.held().now,
        (now) => now > 0,
        'the attester reading C',
      )
      // Before: each order to C cost 30 s of the one decision loop (a 10 s time-out, two retries), so A → B
      // waited for all hundred of them.
      const readsOfCBefore = proxy.held().total
      const { orderId } = await quotedOrder('100', { account: sender, recipient: sender.address })
      const { transferId } = await sendPool({
        origin: A,
        destination: B,
        account: sender,
        token: A.token('usdc'),
        amount: usdc('50'),
        recipient: sender.address,
      })
      await claimed(orderId)
      await finalized(transferId)
      // Decided while the attesters were still reading C, in vain: new reads of C were held meanwhile. (Not "held
      // now": between one read's last attempt giving up and the next round's read, none may be held at that instant.)
      // Each attester holds at most `readsPerChain` reads on C, each
      // with at most 3 attempts (a time-out and two retries); under load an abandoned attempt's socket may close
      // after the next attempt arrives. Every attester reads C through this one proxy, so it may briefly see that
      // many for each of them (36 with three: 14 were once seen, above a bound written for one attester), never a
      // read per order (a hundred for each attester).
      const attesters = network.manifest.services.attesters?.urls.length ?? 1
      expect(proxy.held().total).toBeGreaterThan(readsOfCBefore)
      expect(proxy.held().most).toBeLessThanOrEqual(attesters * DEFAULT_DECISION_LIMITS.readsPerChain * 3)
      expect((await attesterIntent(toC[0]!)).status).toBe('open')
      await waitFor(
        () => Promise.resolve(network.logs.filter((line) => line.includes(`"key":"reads:${C.config.id}"`))),
        (lines) => lines.length > 0,
        'the attester reporting the time-outs on C',
      )
    } finally {
      proxy.up()
    }
    // Once C answers, every one of them is decided.
    await waitFor(
      () => Promise.all(toC.map(attesterIntent)),
      (answers) => answers.every((answer) => answer.status === 'not-filled'),
      'the no-fill of the hundred orders once C answers',
    )
  })

  it('(4) a reorg that takes back an open the solver filled: alerted, settled as reorged, and its value leaves the cap', async () => {
    const sender = user(8)
    const test = createTestClient({ mode: 'anvil', chain: A.chain, transport: http(A.config.rpcUrls[0]) })
    // An open that never becomes final while A mines nothing: the solver fills it against its $1,000 cap.
    const openUnconfirmed = async (whole: string) => {
      const amount = usdc(whole)
      const q = await solverQuote(network, {
        origin: A,
        destination: B,
        inputToken: A.token('usdc'),
        outputToken: B.token('usdc'),
        amount,
      })
      await approveExact(A, sender, A.token('usdc'), A.config.contracts.intentOriginSettler as Address, amount)
      await test.setIntervalMining({ interval: 0 })
      const hash = await sendOpenIntent({
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
      await test.mine({ blocks: 1 })
      const receipt = await A.public.waitForTransactionReceipt({ hash })
      const orderId = parseEventLogs({ abi: intentOriginSettlerAbi, eventName: 'Open', logs: receipt.logs })[0]!.args
        .orderId
      await waitFor(
        () => fillsOf(B, orderId),
        (fills) => fills.length === 1,
        `the unconfirmed fill of ${orderId}`,
      )
      return orderId
    }
    try {
      const taken = await openUnconfirmed('600')
      await test.request({ method: 'anvil_reorg' as never, params: [1, []] as never })
      expect(await escrowStatus(A, taken), 'the open is gone').toBe(intentOriginSettlerStatus.None)
      await test.setIntervalMining({ interval: A.config.blockTime })
      // Past its fill deadline the open can never come back: the loss is final.
      await advanceTime([A, B, C], TEST_PRICING.fillWindowSeconds + 30)
      await waitFor(
        () => solverOrder(taken),
        (order) => order.status === 'reorged',
        'the solver settling the reorged fill',
      )
      expect(
        network.logs.some(
          (line) => line.startsWith('[solver]') && line.includes('"alert":true') && line.includes(taken),
        ),
      ).toBe(true)

      // The $600 is no longer held against the cap: another $600 against an open that is not final is filled.
      // Before, the first stayed 'filled' for good and this one waited for finality (none comes while A is still).
      const next = await openUnconfirmed('600')
      expect((await solverOrder(next)).status).not.toBe('accepted')
    } finally {
      await test.setIntervalMining({ interval: A.config.blockTime })
    }
  })
})
