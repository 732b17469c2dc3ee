import { type Chain, type Hex, zeroAddress } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  cannedReceipt,
  cannedTransaction,
  jsonRpcHandler,
  type ReplayServer,
  startReplayServer,
} from '../../test/support/replayServer.ts'
import { isInsufficientFundsError } from '../errors/gasErrors.ts'
import { callsOutcome } from '../swaps/walletAdapter.ts'
import { BATCH_IDLE_MS, BATCH_INTERRUPTED, CALLS_STATUS, createLocalCalls } from './localWalletCalls.ts'

const account = privateKeyToAccount(`0x${'11'.repeat(32)}` as Hex)

/** A node whose account cannot pay: it refuses the call's gas estimate as anvil does (insufficient funds). */
let node: ReplayServer
let chain: Chain
beforeAll(async () => {
  node = await startReplayServer({
    routes: {
      'POST /': jsonRpcHandler(
        {
          eth_chainId: () => '0x7cff',
          eth_getTransactionCount: () => '0x0',
          eth_maxPriorityFeePerGas: () => '0x1',
          eth_getBlockByNumber: () => ({ number: '0x1', baseFeePerGas: '0x5', timestamp: '0x1', transactions: [] }),
        },
        {
          otherwise: () => ({
            error: { code: -32000, message: 'insufficient funds for gas * price + value: have 1000 want 2100000' },
          }),
        },
      ),
    },
  })
  chain = {
    id: 0x7cff,
    name: 'Local Chain A',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [node.url] } },
  }
})
afterAll(() => node.close())

describe('createLocalCalls: a batch stopped by a call the node refused', () => {
  it("says why in its status, where the app's adapter reads it", async () => {
    const calls = createLocalCalls({ account, chainOf: () => chain })
    const { id } = calls.send({ chainId: '0x7cff', calls: [{ to: zeroAddress, value: '0x1' }] })
    let status = await calls.status(id)
    for (let i = 0; i < 200 && status?.status === CALLS_STATUS.pending; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10))
      status = await calls.status(id)
    }
    expect(status?.status).toBe(CALLS_STATUS.failedOffchain)
    const outcome = callsOutcome(status as Parameters<typeof callsOutcome>[0])
    expect(outcome.hashes).toEqual([])
    expect(isInsufficientFundsError(new Error(outcome.error))).toBe(true)
  })

  it('gives no reason for a batch that did not stop', () => {
    const hash = `0x${'a1'.repeat(32)}` as Hex
    expect(callsOutcome({ receipts: [{ transactionHash: hash }] })).toEqual({ hashes: [hash] })
    expect(callsOutcome({ receipts: [], capabilities: { error: {} } })).toEqual({ hashes: [] })
  })
})

