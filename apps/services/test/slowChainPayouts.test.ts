/**
 * A slow chain (blocks stop coming for longer than a receipt wait, ~30 s: a stalled sequencer, a fee spike that leaves
 * the service's transaction in the pool) does not make the services send the same payout again:
 *
 * - the relayer records a release by its hash before it waits for the receipt (`sendTransaction`'s `onSent`), and a
 *   round that finds its release still in the node's pool waits for it instead of sending a second one;
 * - the solver likewise waits for a claim it recorded (`claimSent`) while the node holds it.
 *
 * The contracts pay once (AlreadyReleased / OrderNotOpen), so each extra transaction would be gas burnt for nothing
 * once mined, queued behind the first in the account's nonce order. In-process services (their own functions, real
 * chains, a two-chain devnet); the attesters' answers are signed here with two of the devnet attester keys, as they
 * would be.
 *
 * Anvil fills and estimates a transaction (viem asks `eth_fillTransaction` first) at its pending state, so there the
 * estimate of a second payout already reverts (AlreadyReleased / OrderNotOpen) and nothing more would be sent; geth
 * estimates at `latest` (its `eth_fillTransaction` and `eth_estimateGas` both), where the first payout is not mined yet
 * and a second one estimates fine. The services reach the chains here through a pass-through that answers as such a
 * node does (no eth_fillTransaction, as at most providers; `eth_estimateGas` at `latest`). Nothing else is changed.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { intentDestinationSettlerAbi, intentOriginSettlerAbi, poolBridgeAbi } from '@multi-bridge/contracts'
import {
  buildOnchainOrder,
  fillAttestationTypes,
  intentSettlerDomain,
  type Manifest,
  manifestChainToViem,
  packSignatures,
  poolDomain,
  releaseTypes,
} from '@multi-bridge/core'
import {
  DEVNET_ACCOUNTS,
  DEVNET_ATTESTER_THRESHOLD,
  DEVNET_CHAINS,
  type Devnet,
  devnetAccount,
  startDevnet,
} from '@multi-bridge/devnet'
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
  type TypedDataDefinition,
} from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { advanceTransfer } from '../src/relayer/advance.ts'
import { createRelayerContext } from '../src/relayer/context.ts'
import { indexSent } from '../src/relayer/indexSent.ts'
import { createLogger } from '../src/shared/logger.ts'
import { admitOrder } from '../src/solver/admit.ts'
import { advance } from '../src/solver/advance.ts'
import { ensureApprovals } from '../src/solver/approvals.ts'
import { chainOf, createSolverContext } from '../src/solver/context.ts'
import { DEFAULT_PRICING, parsePricing } from '../src/solver/pricing.ts'

const usdc = (whole: string) => parseUnits(whole, 6)
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const attesterKeys = DEVNET_ACCOUNTS.attesters.slice(0, DEVNET_ATTESTER_THRESHOLD).map((i) => devnetAccount(i))
/** Two attesters' signatures, packed as the quorum hands them out. */
const attest = async (typedData: TypedDataDefinition) =>
  packSignatures(
    await Promise.all(
      attesterKeys.map(async (key) => ({ signer: key.address, signature: await key.signTypedData(typedData) })),
    ),
  )

let devnet: Devnet
let manifest: Manifest
/** What the services read: every chain through a pass-through with geth's default block for `eth_estimateGas`. */
let serviceManifest: Manifest
let workDir: string
const proxies: Server[] = []

/**
 * Forwards JSON-RPC to `target` as a geth-like provider answers it: an `eth_estimateGas` without a block is asked at
 * `latest` (geth's default, and the JSON-RPC spec's), and `eth_fillTransaction` is not offered (as at most providers).
 */
