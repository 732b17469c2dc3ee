import {
  applySwapEvent,
  createChainClients,
  createProviders,
  fetchRoutes,
  type Manifest,
  type QuoteRequest,
  type SwapRecord,
  tokenRefFor,
} from '@multi-bridge/core'
import { devnetAccount } from '@multi-bridge/devnet'
import type { Address } from 'viem'
import { createTokenSearchIndex, filterTokens } from '../apps/web/src/features/picker/filterTokens.ts'
import { makeTokenList } from '../apps/web/src/features/picker/testTokens.ts'
import { executeRoute } from '../packages/core/src/swaps/execute/executeRoute.ts'
import { createNodeWallet } from '../packages/core/test/nodeWallet.ts'
import { median, percentile } from './browser.ts'
import type { Figure } from './report.ts'

/** Per-keystroke filtering of 10,000 tokens in node: typing a symbol, a name and an address, one key at a time. */
export function measureTokenSearch(): Figure {
  const index = createTokenSearchIndex(makeTokenList(10_000))
  const queries = ['alpha', 'beta gamma 12', '0x7e5700000000000000000000', 'ome99', 'z']
  const times: number[] = []
  // Round 0 warms the JIT up and is not counted, as the first few keystrokes in a page would.
  for (let round = 0; round <= 5; round++) {
    for (const query of queries) {
      for (let length = 1; length <= query.length; length++) {
        const started = performance.now()
        filterTokens(index, query.slice(0, length))
        if (round > 0) times.push(performance.now() - started)
      }
    }
  }
  return {
    id: 'tokenSearchNode',
    label: 'Token search, 10,000 tokens, per keystroke in node (p95)',
    value: percentile(times, 95),
    unit: 'ms',
    budget: 4,
    note: `median ${median(times).toFixed(2)} ms over ${times.length} keystrokes`,
  }
}

function quoteRequest(manifest: Manifest, amount: bigint, account: Address): QuoteRequest {
  const [a, b] = manifest.chains
  if (!a || !b) throw new Error('the devnet has fewer than two chains')
  const usdc = (chain: typeof a) => {
    const token = chain.tokens.find((t) => t.kind === 'usdc')
    if (!token) throw new Error(`no USDC on ${chain.name}`)
    return tokenRefFor(manifest, chain.id, token.address)
  }
  return { origin: usdc(a), destination: usdc(b), amount, sender: account, recipient: account }
}

/** Time from the last provider's answer to the ranked routes in core, over real devnet quotes. */
export async function measureQuoteOverhead(manifest: Manifest): Promise<Figure> {
  const providers = [...(await createProviders({ manifest, clients: createChainClients(manifest) })).values()]
  const account = devnetAccount(manifest.devnet?.accounts.users[0] ?? 5).address
  const overheads: number[] = []
  for (let round = 0; round < 30; round++) {
    const { outcomes } = await fetchRoutes({
      request: quoteRequest(manifest, 1_000_000n + BigInt(round), account),
      providers,
    })
    const ranked = performance.now()
    overheads.push(ranked - Math.max(...outcomes.map((o) => o.receivedAt)))
  }
  return {
    id: 'quoteOverheadCore',
    label: 'Quote overhead in core: last answer → ranked routes (p95)',
    value: percentile(overheads, 95),
    unit: 'ms',
    budget: 5,
    note: `${overheads.length} quotes from ${providers.length} providers`,
  }
}

/**
 * The solver under load: 30 intent orders opened over one minute from several accounts, each followed to
 * its fill. Fill latency is counted in destination blocks from the block current when the Open was mined.
 */
export async function measureSolver(manifest: Manifest): Promise<Figure[]> {
  const clients = createChainClients(manifest)
  const providers = await createProviders({ manifest, clients })
  const intent = providers.get('intent')
  if (!intent) throw new Error('no intent provider on the devnet')
  const users = manifest.devnet?.accounts.users ?? []
  const chains = manifest.chains
  const orders = 30
  const results: { latency: number; inTime: boolean }[] = []
  const failures: string[] = []
  const queues = new Map<number, Promise<void>>()
  const started = Date.now()
  const runs: Promise<void>[] = []
  for (let i = 0; i < orders; i++) {
    const wait = started + i * 2_000 - Date.now()
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
    const userIndex = users[i % users.length] as number
    const origin = chains[i % chains.length]
    const destination = chains[(i + 1) % chains.length]
    if (!origin || !destination) break
    const account = devnetAccount(userIndex)
    const request = quoteRequest({ ...manifest, chains: [origin, destination] }, 1_000_000n, account.address)
    // One order at a time per account (its nonces), all accounts in parallel.
    const previous = queues.get(userIndex) ?? Promise.resolve()
    const run = previous.then(async () => {
      try {
        const route = await intent.getQuote(request)
        if (!route) throw new Error('no intent route')
        const { wallet } = createNodeWallet(manifest, account, origin.id)
        let record: SwapRecord = await executeRoute({
          route,
          provider: intent,
          wallet,
          clients,
          refreshRoute: () => intent.getQuote(request),
          onUpdate: () => undefined,
        })
        const destinationClient = clients.get(destination.id)
        const openBlock = await destinationClient?.getBlockNumber({ cacheTime: 0 })
        const deadline = Date.now() + 120_000
        while (record.status !== 'completed' && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 250))
          if (record.status === 'signing' || record.status === 'failed') break
          record = applySwapEvent(record, await intent.track(record))
        }
        if (record.status !== 'completed' || !record.deliveryTx || openBlock === undefined) {
          throw new Error(`order ${i} ended ${record.status}`)
        }
        const receipt = await destinationClient?.getTransactionReceipt({ hash: record.deliveryTx })
        const fillDeadline = Number(record.data?.fillDeadline ?? Number.POSITIVE_INFINITY)
        results.push({
          latency: Number((receipt?.blockNumber ?? 0n) - openBlock),
          inTime: (record.deliveredAt ?? Number.POSITIVE_INFINITY) <= fillDeadline,
        })
      } catch (error) {
        failures.push(error instanceof Error ? error.message : String(error))
      }
    })
    queues.set(userIndex, run)
    runs.push(run)
  }
  await Promise.all(runs)
  const latencies = results.map((r) => r.latency)
  const missed = orders - results.filter((r) => r.inTime).length
  return [
    {
      id: 'solverFillBlocks',
      label: 'Solver fill: destination blocks after the Open (worst of 30)',
      value: Math.max(...latencies),
      unit: 'blocks',
      budget: 2,
      note: `median ${median(latencies)} blocks`,
    },
    {
      id: 'solverMissed',
      label: '30 orders in one minute: filled late or not at all',
      value: missed,
      unit: 'orders',
      budget: 0,
      note: failures.length > 0 ? `first failure: ${failures[0]}` : `${results.length} filled`,
    },
  ]
}
