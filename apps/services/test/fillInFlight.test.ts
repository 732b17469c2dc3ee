import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { intentDestinationSettlerAbi, intentOriginSettlerAbi } from '@multi-bridge/contracts'
import { buildOnchainOrder, type Manifest, manifestChainToViem } from '@multi-bridge/core'
import { DEVNET_CHAINS, type Devnet, devnetAccount, startDevnet } from '@multi-bridge/devnet'
import {
  type Address,
  createPublicClient,
  createTestClient,
  createWalletClient,
  erc20Abi,
  type Hex,
  http,
  parseEventLogs,
  parseUnits,
} from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLogger } from '../src/shared/logger.ts'
import { admitOrder } from '../src/solver/admit.ts'
import { advance } from '../src/solver/advance.ts'
import { ensureApprovals } from '../src/solver/approvals.ts'
import { chainOf, createSolverContext, type SolverContext } from '../src/solver/context.ts'
import { DEFAULT_PRICING, parsePricing } from '../src/solver/pricing.ts'

/**
 * Paid once (issue: red-team review of the services): a solver whose own fill is still pending on a slow destination
 * (its receipt wait gave up, or it restarted) must not end the order declined or missed. The pending fill can still
 * land before the deadline; an order ended unfilled is never claimed, and its user takes the escrow back after
 * `expires`: the recipient paid, the user refunded. Real chains: B stops producing blocks while the fill waits.
 */

const usdc = (whole: string) => parseUnits(whole, 6)
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

let devnet: Devnet
let manifest: Manifest
let workDir: string

beforeAll(async () => {
  devnet = await startDevnet({ chains: DEVNET_CHAINS.slice(0, 2) })
  // The attesters are never asked in this test; the solver's context only needs their URLs to exist.
  manifest = {
    ...devnet.manifest,
    services: { attesters: { threshold: 2, urls: ['http://127.0.0.1:9', 'http://127.0.0.1:9', 'http://127.0.0.1:9'] } },
  }
  workDir = mkdtempSync(join(tmpdir(), 'multibridge-fill-in-flight-'))
  for (const name of ['no-restart', 'restart']) mkdirSync(join(workDir, name))
}, 180_000)

afterAll(async () => {
  await devnet?.stop()
  if (workDir) rmSync(workDir, { recursive: true, force: true })
})

async function solverContext(name: string): Promise<SolverContext> {
  return createSolverContext({
    manifest,
    pricing: parsePricing(DEFAULT_PRICING),
    dataDir: join(workDir, name),
    log: createLogger('solver', {}, 'error'),
  })
}

type Chain = Manifest['chains'][number]

function clients() {
  const [A, B] = manifest.chains as [Chain, Chain]
  const user = devnetAccount(5)
  return {
    A,
    B,
    user,
    publicA: createPublicClient({ transport: http(A.rpcUrls[0]) }),
    publicB: createPublicClient({ transport: http(B.rpcUrls[0]) }),
    walletA: createWalletClient({ account: user, chain: manifestChainToViem(A), transport: http(A.rpcUrls[0]) }),
    testA: createTestClient({ mode: 'anvil', transport: http(A.rpcUrls[0]) }),
    testB: createTestClient({ mode: 'anvil', transport: http(B.rpcUrls[0]) }),
    usdcA: A.tokens.find((t) => t.kind === 'usdc')!.address,
    usdcB: B.tokens.find((t) => t.kind === 'usdc')!.address,
    originSettler: A.contracts.intentOriginSettler as Address,
    destinationSettler: B.contracts.intentDestinationSettler as Address,
  }
}

const input = usdc('100')
const output = usdc('99')

/** The user opens 100 USDC on A for 99 USDC on B (a normal order within the solver's terms); the solver admits it. */
async function openAndAdmit(ctx: SolverContext, nonce: bigint, window: number) {
  const c = clients()
  const bNow = Number((await c.publicB.getBlock()).timestamp)
  const fillDeadline = bNow + window
  const expires = fillDeadline + 3_700
  await c.publicA.waitForTransactionReceipt({
    hash: await c.walletA.writeContract({
      address: c.usdcA,
      abi: erc20Abi,
      functionName: 'approve',
      args: [c.originSettler, input],
    }),
  })
  const openReceipt = await c.publicA.waitForTransactionReceipt({
    hash: await c.walletA.writeContract({
      address: c.originSettler,
      abi: intentOriginSettlerAbi,
      functionName: 'open',
      args: [
        buildOnchainOrder(
          {
            inputToken: c.usdcA,
            inputAmount: input,
            outputToken: c.usdcB,
            outputAmount: output,
            gasAmount: 0n,
            destinationChainId: BigInt(c.B.id),
            destinationSettler: c.destinationSettler,
            recipient: c.user.address,
            nonce,
            expires,
          },
          fillDeadline,
        ),
      ],
    }),
  })
  const [opened] = parseEventLogs({ abi: intentOriginSettlerAbi, eventName: 'Open', logs: openReceipt.logs })
  const orderId = opened!.args.orderId as Hex
  const accepted = await admitOrder(ctx, {
    origin: chainOf(ctx, c.A.id),
    orderId,
    originData: opened!.args.resolvedOrder.fillInstructions[0]!.originData,
    blockNumber: openReceipt.blockNumber,
  })
  expect(accepted?.status, JSON.stringify(ctx.store.value.orders[orderId])).toBe('accepted')
  return { orderId, fillDeadline, expires }
}

