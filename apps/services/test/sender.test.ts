import { type AnvilInstance, devnetAccount, startAnvil } from '@multi-bridge/devnet'
import {
  type Chain,
  createPublicClient,
  createTestClient,
  createWalletClient,
  custom,
  defineChain,
  type Hex,
  http,
  parseAbi,
} from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SerialQueue } from '../src/shared/context.ts'
import { createSender } from '../src/shared/sender.ts'

// The services' sender against a real anvil: what a send asks the node in the account's turn, and that the nonce it
// counts never strands the account (a refused send, a dropped transaction).
const CHAIN_ID = 31_337_777
let anvil: AnvilInstance
let chain: Chain
const methods: string[] = []
/** The sends the node has not answered yet, and the most there were at once. */
const sending = { now: 0, most: 0 }

beforeAll(async () => {
  anvil = await startAnvil({ chainId: CHAIN_ID })
  chain = defineChain({
    id: CHAIN_ID,
    name: 'sender test',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [anvil.rpcUrl] } },
  })
})
afterAll(async () => {
  await anvil?.stop()
})

const pingAbi = parseAbi(['function ping(uint256 n)'])
const TARGET = '0x00000000000000000000000000000000000b0b0b'
const ping = (n: bigint) => ({ address: TARGET, abi: pingAbi, functionName: 'ping', args: [n] }) as const

/**
 * A sender for devnet account `index`, whose every request to the node is written down in `methods`. Each
 * `eth_sendRawTransaction` is answered `sendDelayMs` late, as a busy node answers.
 */
function senderFor(index: number, { sendDelayMs = 0 } = {}) {
  const node = http(anvil.rpcUrl)({ chain: undefined })
  const transport = custom({
    async request({ method, params }: { method: string; params?: unknown }) {
      methods.push(method)
      if (method !== 'eth_sendRawTransaction') return node.request({ method, params } as never)
      sending.now += 1
      sending.most = Math.max(sending.most, sending.now)
      try {
        await new Promise((resolve) => setTimeout(resolve, sendDelayMs))
        return await node.request({ method, params } as never)
      } finally {
        sending.now -= 1
      }
    },
  })
  const account = devnetAccount(index)
  const publicClient = createPublicClient({ chain, transport })
  const walletClient = createWalletClient({ account, chain, transport })
  return {
    account,
    publicClient,
    sender: createSender({ publicClient, walletClient, queue: new SerialQueue(), blockTimeSeconds: 1 }),
  }
}

const test = () => createTestClient({ mode: 'anvil', chain, transport: http(anvil.rpcUrl) })