async function gethDefaults(target: string): Promise<string> {
  const server = createServer(async (request, response) => {
    let body = ''
    for await (const chunk of request) body += chunk
    const rewrite = (call: { method?: string; params?: unknown[] }) =>
      call.method === 'eth_estimateGas' && call.params?.length === 1
        ? { ...call, params: [...call.params, 'latest'] }
        : call
    const parsed = JSON.parse(body)
    // geth fills and estimates at `latest`; anvil at its pending state. Most providers do not offer
    // eth_fillTransaction: viem then estimates with eth_estimateGas, asked here at geth's default block.
    if (!Array.isArray(parsed) && parsed.method === 'eth_fillTransaction') {
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(
        JSON.stringify({ jsonrpc: '2.0', id: parsed.id, error: { code: -32601, message: 'method not found' } }),
      )
      return
    }
    const upstream = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(Array.isArray(parsed) ? parsed.map(rewrite) : rewrite(parsed)),
    })
    response.writeHead(upstream.status, { 'content-type': 'application/json' })
    response.end(await upstream.text())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  proxies.push(server)
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

beforeAll(async () => {
  devnet = await startDevnet({ chains: DEVNET_CHAINS.slice(0, 2) })
  manifest = {
    ...devnet.manifest,
    services: { attesters: { threshold: 2, urls: ['http://127.0.0.1:9', 'http://127.0.0.1:9', 'http://127.0.0.1:9'] } },
  }
  serviceManifest = {
    ...manifest,
    chains: await Promise.all(
      manifest.chains.map(async (chain) => ({ ...chain, rpcUrls: [await gethDefaults(chain.rpcUrls[0]!)] })),
    ),
  }
  workDir = mkdtempSync(join(tmpdir(), 'multibridge-resend-'))
  for (const name of ['relayer', 'solver']) mkdirSync(join(workDir, name))
}, 180_000)

afterAll(async () => {
  for (const server of proxies) {
    server.closeAllConnections()
    server.close()
  }
  await devnet?.stop()
  if (workDir) rmSync(workDir, { recursive: true, force: true })
})

type Chain = Manifest['chains'][number]
function chains() {
  const [A, B] = manifest.chains as [Chain, Chain]
  const client = (c: Chain) => ({
    config: c,
    public: createPublicClient({ chain: manifestChainToViem(c), transport: http(c.rpcUrls[0]) }),
    test: createTestClient({ mode: 'anvil', transport: http(c.rpcUrls[0]) }),
    wallet: createWalletClient({
      account: devnetAccount(5),
      chain: manifestChainToViem(c),
      transport: http(c.rpcUrls[0]),
    }),
    usdc: c.tokens.find((t) => t.kind === 'usdc')!.address,
  })
  return { A: client(A), B: client(B), user: devnetAccount(5) }
}
type Clients = ReturnType<typeof chains>['A']

/** The account's transactions the node holds in its pool (sent, not mined). */
async function pendingOf(chain: Clients, account: Address) {
  const [pending, latest] = await Promise.all([
    chain.public.getTransactionCount({ address: account, blockTag: 'pending' }),
    chain.public.getTransactionCount({ address: account, blockTag: 'latest' }),
  ])
  return pending - latest
}

/** After a chain resumes: each transaction `account` got mined from block `from` on, its status and gas. */
async function minedFrom(chain: Clients, account: Address, from: bigint) {
  const out: string[] = []
  const to = await chain.public.getBlockNumber({ cacheTime: 0 })
  for (let n = from; n <= to; n++) {
    const block = await chain.public.getBlock({ blockNumber: n, includeTransactions: true })
    for (const tx of block.transactions) {
      if (tx.from.toLowerCase() !== account.toLowerCase()) continue
      const receipt = await chain.public.getTransactionReceipt({ hash: tx.hash })
      out.push(`${receipt.status} (${receipt.gasUsed} gas)`)
    }
  }
  return out
}

async function waitFinal(chain: Clients, block: bigint) {
  const depth = BigInt(chain.config.confirmations ?? 1)
  while ((await chain.public.getBlockNumber({ cacheTime: 0 })) < block + depth + 1n) await sleep(250)
}

describe('a payout whose receipt is slow is not sent again', () => {
  it('the relayer sends one release per transfer while B is slow, not one per receipt wait', {
    timeout: 240_000,
  }, async () => {
    const { A, B, user } = chains()
    const amount = usdc('50')
    const poolA = A.config.contracts.poolBridge as Address
    const poolB = B.config.contracts.poolBridge as Address
    await A.public.waitForTransactionReceipt({
      hash: await A.wallet.writeContract({
        address: A.usdc,
        abi: erc20Abi,
        functionName: 'approve',
        args: [poolA, amount],
      }),
    })
    const receipt = await A.public.waitForTransactionReceipt({
      hash: await A.wallet.writeContract({
        address: poolA,
        abi: poolBridgeAbi,
        functionName: 'send',
        args: [A.usdc, amount, BigInt(B.config.id), user.address, B.usdc, 0n],
      }),
    })
    const sent = parseEventLogs({ abi: poolBridgeAbi, eventName: 'Sent', logs: receipt.logs })[0]!.args
    await waitFinal(A, receipt.blockNumber)

    const ctx = await createRelayerContext({
      manifest: serviceManifest,
      dataDir: join(workDir, 'relayer'),
      log: createLogger('relayer', {}, 'error'),
    })
    const release = {
      transferId: sent.transferId,
      originChainId: A.config.id,
      originPool: poolA,
      token: sent.destinationToken,
      recipient: sent.recipient,
      amount: sent.amountOut.toString(),
      deadline: sent.deadline,
    }
    const signatures = await attest({
      domain: poolDomain(B.config.id, poolB),
      types: releaseTypes,
      primaryType: 'Release',
      message: { ...release, originChainId: BigInt(A.config.id), amount: sent.amountOut },
    })
    // What the attesters' quorum answers for a final, pending transfer: its release authorized.
    ctx.attester = {
      transfer: async () => ({
        status: 'pending',
        originChainId: A.config.id,
        destinationChainId: B.config.id,
        release: { ...release, signatures },
        attestation: null,
      }),
    }
    indexSent(ctx, {
      chainId: A.config.id,
      transferId: sent.transferId,
      destinationChainId: sent.destinationChainId,
      deadline: sent.deadline,
      expires: sent.expires,
    })
    const relayer = ctx.account.address

    await B.test.setIntervalMining({ interval: 0 }) // B stops producing blocks
    try {
      const started = Date.now()
      await advanceTransfer(ctx, { transferId: sent.transferId }) // sends the release; its receipt wait gives up
      console.log(
        `first round: ${((Date.now() - started) / 1000).toFixed(0)} s`,
        (ctx.store.value.transfers[sent.transferId] as { lastError?: string } | undefined)?.lastError?.split('\n')[0],
      )
      expect(await pendingOf(B, relayer)).toBe(1)
      // The next round (the service runs one every 300 ms), B still slow.
      await Promise.race([advanceTransfer(ctx, { transferId: sent.transferId }), sleep(8_000)])
      const pending = await pendingOf(B, relayer)
      console.log(`releases of one transfer pending on B after the second round: ${pending}`)
      // Safe: still the one release; the first, once mined, pays the transfer.
      expect(pending, 'release transactions the relayer has pending on B for one transfer').toBe(1)
    } finally {
      const resumedAt = await B.public.getBlockNumber({ cacheTime: 0 })
      await B.test.setIntervalMining({ interval: B.config.blockTime })
      await sleep(3 * B.config.blockTime * 1000)
      console.log(
        `the relayer's transactions mined on B once it resumed: ${(await minedFrom(B, relayer, resumedAt)).join(', ')}`,
      )
      const releases = await B.public.getLogs({
        address: poolB,
        event: poolBridgeAbi.find((e) => e.type === 'event' && e.name === 'ReleasedOnDestination') as never,
        fromBlock: 0n,
      })
      console.log(`ReleasedOnDestination events: ${releases.length}`)
      await ctx.store.close()
    }
  })

  it('the solver sends one claim per order while A is slow, not one per receipt wait', {
    timeout: 240_000,
  }, async () => {
    const { A, B, user } = chains()
    const ctx = await createSolverContext({
      manifest: serviceManifest,
      pricing: parsePricing(DEFAULT_PRICING),
      dataDir: join(workDir, 'solver'),
      log: createLogger('solver', {}, 'error'),
    })
    await ensureApprovals(ctx)
    ctx.attester = { intent: async () => undefined, transfer: async () => undefined }
    const originSettler = A.config.contracts.intentOriginSettler as Address
    const input = usdc('100')
    const fillDeadline = Number((await B.public.getBlock()).timestamp) + 60
    await A.public.waitForTransactionReceipt({
      hash: await A.wallet.writeContract({
        address: A.usdc,
        abi: erc20Abi,
        functionName: 'approve',
        args: [originSettler, input],
      }),
    })
    const openReceipt = await A.public.waitForTransactionReceipt({
      hash: await A.wallet.writeContract({
        address: originSettler,
        abi: intentOriginSettlerAbi,
        functionName: 'open',
        args: [
          buildOnchainOrder(
            {
              inputToken: A.usdc,
              inputAmount: input,
              outputToken: B.usdc,
              outputAmount: usdc('99'),
              gasAmount: 0n,
              destinationChainId: BigInt(B.config.id),
              destinationSettler: B.config.contracts.intentDestinationSettler as Address,
              recipient: user.address,
              nonce: 7_777n,
              expires: fillDeadline + 3_700,
            },
            fillDeadline,
          ),
        ],
      }),
    })
    const [opened] = parseEventLogs({ abi: intentOriginSettlerAbi, eventName: 'Open', logs: openReceipt.logs })
    const orderId = opened!.args.orderId as Hex
    await admitOrder(ctx, {
      origin: chainOf(ctx, A.config.id),
      orderId,
      originData: opened!.args.resolvedOrder.fillInstructions[0]!.originData,
      blockNumber: openReceipt.blockNumber,
    })
    await advance(ctx, orderId) // fills on B
    while (ctx.store.value.orders[orderId]?.status !== 'filled') await sleep(200)
    await sleep(1_000) // the claim step that followed the fill (no attestation yet) is over
    const [solver, fillTime] = await B.public.readContract({
      address: B.config.contracts.intentDestinationSettler as Address,
      abi: intentDestinationSettlerAbi,
      functionName: 'fills',
      args: [orderId],
    })
    const signatures = await attest({
      domain: intentSettlerDomain(A.config.id, originSettler),
      types: fillAttestationTypes,
      primaryType: 'FillAttestation',
      message: { orderId, solver, fillTime },
    })
    ctx.attester = {
      intent: async () => ({
        status: 'filled',
        originChainId: A.config.id,
        attestation: { kind: 'fill', solver, fillTime, signatures },
      }),
      transfer: async () => undefined,
    }
    await waitFinal(A, openReceipt.blockNumber)

    await A.test.setIntervalMining({ interval: 0 }) // A stops producing blocks
    try {
      const started = Date.now()
      await advance(ctx, orderId) // sends the claim; its receipt wait gives up
      const order = ctx.store.value.orders[orderId]
      console.log(
        `first round: ${((Date.now() - started) / 1000).toFixed(0)} s`,
        order?.status,
        'claimTx' in order! && order.claimTx,
      )
      expect(await pendingOf(A, ctx.solver)).toBe(1)
      await Promise.race([advance(ctx, orderId), sleep(8_000)]) // the next round (one a second)
      const pending = await pendingOf(A, ctx.solver)
      console.log(`claims of one order pending on A after the second round: ${pending}`)
      expect(pending, 'claim transactions the solver has pending on A for one order').toBe(1)
    } finally {
      const resumedAt = await A.public.getBlockNumber({ cacheTime: 0 })
      await A.test.setIntervalMining({ interval: A.config.blockTime })
      await sleep(3_000)
      console.log(
        `the solver's transactions mined on A once it resumed: ${(await minedFrom(A, ctx.solver, resumedAt)).join(', ')}`,
      )
      await ctx.store.close()
    }
  })
})
