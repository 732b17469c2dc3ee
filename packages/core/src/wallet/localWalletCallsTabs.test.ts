import { type Chain, type Hex, keccak256, zeroAddress } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  cannedReceipt,
  cannedTransaction,
  jsonRpcHandler,
  type ReplayServer,
  startReplayServer,
} from '../../test/support/replayServer.ts'
import { BATCH_IDLE_MS, CALLS_STATUS, createLocalCalls } from './localWalletCalls.ts'

/**
 * The devnet wallet's batches kept in storage, read by another page (a second tab, or the page after a
 * reload) while the page that runs the batch may still be alive.
 */
const account = privateKeyToAccount(`0x${'22'.repeat(32)}` as Hex)

/** A node that takes transactions (their hash: keccak of the raw bytes) and mines one only when the test says so. */
const received: Hex[] = []
/** Told of each transaction the node takes, before the node answers. */
let onReceive: (count: number) => void = () => {}
const minedHashes = new Set<Hex>()
let block = 1
let node: ReplayServer
let chain: Chain
beforeAll(async () => {
  const tx = (h: Hex) =>
    cannedTransaction(h, {
      from: account.address,
      to: zeroAddress,
      nonce: received.indexOf(h),
      chainId: 0x7d00,
      blockNumber: minedHashes.has(h) ? 0x10n : undefined,
    })
  node = await startReplayServer({
    routes: {
      'POST /': jsonRpcHandler(
        {
          eth_chainId: () => '0x7d00',
          eth_blockNumber: () => `0x${(block++).toString(16)}`,
          eth_getTransactionCount: () => `0x${received.length.toString(16)}`,
          eth_maxPriorityFeePerGas: () => '0x1',
          eth_estimateGas: () => '0x5208',
          eth_getBlockByNumber: () => ({
            number: '0x1',
            hash: `0x${'bb'.repeat(32)}`,
            baseFeePerGas: '0x5',
            timestamp: '0x1',
            transactions: [],
          }),
          // Runs as the call comes in: the test is told before the node answers.
          eth_sendRawTransaction: ([raw]) => {
            const sent = keccak256(raw as Hex)
            received.push(sent)
            onReceive(received.length)
            return sent
          },
          eth_getTransactionByHash: ([hash]) => (received.includes(hash as Hex) ? tx(hash as Hex) : null),
          eth_getTransactionReceipt: ([hash]) =>
            minedHashes.has(hash as Hex)
              ? cannedReceipt(hash as Hex, 0x10n, { from: account.address, to: zeroAddress })
              : null,
        },
        { otherwise: () => ({ result: null }) },
      ),
    },
  })
  chain = {
    id: 0x7d00,
    name: 'Local Chain B',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [node.url] } },
    // Polls every 500 ms (viem: half the block time).
    blockTime: 1_000,
  }
})
afterAll(() => node.close())
beforeEach(() => {
  received.length = 0
  minedHashes.clear()
  onReceive = () => {}
})

/** localStorage as every tab of the origin shares it; `freeze()`: the page that writes it is gone. */
const sharedStorage = () => {
  const values = new Map<string, string>()
  let frozen = false
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => {
      if (!frozen) values.set(key, value)
    },
    removeItem: (key: string) => void values.delete(key),
    freeze: () => {
      frozen = true
    },
    /** Time passes for what was kept: its last step `ms` earlier. */
    age: (key: string, id: string, ms: number) => {
      const all = JSON.parse(values.get(key) ?? '{}') as Record<string, { updatedAt: number }>
      all[id]!.updatedAt -= ms
      values.set(key, JSON.stringify(all))
    },
    read: (key: string) => JSON.parse(values.get(key) ?? '{}') as Record<string, { sent: Hex[] }>,
  }
}
const KEY = 'calls-tabs'
const until = async (condition: () => boolean, ms = 10_000) => {
  for (const start = Date.now(); !condition(); ) {
    if (Date.now() - start > ms) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}
const TWO_CALLS = [
  { to: zeroAddress, value: '0x1' as Hex },
  { to: zeroAddress, value: '0x2' as Hex },
]

describe('createLocalCalls: a batch seen from another page', () => {
  it('does not declare stopped, in another tab, a batch whose page is alive and about to send its deposit', async () => {
    const storage = sharedStorage()
    const idleMs = 600
    // Tab 1 runs the batch: approval, then deposit once the approval is mined.
    const tab1 = createLocalCalls({ account, chainOf: () => chain, storage, storageKey: KEY, idleMs })
    const { id } = tab1.send({ chainId: '0x7d00', calls: TWO_CALLS })
    await until(() => storage.read(KEY)[id]?.sent.length === 1)
    const approval = storage.read(KEY)[id]!.sent[0]!
    // A congested chain: the approval takes longer than the idle time to be mined.
    await new Promise((resolve) => setTimeout(resolve, idleMs * 2))
    minedHashes.add(approval)
    // Tab 2 (same account, same storage) asks about the batch before tab 1's next receipt poll.
    const tab2 = createLocalCalls({ account, chainOf: () => chain, storage, storageKey: KEY, idleMs })
    const seenByTab2 = await tab2.status(id)
    // Tab 1 goes on: it sends the deposit.
    await until(() => received.length === 2)
    expect(received, 'tab 1 did send the deposit after all').toHaveLength(2)
    expect(
      seenByTab2?.status,
      'tab 2 told the app the batch stopped before its deposit (followAcceptedBatches: failed, batchIncomplete)',
    ).toBe(CALLS_STATUS.pending)
  }, 20_000)

  it('does not declare stopped a batch whose deposit reached the node just before its page closed', async () => {
    const storage = sharedStorage()
    // The page closes right as the node takes the deposit (before its answer is back): nothing it writes after is kept.
    onReceive = (count) => {
      if (count === 2) storage.freeze()
    }
    const closing = createLocalCalls({ account, chainOf: () => chain, storage, storageKey: KEY })
    const { id } = closing.send({ chainId: '0x7d00', calls: TWO_CALLS })
    await until(() => storage.read(KEY)[id]?.sent.length === 1)
    const approval = storage.read(KEY)[id]!.sent[0]!
    minedHashes.add(approval)
    await until(() => received.length === 2)
    const deposit = received[1]!
    minedHashes.add(deposit)
    // A minute later, the page is opened again.
    storage.age(KEY, id, BATCH_IDLE_MS + 1_000)
    const reloaded = createLocalCalls({ account, chainOf: () => chain, storage, storageKey: KEY })
    const status = await reloaded.status(id)
    expect(
      status?.status,
      'the deposit is mined, yet the wallet says the batch stopped before it (BATCH_INTERRUPTED)',
    ).not.toBe(CALLS_STATUS.reverted)
  }, 20_000)
})