describe('the sender', () => {
  it('sends a burst one nonce after the other, its sends at once, asking the node nothing else but the nonce once', async () => {
    const { sender, publicClient, account } = senderFor(1, { sendDelayMs: 150 })
    sending.most = 0
    const hashes = await Promise.all([1n, 2n, 3n, 4n, 5n, 6n, 7n, 8n].map((n) => sender.send(ping(n), 60_000n)))
    const receipts = await Promise.all(hashes.map((hash) => publicClient.waitForTransactionReceipt({ hash })))
    expect(receipts.map((receipt) => receipt.status)).toEqual(Array(8).fill('success'))
    const nonces = await Promise.all(hashes.map(async (hash) => (await publicClient.getTransaction({ hash })).nonce))
    expect(nonces).toEqual([0, 1, 2, 3, 4, 5, 6, 7])
    const sent = methods.filter(
      (method) => method !== 'eth_getTransactionReceipt' && method !== 'eth_getTransactionByHash',
    )
    expect(sent.filter((method) => method === 'eth_sendRawTransaction')).toHaveLength(8)
    expect(sent.filter((method) => method === 'eth_getTransactionCount')).toHaveLength(1)
    // Nothing the node fills or estimates per send: no eth_fillTransaction, no eth_estimateGas, no eth_chainId.
    expect(sent).not.toContain('eth_fillTransaction')
    expect(sent).not.toContain('eth_estimateGas')
    expect(sent).not.toContain('eth_chainId')
    expect(await publicClient.getTransactionCount({ address: account.address })).toBe(8)
    // The burst's sends did not wait for each other's answers (before, one answer after the other: at most 1).
    expect(sending.most).toBeGreaterThan(1)
  })

  it('a send refused in the middle of a burst strands none of the later ones: the next send takes its nonce', async () => {
    const { sender, publicClient, account } = senderFor(6, { sendDelayMs: 50 })
    const gasOf = [60_000n, 60_000n, 1_000n, 60_000n, 60_000n]
    const outcomes = await Promise.allSettled(gasOf.map((gas, n) => sender.send(ping(BigInt(n)), gas)))
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ])
    // The node took nonces 3 and 4 behind the refused 2: they wait for it.
    const taken = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []))
    const next = await sender.send(ping(5n), 60_000n)
    const receipts = await Promise.all(
      [...taken, next].map((hash) => publicClient.waitForTransactionReceipt({ hash, timeout: 10_000 })),
    )
    expect(receipts.map((receipt) => receipt.status)).toEqual(Array(5).fill('success'))
    // No nonce left free behind them: the account's next transaction is mined, not held.
    expect(await publicClient.getTransactionCount({ address: account.address })).toBe(5)
  })

  it('tells the hash of what it sends before the node is asked: the hash the node answers', async () => {
    const { sender } = senderFor(7, { sendDelayMs: 50 })
    const signed: Hex[] = []
    const hash = await sender.send(ping(9n), 60_000n, { onSigned: (tx) => signed.push(tx) })
    expect(signed).toEqual([hash])
  })

  it('estimates the gas from its own account when not given', async () => {
    const { sender, publicClient, account } = senderFor(4)
    // A contract that reverts for a caller of address zero, as a token refuses an approval from it: estimated from no
    // account, the send would fail before anything is sent.
    const picky = '0x00000000000000000000000000000000000c0c0c'
    await test().setCode({ address: picky, bytecode: '0x3315600657005b600080fd' })
    const hash = await sender.send({ address: picky, abi: pingAbi, functionName: 'ping', args: [9n] })
    const transaction = await publicClient.getTransaction({ hash })
    expect(transaction.from.toLowerCase()).toBe(account.address.toLowerCase())
    expect((await publicClient.waitForTransactionReceipt({ hash })).status).toBe('success')
  })

  it('reads the nonce again after a send the node refused, so the next one is mined', async () => {
    const { sender, publicClient } = senderFor(2)
    await publicClient.waitForTransactionReceipt({ hash: await sender.send(ping(1n), 60_000n) })
    // Too little gas for any transaction: the node refuses it, and its nonce stays free.
    await expect(sender.send(ping(2n), 1_000n)).rejects.toThrow(/gas/i)
    const hash = await sender.send(ping(3n), 60_000n)
    const receipt = await publicClient.waitForTransactionReceipt({ hash, timeout: 10_000 })
    expect(receipt.status).toBe('success')
    expect((await publicClient.getTransaction({ hash })).nonce).toBe(1)
  })

  it('after a transaction the node dropped, the next send takes its nonce once told (as a receipt that never came tells it)', async () => {
    const { sender, publicClient } = senderFor(3)
    await test().setAutomine(false)
    try {
      const dropped: Hex = await sender.send(ping(1n), 60_000n)
      await test().dropTransaction({ hash: dropped })
      // Counting on from the dropped nonce would leave a gap no block fills: the account would be stranded.
      const stranded = await sender.send(ping(2n), 60_000n)
      await test().mine({ blocks: 1 })
      expect(await publicClient.getTransactionReceipt({ hash: stranded }).catch(() => 'not mined')).toBe('not mined')
      await test().dropTransaction({ hash: stranded })
      sender.forgetNonce()
      const next = await sender.send(ping(3n), 60_000n)
      await test().mine({ blocks: 1 })
      const receipt = await publicClient.getTransactionReceipt({ hash: next })
      expect(receipt.status).toBe('success')
      expect((await publicClient.getTransaction({ hash: next })).nonce).toBe(0)
    } finally {
      await test().setAutomine(true)
    }
  })
  it('after a block without a send, reads the nonce from the node again: a dropped transaction it was not told of strands nothing', async () => {
    const { sender, publicClient } = senderFor(5)
    await test().setAutomine(false)
    try {
      const dropped = await sender.send(ping(1n), 60_000n)
      await test().dropTransaction({ hash: dropped })
      await new Promise((resolve) => setTimeout(resolve, 1_100))
      const next = await sender.send(ping(2n), 60_000n)
      await test().mine({ blocks: 1 })
      expect((await publicClient.getTransactionReceipt({ hash: next })).status).toBe('success')
      expect((await publicClient.getTransaction({ hash: next })).nonce).toBe(0)
    } finally {
      await test().setAutomine(true)
    }
  })
})
