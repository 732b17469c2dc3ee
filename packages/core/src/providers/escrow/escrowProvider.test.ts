import { intentOriginSettlerStatus } from '@multi-bridge/contracts'
import { type Address, type Hex, hashTypedData } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ReplayServer, startReplayServer } from '../../../test/support/replayServer.ts'
import { depositedSwap, swapIn, TEST_USDC } from '../../../test/support/swapRecords.ts'
import type { ChainClients } from '../../chains/chainClients.ts'
import { createChainClock } from '../../chains/chainClock.ts'
import { intentSettlerDomain, noFillAttestationTypes } from '../../protocols/intent.ts'
import type { RefundableSwap } from '../../records/types.ts'
import { NothingToRefundError } from '../../routes/routeErrors.ts'
import { parseManifest } from '../../setup/manifest.ts'
import { createIntentProvider } from '../intent/intentProvider.ts'

/**
 * What the origin's escrow holds decides the refund and the status, whatever else answers: the attesters keep
 * signing "not filled" after a refund (their decision does not change), and a deposit's first receipt can be taken
 * back by a reorganisation.
 */

const A = 31001
const B = 31002
const ORIGIN_SETTLER: Address = '0x00000000000000000000000000000000000a0001'
const DESTINATION_SETTLER: Address = '0x00000000000000000000000000000000000b0002'
const VERIFIER: Address = '0x00000000000000000000000000000000000a0099'
const USDC_A: Address = '0x00000000000000000000000000000000000a00c1'
const USDC_B: Address = '0x00000000000000000000000000000000000b00c1'
const PERSON: Address = '0x8ba1f109551bD432803012645Ac136ddd64DBA72'
const ORDER_ID = `0x${'42'.repeat(32)}` as Hex
const NOW = Math.floor(Date.now() / 1000)

const chain = (id: number, usdc: Address) => ({
  id,
  name: `Local ${id}`,
  shortName: `l${id}`,
  rpcUrls: ['http://127.0.0.1:1'],
  blockTime: 1,
  confirmations: 1,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  testnet: true,
  contracts: {
    multicall3: '0xcA11bde05977b3631167028862bE2a173976CA11',
    intentOriginSettler: ORIGIN_SETTLER,
    intentDestinationSettler: DESTINATION_SETTLER,
  },
  tokens: [{ address: usdc, symbol: 'USDC', name: 'USD Coin', decimals: 6, kind: 'usdc' }],
})

const attester = privateKeyToAccount(generatePrivateKey())
let server: ReplayServer

beforeAll(async () => {
  const digest = hashTypedData({
    domain: intentSettlerDomain(A, ORIGIN_SETTLER),
    types: noFillAttestationTypes,
    primaryType: 'NoFillAttestation',
    message: { orderId: ORDER_ID },
  })
  const signature = await attester.sign({ hash: digest })
  server = await startReplayServer({
    routes: {
      [`/v1/intents/${ORDER_ID}`]: {
        body: { status: 'not-filled', attestation: { kind: 'no-fill', signatures: signature } },
      },
    },
  })
})
afterAll(() => server.close())

const record = swapIn<RefundableSwap>('refundable', {
  key: ORDER_ID,
  id: ORDER_ID,
  origin: { token: { ...TEST_USDC, chainId: A, address: USDC_A }, amount: '100000000' },
  destination: { ...depositedSwap().destination, token: { ...TEST_USDC, chainId: B, address: USDC_B } },
  depositAddress: ORIGIN_SETTLER,
  depositedAt: NOW - 600,
  refundableAfter: NOW - 300,
  expiresAt: NOW + 3000,
  data: { fillDeadline: NOW - 300, originBlock: '1', destinationFromBlock: '0' },
})

function originClient(escrowStatus: number, head = 100n) {
  return {
    getBlock: async () => ({ number: head, timestamp: BigInt(NOW) }),
    getBlockNumber: async () => head,
    readContract: async ({ functionName }: { functionName: string }) => {
      switch (functionName) {
        case 'escrows':
          // { user, inputToken, inputAmount, fillDeadline, expires, status, pausedAtOpen }
          return [PERSON, USDC_A, 100_000_000n, NOW - 300, NOW + 3000, escrowStatus, 0n]
        case 'verifier':
          return VERIFIER
        case 'signers':
          return [attester.address]
        case 'threshold':
          return 1n
        case 'settlementPaused':
          return false
        case 'pausedSeconds':
          return 0n
        default:
          throw new Error(`unexpected read ${functionName}`)
      }
    },
  }
}

