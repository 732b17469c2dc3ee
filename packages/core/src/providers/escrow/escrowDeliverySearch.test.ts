import { poolBridgeAbi, poolBridgeStatus } from '@multi-bridge/contracts'
import { type Address, encodeAbiParameters, encodeEventTopics, getAbiItem, type Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import { signingSwap, TEST_USDC } from '../../../test/support/swapRecords.ts'
import type { ChainClients } from '../../chains/chainClients.ts'
import { applySwapEvent } from '../../records/swapMachine.ts'
import type { TrackedSwap } from '../../records/types.ts'
import { parseManifest } from '../../setup/manifest.ts'
import { createPoolProvider } from '../pool/poolProvider.ts'
import { destinationSearchStart } from './escrowDepositMined.ts'

/**
 * Where the destination is searched for a deposit's delivery. A deposit whose receipt this app reads late: the person
 * sends the deposit and closes the tab (or the browser dies) before its receipt is read; the pool releases the
 * transfer on the destination a few seconds later. Half an hour later the page is opened again: the tracker reads the
 * receipt now, and the destination's head now.
 */

const A = 31001
const B = 31002
const POOL_A: Address = '0x00000000000000000000000000000000000a0001'
const POOL_B: Address = '0x00000000000000000000000000000000000b0001'
const USDC_A: Address = '0x00000000000000000000000000000000000a00c1'
const USDC_B: Address = '0x00000000000000000000000000000000000b00c1'
const PERSON: Address = '0x8ba1f109551bD432803012645Ac136ddd64DBA72'
const TRANSFER_ID = `0x${'42'.repeat(32)}` as Hex
const DEPOSIT_TX = `0x${'22'.repeat(32)}` as Hex
const RELEASE_TX = `0x${'33'.repeat(32)}` as Hex
const NOW = Math.floor(Date.now() / 1000)
/** The deposit was mined 30 minutes ago, its deadline 5 minutes after it. */
const DEPOSITED_AT = NOW - 1_800
const DEADLINE = DEPOSITED_AT + 300
const EXPIRES = DEPOSITED_AT + 3_600
/** Destination (2 s blocks): released in block 100, 20 s after the deposit; its head now is block 1000. */
const RELEASE_BLOCK = 100n
const HEAD = 1_000n

const chain = (id: number, pool: Address, usdc: Address) => ({
  id,
  name: `Local ${id}`,
  shortName: `l${id}`,
  rpcUrls: ['http://127.0.0.1:1'],
  blockTime: 2,
  confirmations: 1,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  testnet: true,
  contracts: { multicall3: '0xcA11bde05977b3631167028862bE2a173976CA11', poolBridge: pool },
  tokens: [{ address: usdc, symbol: 'USDC', name: 'USD Coin', decimals: 6, kind: 'usdc' }],
})

const manifest = () =>
  parseManifest({
    version: 1,
    mode: 'devnet',
    generatedAt: new Date().toISOString(),
    chains: [chain(A, POOL_A, USDC_A), chain(B, POOL_B, USDC_B)],
    services: { attesters: { threshold: 1, urls: ['http://127.0.0.1:1'] } },
  })

/** The pool's `Sent` log of this transfer, as the deposit's receipt holds it. */
function sentLog() {
  const event = getAbiItem({ abi: poolBridgeAbi, name: 'Sent' })
  const topics = encodeEventTopics({
    abi: poolBridgeAbi,
    eventName: 'Sent',
    args: { transferId: TRANSFER_ID, sender: PERSON },
  })
  const data = encodeAbiParameters(
    event.inputs.filter((input) => !input.indexed),
    [USDC_A, 100_000_000n, BigInt(B), POOL_B, USDC_B, PERSON, 99_700_000n, DEADLINE, EXPIRES],
  )
  return {
    address: POOL_A,
    topics,
    data,
    blockNumber: 10n,
    blockHash: `0x${'01'.repeat(32)}`,
    transactionHash: DEPOSIT_TX,
    transactionIndex: 0,
    logIndex: 0,
    removed: false,
  }
}

const originWith = (status: number) => ({
  getTransactionReceipt: async () => ({ status: 'success', blockNumber: 10n, logs: [sentLog()] }),
  getBlock: async () => ({ number: 10n, timestamp: BigInt(DEPOSITED_AT) }),
  getBlockNumber: async () => 1_810n,
  // The origin pool: the release was attested back, the transfer is finalized (nothing held to refund).
  readContract: async ({ functionName }: { functionName: string }) => {
    if (functionName !== 'deposits') throw new Error(`unexpected read ${functionName}`)
    return [PERSON, USDC_A, 100_000_000n, DEADLINE, EXPIRES, status, 0n]
  },
})
const origin = originWith(poolBridgeStatus.Finalized)

const destinationWith = (releases: boolean) => ({
  getBlockNumber: async () => HEAD,
  getBlock: async (parameters: { blockTag?: string; blockNumber?: bigint }) =>
    parameters.blockNumber === RELEASE_BLOCK
      ? { number: RELEASE_BLOCK, timestamp: BigInt(DEPOSITED_AT + 20) }
      : { number: HEAD, timestamp: BigInt(NOW) },
  // A real node: only the logs from `fromBlock` on.
  getLogs: async ({ fromBlock }: { fromBlock: bigint }) =>
    releases && fromBlock <= RELEASE_BLOCK
      ? [
          {
            address: POOL_B,
            blockNumber: RELEASE_BLOCK,
            transactionHash: RELEASE_TX,
            args: { transferId: TRANSFER_ID, recipient: PERSON, token: USDC_B, amount: 99_700_000n },
          },
        ]
      : [],
})
const destination = destinationWith(true)

/** The swap as History saved it when the wallet returned the deposit's hash (the tab closed then). */
const sent = {
  ...signingSwap('depositing', {
    providerId: 'pool',
    providerName: 'Liquidity Pool Bridge',
    owner: PERSON,
    recipient: PERSON,
    origin: { token: { ...TEST_USDC, chainId: A, address: USDC_A }, amount: '100000000' },
    destination: {
      token: { ...TEST_USDC, chainId: B, address: USDC_B },
      estimatedAmount: '99700000',
      minAmount: '99700000',
    },
    depositAddress: POOL_A,
    estimatedSeconds: 20,
  }),
  depositTx: DEPOSIT_TX,
}

function poolProvider(originClient: unknown, destinationClient: unknown) {
  const clients = new Map<number, unknown>([
    [A, originClient],
    [B, destinationClient],
  ]) as unknown as ChainClients
  const provider = createPoolProvider({ manifest: manifest(), clients })
  if (!provider) throw new Error('no pool provider')
  return provider
}

/** The same swap as an older version of this app saved it: its search start taken from B's head when it read late. */
const savedLate: TrackedSwap = {
  ...sent,
  id: TRANSFER_ID,
  status: 'deposited',
  depositedAt: DEPOSITED_AT,
  refundableAfter: DEADLINE,
  expiresAt: EXPIRES,
  data: { deadline: DEADLINE, originBlock: '10', destinationFromBlock: String(HEAD - 5n) },
}

describe('a deposit receipt read late (the tab was closed after Swap)', () => {
  it('is still seen delivered, never called refundable ("safe in escrow") though the pool released it', async () => {
    const provider = poolProvider(origin, destination)

    // The tracker's first look after the reload: the receipt is there now.
    const mined = await provider.onDepositMined(sent)
    expect(mined.type).toBe('depositMined')
    const deposited = applySwapEvent(sent, mined) as TrackedSwap
    expect(deposited.status).toBe('deposited')

    // The next look: the release (block 100) must be found, the destination being long past the deadline.
    const event = await provider.track(deposited)
    expect(event.type).toBe('delivered')
  })

  it('keeps an earlier search start the record already has (a gasless order signed before its open was mined)', async () => {
    // B's head at block 5000: the deposit's time is block 3945 less the margin.
    const later = { getBlock: async () => ({ number: 5_000n, timestamp: BigInt(NOW) }) }
    const provider = poolProvider(origin, later)
    const searchStart = async (known: string) => {
      const mined = await provider.onDepositMined({ ...sent, data: { destinationFromBlock: known } })
      return mined.type === 'depositMined' ? mined.data?.destinationFromBlock : undefined
    }
    expect(await searchStart('7')).toBe('7')
    expect(await searchStart('4000')).toBe(String(5_000 - 900 - 150 - 5))
  })
})

describe('a swap saved with a search start past its delivery', () => {
  it('is found delivered once the escrow is settled to the bridge (searched from the destination’s start)', async () => {
    const event = await poolProvider(origin, destination).track(savedLate)
    expect(event).toMatchObject({ type: 'delivered', deliveryTx: RELEASE_TX, receivedAmount: '99700000' })
  })

  it('is searched from the destination’s start before it is called refundable', async () => {
    const open = poolProvider(originWith(poolBridgeStatus.Pending), destination)
    expect((await open.track(savedLate)).type).toBe('delivered')
    // Nothing released anywhere: then it is refundable, as before.
    const notReleased = poolProvider(originWith(poolBridgeStatus.Pending), destinationWith(false))
    expect((await notReleased.track(savedLate)).type).toBe('deadlinePassed')
  })

  it('settled with no delivery found at all: waits and says why, never refundable', async () => {
    const event = await poolProvider(origin, destinationWith(false)).track(savedLate)
    expect(event).toEqual({ type: 'pending', statusDetail: 'SETTLED_DELIVERY_NOT_FOUND' })
  })
})

describe('destinationSearchStart', () => {
  it('counts back from the head to the deposit’s time at the block time, less a margin, never below 0', () => {
    const head = { number: 10_000n, timestamp: 1_000_000 }
    // 1800 s at 2 s blocks = 900 blocks; the margin: 300 s of clock difference (150 blocks) and 5 blocks.
    expect(destinationSearchStart(head, 1_000_000 - 1_800, 2)).toBe(10_000n - 900n - 150n - 5n)
    // A deposit "after" the head (the destination's clock behind the origin's): from the head, less the margin.
    expect(destinationSearchStart(head, 1_000_100, 2)).toBe(10_000n - 150n - 5n)
    expect(destinationSearchStart({ number: 20n, timestamp: 1_000_000 }, 999_000, 1)).toBe(0n)
    // No block time known: the destination's start.
    expect(destinationSearchStart(head, 999_000, undefined)).toBe(0n)
  })
})