describe('createLocalCalls: the batches kept for a reload', () => {
  const hash = (byte: string) => `0x${byte.repeat(32)}` as Hex
  const [approval, deposit] = [hash('a1'), hash('d2')]
  /** The receipts the chain has: a hash missing is not mined. */
  const mined = new Map<Hex, '0x1' | '0x0'>()
  /** Transactions the node has and has not mined. */
  const inMempool = new Set<Hex>()
  const transaction = (hash: Hex) =>
    cannedTransaction(hash, { from: account.address, to: zeroAddress, nonce: 0, chainId: 0x7cff })
  let receiptNode: ReplayServer
  let receiptChain: Chain
  beforeAll(async () => {
    receiptNode = await startReplayServer({
      routes: {
        'POST /': jsonRpcHandler(
          {
            eth_getTransactionByHash: ([hash]) =>
              mined.has(hash as Hex) || inMempool.has(hash as Hex) ? transaction(hash as Hex) : null,
            eth_getTransactionReceipt: ([hash]) => {
              const status = mined.get(hash as Hex)
              return status === undefined
                ? null
                : cannedReceipt(hash as Hex, 0x10n, {
                    from: account.address,
                    to: zeroAddress,
                    success: status === '0x1',
                  })
            },
          },
          { otherwise: () => ({ result: null }) },
        ),
      },
    })
    receiptChain = { ...chain, rpcUrls: { default: { http: [receiptNode.url] } } }
  })
  afterAll(() => receiptNode.close())

  const memoryStorage = (initial: Record<string, string> = {}) => {
    const values = new Map(Object.entries(initial))
    return {
      getItem: (key: string) => values.get(key) ?? null,
      setItem: (key: string, value: string) => void values.set(key, value),
      removeItem: (key: string) => void values.delete(key),
    }
  }
  const KEY = 'calls'
  /** A wallet made after a reload, over what the page before kept of batch `0x01`. */
  const reloaded = (kept: object) =>
    createLocalCalls({
      account,
      chainOf: () => receiptChain,
      storageKey: KEY,
      storage: memoryStorage({ [KEY]: JSON.stringify({ '0x01': { chainId: 0x7cff, ...kept } }) }),
    })
  const outcomeOf = async (calls: ReturnType<typeof createLocalCalls>) => {
    const status = await calls.status('0x01')
    return { status: status?.status, ...callsOutcome(status as Parameters<typeof callsOutcome>[0]) }
  }

  it('answers a finished batch after a reload, with its receipts read from the chain', async () => {
    mined.set(approval, '0x1').set(deposit, '0x1')
    const calls = reloaded({ calls: 2, sent: [approval, deposit], status: CALLS_STATUS.confirmed, updatedAt: 0 })
    expect(await outcomeOf(calls)).toEqual({ status: CALLS_STATUS.confirmed, hashes: [approval, deposit] })
  })

  it('keeps a batch pending while a call it sent waits at the node to be mined, however long ago', async () => {
    mined.clear()
    mined.set(approval, '0x1')
    inMempool.add(deposit)
    const calls = reloaded({ calls: 2, sent: [approval, deposit], status: CALLS_STATUS.pending, updatedAt: 0 })
    expect((await outcomeOf(calls)).status).toBe(CALLS_STATUS.pending)
    inMempool.clear()
  })

  it('takes a call kept but unknown to the node long after for one its closed page never sent', async () => {
    mined.clear()
    mined.set(approval, '0x1')
    const calls = reloaded({ calls: 2, sent: [approval, deposit], status: CALLS_STATUS.pending, updatedAt: 0 })
    expect(await outcomeOf(calls)).toEqual({
      status: CALLS_STATUS.reverted,
      hashes: [approval],
      error: BATCH_INTERRUPTED,
    })
    // While its page may still be sending it: on its way.
    const recent = reloaded({
      calls: 2,
      sent: [approval, deposit],
      status: CALLS_STATUS.pending,
      updatedAt: Date.now(),
    })
    expect((await outcomeOf(recent)).status).toBe(CALLS_STATUS.pending)
  })

  it('stops a batch a closed page left unfinished where it was, saying so: the calls not sent never are', async () => {
    mined.clear()
    mined.set(approval, '0x1')
    const calls = reloaded({ calls: 2, sent: [approval], status: CALLS_STATUS.pending, updatedAt: 0 })
    expect(await outcomeOf(calls)).toEqual({
      status: CALLS_STATUS.reverted,
      hashes: [approval],
      error: BATCH_INTERRUPTED,
    })
  })

  it('does not stop a batch another page may be about to go on with', async () => {
    mined.clear()
    mined.set(approval, '0x1')
    const recent = Date.now() - BATCH_IDLE_MS / 2
    const calls = reloaded({ calls: 2, sent: [approval], status: CALLS_STATUS.pending, updatedAt: recent })
    expect((await outcomeOf(calls)).status).toBe(CALLS_STATUS.pending)
  })

  it('ends a batch whose call reverted on chain at once, though its page may still be alive: nothing more is sent', async () => {
    mined.clear()
    mined.set(approval, '0x0')
    const calls = reloaded({ calls: 2, sent: [approval], status: CALLS_STATUS.pending, updatedAt: Date.now() })
    // Reverted, not interrupted: the receipt says why, and the deposit after it never goes out.
    expect(await outcomeOf(calls)).toEqual({ status: CALLS_STATUS.reverted, hashes: [approval] })
  })

  it('knows nothing of a batch it never kept, nor of what unreadable storage held, and still sends', async () => {
    expect(await reloaded({ calls: 1, sent: [], status: 100, updatedAt: 0 }).status('0x02')).toBeUndefined()
    const storage = memoryStorage({ [KEY]: '{"0x01": ' })
    const calls = createLocalCalls({ account, chainOf: () => chain, storageKey: KEY, storage })
    expect(await calls.status('0x01')).toBeUndefined()
    const { id } = calls.send({ chainId: '0x7cff', calls: [{ to: zeroAddress, value: '0x1' }] })
    expect(JSON.parse(storage.getItem(KEY) ?? '{}')[id]).toMatchObject({ calls: 1, sent: [] })
  })

  it('keeps how a batch ended as it ends, for the page after a reload', async () => {
    const storage = memoryStorage()
    // The first node refuses every call: the batch stops before sending anything.
    const calls = createLocalCalls({ account, chainOf: () => chain, storageKey: KEY, storage })
    const { id } = calls.send({ chainId: '0x7cff', calls: [{ to: zeroAddress, value: '0x1' }] })
    for (let i = 0; i < 200 && (await calls.status(id))?.status === CALLS_STATUS.pending; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
    const after = createLocalCalls({ account, chainOf: () => chain, storageKey: KEY, storage })
    const status = await after.status(id)
    expect(status?.status).toBe(CALLS_STATUS.failedOffchain)
    expect(isInsufficientFundsError(new Error(callsOutcome(status as Parameters<typeof callsOutcome>[0]).error))).toBe(
      true,
    )
  })
})
