import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { intentOriginSettlerAbi, intentOriginSettlerStatus, poolBridgeStatus } from '@multi-bridge/contracts'
import { getFreePort, isPortTaken } from '@multi-bridge/devnet'
import { type Address, type Hex, parseUnits } from 'viem'
import { beforeAll, expect, it } from 'vitest'
import { startAttester } from '../src/attester/attester.ts'
import { spawnService } from '../src/process.ts'
import { startRelayer } from '../src/relayer/relayer.ts'
import type { Logger } from '../src/shared/logger.ts'
import { CorruptStateError } from '../src/shared/store/stateStore.ts'
import { parsePricing, quoteOutput } from '../src/solver/pricing.ts'
import { startSolver } from '../src/solver/solver.ts'
import {
  type AttesterIntent,
  advanceTime,
  balanceOf,
  type ChainClients,
  chainTime,
  combinedNoFill,
  depositStatus,
  escrowStatus,
  fillsOf,
  getJson,
  networkShortcuts,
  openIntent,
  releasesOf,
  sendPool,
  spoilState,
  TEST_PRICING,
  type TestNetwork,
  tokenInfo,
  user,
  waitFor,
} from './harness.ts'

/** What the cases run on: a network started by the test file, and where a fresh state for a service goes. */
export type RestartCasesContext = {
  network: TestNetwork
  A: ChainClients
  B: ChainClients
  C: ChainClients
  /** A new, empty PostgreSQL database when the network runs on one; undefined on SQLite. */
  freshDatabaseUrl?: () => Promise<string>
}

/**
 * The services' restart and corrupt-state cases: kill and restart each service mid-stream (nothing is filled, signed
 * or released twice), and refuse to start from state that cannot be trusted. Run by integration.test.ts on the
 * embedded SQLite files and by postgres.test.ts on a PostgreSQL server, the same cases on both.
 */
export function restartCases(get: () => RestartCasesContext) {
  let network: TestNetwork
  let A: ChainClients
  let B: ChainClients
  let C: ChainClients
  const usdc = (whole: string) => parseUnits(whole, 6)
  const { solverUrl, attesterUrl, relayerUrl, quote, crash } = networkShortcuts(() => network)

  beforeAll(() => {
    ;({ network, A, B, C } = get())
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
    // Far enough that nothing is due before the crash, however slow the machine: the time is advanced past it later.
    // (At 30 s, a loaded run once saw the no-fill decided just before the kill and, not yet written, decided again.)
    const deadline = (await chainTime(B)) + 150
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

    // The premise: the declined order is still undecided when the attester dies.
    expect((await getJson<AttesterIntent>(`${attesterUrl()}/v1/intents/${declined}`)).body.status).toBe('open')
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
    // database, not made again. (Signing again would give the same signature, so the signings are counted.)
    const signings = (orderId: Hex) =>
      network.logs.filter(
        (line) =>
          line.startsWith('[attester-1]') &&
          /"msg":"signed (fill|no-fill) attestation"/.test(line) &&
          line.toLowerCase().includes(orderId.toLowerCase()),
      )
    const attesterLog = () => network.logs.filter((line) => line.startsWith('[attester-1]')).join('\n')
    for (const orderId of orders) {
      expect(signings(orderId).length, `signings of ${orderId}; the attester's log:\n${attesterLog()}`).toBe(1)
    }

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

  // Last, as it leaves the attester stopped.
  it('(g) corrupt state or a corrupt pricing file stops a service with a clear message', async () => {
    // Through the CLI, as an operator would see it: the attester's own state, damaged.
    await network.services.get('attester-1')!.stop()
    const spoiled = await spoilState(network, 'attester-1')
    mkdirSync(network.dataDir, { recursive: true }) // on PostgreSQL, no service writes a file there
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
    expect(attester.message).toContain(`failed to start: State in ${spoiled.location} cannot be read (`)
    expect(attester.message).toContain(spoiled.reason)
    expect(attester.message).toContain('Refusing to start: starting over could sign or fill twice')
    expect(await isPortTaken(network.ports['attester-1']!)).toBe(false)
    expect(await spoiled.stillThere(), 'the damaged state is left for a person to inspect').toBe(true)
    expect(pricing.message).toContain(
      `failed to start: Invalid solver pricing in ${pricingFile}: pricesUsd.ETH must be decimal text, e.g. "3000" or "0.10"; spreadBps must be a whole number from 0 to 9999`,
    )

    // Each service, in this process, from the JSON state file of an earlier version: checked before it is
    // imported, and before any chain is touched.
    const log: Logger = { debug() {}, info() {}, warn() {}, error() {}, child: () => log }
    const starts = { solver: startSolver, attester: startAttester, relayer: startRelayer }
    for (const [name, start] of Object.entries(starts)) {
      const dataDir = join(network.dataDir, `corrupt-${name}`)
      mkdirSync(dataDir)
      const file = join(dataDir, `${name}-state.json`)
      writeFileSync(file, name === 'relayer' ? '{"cursors": {}, "transfers": []}' : '{"cursors": {"1": "')
      const databaseUrl = await get().freshDatabaseUrl?.()
      const outcome = await start({
        manifest: network.manifest,
        dataDir,
        databaseUrl,
        port: await getFreePort(),
        log,
      }).then(
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
}
