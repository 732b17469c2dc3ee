/**
 * A reorg deeper than a chain's finality is noticed (issue #53, point 5). The solver records an order `claimed`, and
 * the relayer a transfer `finalized`, once that is final on the origin; paying there is by design. A reorg deeper than
 * the configured depth can still take back the open (and its claim) or the deposit (and its finalize): the services
 * then hold "claimed" / "finalized" while the origin holds nothing. Each reads what it settled again at the final head
 * for a while (shared/settledWatch.ts) and alerts once per item, with its ids and amounts; nothing is paid or undone.
 *
 * On a fresh devnet with the three services as `npm start` runs them; the reorg is anvil's `anvil_reorg`, back past
 * both the open and the deposit.
 */
import { intentOriginSettlerStatus, poolBridgeStatus } from '@multi-bridge/contracts'
import { createTestClient, type Hex, http, parseUnits } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  type ChainClients,
  clientsFor,
  crashService,
  depositStatus,
  escrowStatus,
  getJson,
  openIntent,
  sendPool,
  serviceUrl,
  solverQuote,
  startTestNetwork,
  type TestNetwork,
  user,
  waitFor,
} from './harness.ts'

let network: TestNetwork
let A: ChainClients
let B: ChainClients
const usdc = (whole: string) => parseUnits(whole, 6)
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

beforeAll(async () => {
  network = await startTestNetwork()
  A = clientsFor(network.manifest, 0)
  B = clientsFor(network.manifest, 1)
})
afterAll(async () => {
  await network?.stop()
})
afterEach(() => {
  expect(network.unexpectedExits).toEqual([])
})

const statusOf = async (service: 'solver' | 'relayer', path: string) =>
  (await getJson<{ status?: string }>(`${serviceUrl(network, service)}${path}`)).body.status

/** The alert lines `service` logged that name `id`. */
const alertsAbout = (service: 'solver' | 'relayer', id: Hex) =>
  network.logs.filter(
    (line) =>
      line.startsWith(`[${service}]`) && line.includes('"alert":true') && line.toLowerCase().includes(id.toLowerCase()),
  )

describe('a reorg deeper than finality after a claim or a finalize', () => {
  it('is alerted once per item by the solver and the relayer, and not again after a restart', async () => {
    const amount = usdc('100')
    const q = await solverQuote(network, {
      origin: A,
      destination: B,
      inputToken: A.token('usdc'),
      outputToken: B.token('usdc'),
      amount,
    })
    const opened = await openIntent({
      origin: A,
      destination: B,
      account: user(5),
      inputToken: A.token('usdc'),
      inputAmount: amount,
      outputToken: B.token('usdc'),
      outputAmount: BigInt(q.outputAmount),
      recipient: user(5).address,
      fillDeadline: q.fillDeadline,
      expires: q.expires,
    })
    const { orderId } = opened
    const { transferId, amountOut } = await sendPool({
      origin: A,
      destination: B,
      account: user(6),
      token: A.token('usdc'),
      amount: usdc('50'),
      recipient: user(6).address,
    })
    await waitFor(
      () => statusOf('solver', `/v1/orders/${orderId}`),
      (status) => status === 'claimed',
      'the solver recording its claim',
    )
    await waitFor(
      () => statusOf('relayer', `/v1/transfers/${transferId}`),
      (status) => status === 'finalized',
      'the relayer recording its finalize',
    )
    expect(await escrowStatus(A, orderId)).toBe(intentOriginSettlerStatus.Claimed)
    expect(await depositStatus(A, transferId)).toBe(poolBridgeStatus.Finalized)

    // Back past the open and the deposit: far deeper than A's finality (5 blocks).
    const test = createTestClient({ mode: 'anvil', chain: A.chain, transport: http(A.config.rpcUrls[0]) })
    await test.setIntervalMining({ interval: 0 })
    try {
      const head = await A.public.getBlockNumber({ cacheTime: 0 })
      // The open's block and every block after it (the deposit was sent after the open).
      const depth = Number(head - opened.blockNumber) + 1
      expect(depth).toBeGreaterThan(A.config.confirmations!)
      await test.request({ method: 'anvil_reorg' as never, params: [depth, []] as never })
    } finally {
      await test.setIntervalMining({ interval: A.config.blockTime })
    }
    expect(await escrowStatus(A, orderId), 'the open is gone').toBe(intentOriginSettlerStatus.None)
    expect(await depositStatus(A, transferId), 'the deposit is gone').toBe(poolBridgeStatus.None)

    const solverAlerts = await waitFor(
      async () => alertsAbout('solver', orderId),
      (lines) => lines.length > 0,
      "the solver's alert about the claimed order whose escrow is gone",
      60_000,
    )
    const relayerAlerts = await waitFor(
      async () => alertsAbout('relayer', transferId),
      (lines) => lines.length > 0,
      "the relayer's alert about the finalized transfer whose deposit is gone",
      60_000,
    )
    // With the ids and the amounts.
    expect(solverAlerts[0]).toContain(`"inputAmount":"${amount}"`)
    expect(solverAlerts[0]).toContain(`"outputAmount":"${q.outputAmount}"`)
    expect(relayerAlerts[0]).toContain(`"releasedAmount":"${amountOut}"`)
    // Nothing is paid or undone: the services' records stand.
    expect(await statusOf('solver', `/v1/orders/${orderId}`)).toBe('claimed')
    expect(await statusOf('relayer', `/v1/transfers/${transferId}`)).toBe('finalized')

    // Once: neither later rounds nor a restart alert again (it is recorded in the services' state).
    await sleep(12_000)
    await crashService(network, 'solver')
    await crashService(network, 'relayer')
    await network.startService('solver')
    await network.startService('relayer')
    await sleep(12_000)
    expect(alertsAbout('solver', orderId)).toHaveLength(1)
    expect(alertsAbout('relayer', transferId)).toHaveLength(1)
  })
})