/** Chains A and B with the intent settlers, the replay server as solver and single attester. */
const devnetManifest = () =>
  parseManifest({
    version: 1,
    mode: 'devnet',
    generatedAt: new Date().toISOString(),
    chains: [chain(A, USDC_A), chain(B, USDC_B)],
    services: { solver: { url: server.url }, attesters: { threshold: 1, urls: [server.url] } },
  })

function intentWith(escrowStatus: number) {
  const manifest = devnetManifest()
  const destination = { getBlock: async () => ({ number: 100n, timestamp: BigInt(NOW) }) }
  const clients = new Map<number, unknown>([
    [A, originClient(escrowStatus)],
    [B, destination],
  ]) as unknown as ChainClients
  const provider = createIntentProvider({ manifest, clients })
  if (!provider) throw new Error('no intent provider')
  return provider
}

describe('escrow planRefund: only while the escrow holds the funds', () => {
  it('control: an open escrow with the attestation is refundable now', async () => {
    const plan = await intentWith(intentOriginSettlerStatus.Open).planRefund(record)
    expect('transaction' in plan).toBe(true)
  })

  it.each([
    ['already refunded (from another tab, or by anyone after it expired)', intentOriginSettlerStatus.Refunded],
    ['claimed by the solver after its fill', intentOriginSettlerStatus.Claimed],
  ])('offers no refund for an escrow %s, though the attesters still sign', async (_name, status) => {
    await expect(intentWith(status).planRefund(record)).rejects.toBeInstanceOf(NothingToRefundError)
  })
})

describe('escrow track: a deposit the origin no longer holds (its block reorganised away)', () => {
  it('is not called refundable ("safe in escrow") past the deadline, and says why it waits', async () => {
    const deposited = { ...record, status: 'deposited' as const }
    // Destination: no fill, its head past the deadline; origin: `escrows(id)` answers the empty struct.
    const clientsDestination = {
      getBlock: async () => ({ number: 100n, timestamp: BigInt(NOW) }),
      getLogs: async () => [],
    }
    const manifest = devnetManifest()
    const clients = new Map<number, unknown>([
      [A, originClient(intentOriginSettlerStatus.None)],
      [B, clientsDestination],
    ]) as unknown as ChainClients
    const tracked = createIntentProvider({ manifest, clients })
    if (!tracked) throw new Error('no intent provider')
    const event = await tracked.track(deposited)
    expect(event).toEqual({ type: 'pending', statusDetail: 'DEPOSIT_NOT_ON_CHAIN' })
    // A node behind the deposit's block (the receipt came from another) says nothing of a reorganisation.
    const behind = new Map<number, unknown>([
      [A, originClient(intentOriginSettlerStatus.None, 0n)],
      [B, clientsDestination],
    ]) as unknown as ChainClients
    const lagging = createIntentProvider({ manifest, clients: behind })
    const seen = await lagging?.track({ ...deposited, data: { ...deposited.data, originBlock: '50' } })
    expect(seen).toEqual({ type: 'pending' })
  })
})

describe('escrow track: the destination chain’s clock', () => {
  it('tells the client’s chain clock what time the destination’s latest block says', async () => {
    const clock = createChainClock(() => NOW * 1000)
    const manifest = devnetManifest()
    // This device is 15 minutes fast: B's latest block is 15 minutes behind it.
    const destination = {
      getBlock: async () => ({ number: 100n, timestamp: BigInt(NOW - 900) }),
      getLogs: async () => [],
    }
    const clients = new Map<number, unknown>([
      [A, originClient(intentOriginSettlerStatus.Open)],
      [B, destination],
    ]) as unknown as ChainClients
    const provider = createIntentProvider({ manifest, clients, clock })
    await provider?.track({ ...record, status: 'deposited' })
    expect(clock.offset(B)).toBe(-900)
  })
})