const recipientBalance = () => {
  const c = clients()
  return c.publicB.readContract({ address: c.usdcB, abi: erc20Abi, functionName: 'balanceOf', args: [c.user.address] })
}

/** No attesters run here: every ask is answered at once as "not known yet". */
function withoutAttesters(ctx: SolverContext) {
  ctx.attester = { intent: async () => undefined, transfer: async () => undefined }
}

/** Sends the solver's fill while B is not producing blocks; resolves once the fill is sent (pending in B's pool). */
async function fillWhileBStalls(ctx: SolverContext, orderId: Hex) {
  const c = clients()
  await c.testB.setIntervalMining({ interval: 0 })
  const step = advance(ctx, orderId)
  const until = Date.now() + 20_000
  while (ctx.store.value.orders[orderId]?.status !== 'filling') {
    if (Date.now() > until) throw new Error(`no fill sent: ${JSON.stringify(ctx.store.value.orders[orderId])}`)
    await sleep(100)
  }
  const fillTx = (ctx.store.value.orders[orderId] as { fillTx: Hex }).fillTx
  // `filling` is written once the fill is signed, before the node is asked: wait for B's pool to hold it.
  const pending = async () => {
    while (true) {
      const tx = await c.publicB.getTransaction({ hash: fillTx }).catch(() => undefined)
      if (tx) return tx
      if (Date.now() > until) throw new Error(`the signed fill ${fillTx} never reached B's pool`)
      await sleep(100)
    }
  }
  expect((await pending()).blockNumber).toBeNull()
  return { fillTx, step }
}

/** B's next block comes (before the deadline); the pending fill is mined in it. What landed, and the solver's record. */
async function bResumes(ctx: SolverContext, orderId: Hex, fillTx: Hex) {
  const c = clients()
  await c.testB.mine({ blocks: 1 })
  const minedAt = Number((await c.publicB.getBlock()).timestamp)
  await c.testB.setIntervalMining({ interval: c.B.blockTime })
  const receipt = await c.publicB.waitForTransactionReceipt({ hash: fillTx })
  const [solver, fillTime] = await c.publicB.readContract({
    address: c.destinationSettler,
    abi: intentDestinationSettlerAbi,
    functionName: 'fills',
    args: [orderId],
  })
  await advance(ctx, orderId) // any later round of the solver
  return { minedAt, fillStatus: receipt.status, filledBySolver: solver === ctx.solver, fillTime }
}

describe('solver: an order whose own fill is still pending', () => {
  it('is neither declined nor missed when its receipt wait gave up, and is filled once the fill lands', {
    timeout: 240_000,
  }, async () => {
    const ctx = await solverContext('no-restart')
    await ensureApprovals(ctx)
    withoutAttesters(ctx)
    // A window that outlives the 30 s receipt wait with room to spare, however long the fill took to be sent.
    const { orderId, fillDeadline } = await openAndAdmit(ctx, 901n, 55)
    const before = await recipientBalance()
    const { fillTx, step } = await fillWhileBStalls(ctx, orderId)
    await step // the receipt wait gives up (30 s); the order stays `filling`
    expect(ctx.store.value.orders[orderId]?.status).toBe('filling')
    if (Date.now() / 1000 > fillDeadline - 3) throw new Error('scenario timing: the receipt wait ended too late')
    // The next round, under three seconds before the deadline ("too close" to fill), the fill still pending.
    while (Date.now() / 1000 < fillDeadline - 2.7) await sleep(50)
    await Promise.race([advance(ctx, orderId), sleep(5_000)])
    expect(ctx.store.value.orders[orderId]?.status).toBe('filling')
    const landed = await bResumes(ctx, orderId, fillTx)
    expect(landed).toMatchObject({ fillStatus: 'success', filledBySolver: true })
    expect(ctx.store.value.orders[orderId]?.status).toBe('filled')
    expect((await recipientBalance()) - before).toBe(output)
  })

  it('is not ended by a restarted solver while the fill is pending, and is filled (to be claimed) once it lands', {
    timeout: 240_000,
  }, async () => {
    const ctx1 = await solverContext('restart')
    await ensureApprovals(ctx1)
    const { orderId, fillDeadline } = await openAndAdmit(ctx1, 902n, 35)
    const { fillTx } = await fillWhileBStalls(ctx1, orderId)
    // The solver process dies (its state written as it was) and is started again on the same database.
    await ctx1.store.close()
    ctx1.chains = new Map()
    const ctx2 = await solverContext('restart')
    withoutAttesters(ctx2)
    expect(ctx2.store.value.orders[orderId]?.status).toBe('filling')
    while (Date.now() / 1000 < fillDeadline - 2.7) await sleep(50)
    await Promise.race([advance(ctx2, orderId), sleep(5_000)])
    expect(ctx2.store.value.orders[orderId]?.status).toBe('filling')
    const landed = await bResumes(ctx2, orderId, fillTx)
    expect(landed).toMatchObject({ fillStatus: 'success', filledBySolver: true })
    // Filled, not final: the solver goes on to its attestation and its claim before the escrow expires.
    expect(ctx2.store.value.orders[orderId]?.status).toBe('filled')
  })
})
