import { type Address, type Hex, HttpRequestError, TransactionReceiptNotFoundError } from 'viem'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  acrossFixtures,
  FIXTURE_ACCOUNT,
  FIXTURE_DEPOSIT_TX,
  FIXTURE_FILL_TX,
  lifiFixtures,
} from '../../test/fixtures/index.ts'
import {
  ARBITRUM_SPOKE_POOL,
  fundsDepositedLog,
  namingOrder,
  relayErc20DepositLog,
} from '../../test/support/bridgeLogs.ts'
import { baseWithDeliveries, type CannedDelivery } from '../../test/support/lifiDelivery.ts'
import {
  arbitrumRoutes,
  FIXTURE_RELAY_ORDER_ID,
  filledRelayLog,
  type ProductionTestbed,
  startProductionTestbed,
} from '../../test/support/productionTestbed.ts'
import { type CannedLog, type ReplayRoutes, transferLog } from '../../test/support/replayServer.ts'
import { depositedSwap, TEST_USDC } from '../../test/support/swapRecords.ts'
import type { ChainClients } from '../chains/chainClients.ts'
import { ChainUnreachableError } from '../errors/unreachableErrors.ts'
import { applySwapEvent } from '../records/swapMachine.ts'
import type { DepositedSwap, SwapRecord } from '../records/types.ts'
import { confirmDelivery, confirmRefund, type DELIVERY_STATUS_WORDING, depositOnChain } from './deliveryCheck.ts'
import { RELAY_DEPOSITORY } from './relay/relayConfig.ts'
import { relayFixtures } from './relay/relayFixtures.ts'

/**
 * A provider's "delivered" or "refunded" that names this very deposit and the right chains counts only once a chain
 * shows it for this swap: the asked token (or native coin) paid to the recipient, at least the swap's minimum, the
 * amount shown being the chain's; a refund paid back to the sender. Each provider (LI.FI, Across, Relay) is asked
 * through the production testbed; the checks themselves are also read against chains made up here.
 */
let bed: ProductionTestbed
const BASE_USDC: Address = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'
const OTHER: Address = '0x000000000000000000000000000000000000dEaD'
/** A Base transaction that is not this swap's fill. */
const UNRELATED = `0x${'a1'.repeat(32)}` as Hex
/** A refund transaction that neither chain knows. */
const NO_SUCH_REFUND = `0x${'3d'.repeat(32)}` as Hex
/** After the fixtures' deposit (DEPOSIT_BLOCK.timestamp 1_735_689_601). */
const LATER = 1_735_689_700

beforeAll(async () => {
  bed = await startProductionTestbed({ timeoutMs: 3_000 })
})
afterAll(() => bed.close())
beforeEach(() => {
  bed.server.setRoutes({ '/v1/status': { body: lifiFixtures.statusPending } })
})

type ProviderId = 'lifi' | 'across' | 'relay'

/** Each provider's "delivered, by `hash`" about the fixtures' deposit (Arbitrum → Base), from its real fixture. */
const deliveredBy = (providerId: ProviderId, hash: Hex, lifiReceiving: object = {}): ReplayRoutes => {
  switch (providerId) {
    case 'lifi': {
      const done = lifiFixtures.statusDone
      return { '/v1/status': { body: { ...done, receiving: { ...done.receiving, txHash: hash, ...lifiReceiving } } } }
    }
    case 'across':
      return {
        '/api/deposit/status': { body: { ...acrossFixtures.statusFilled, fillTx: hash, fillTxnRef: hash } },
      }
    case 'relay':
      return {
        '/relay/intents/status/v3': {
          body: { ...relayFixtures.status.success, inTxHashes: [FIXTURE_DEPOSIT_TX], txHashes: [hash] },
        },
      }
  }
}

/** Each provider's "refunded" about the fixtures' deposit, naming a refund transaction no chain has. */
const refundedBy = (providerId: ProviderId): ReplayRoutes => {
  switch (providerId) {
    case 'lifi': {
      const refunded = lifiFixtures.statusRefunded
      return { '/v1/status': { body: { ...refunded, receiving: { ...refunded.receiving, txHash: NO_SUCH_REFUND } } } }
    }
    case 'across':
      return {
        '/api/deposit/status': {
          body: {
            ...acrossFixtures.statusRefunded,
            depositRefundTxHash: NO_SUCH_REFUND,
            depositRefundTxnRef: NO_SUCH_REFUND,
          },
        },
      }
    case 'relay':
      return {
        '/relay/intents/status/v3': {
          body: { ...relayFixtures.status.refund, inTxHashes: [FIXTURE_DEPOSIT_TX], txHashes: [NO_SUCH_REFUND] },
        },
      }
  }
}

/** One look by the provider at `record`, its event applied. */
async function look(providerId: ProviderId, record: DepositedSwap = bed.depositedRecord(providerId)) {
  const provider = bed.providers.get(providerId)
  if (!provider) throw new Error(`no ${providerId}`)
  const event = await provider.track(record)
  return { event, record: applySwapEvent(record, event) as SwapRecord }
}

const PROVIDERS: ProviderId[] = ['lifi', 'across', 'relay']

describe('a "delivered" counts only for the asked token, at least the minimum, paid to the recipient', () => {
  it.each(PROVIDERS)(
    '%s: a "delivered" whose Base transaction paid the recipient 0.000001 USDC (not this fill) stays Swapping',
    async (providerId) => {
      // Base shows one successful transaction that moved 1 base unit of USDC to the person: a dust transfer, or any
      // other payment to them. Not the ~99.5 USDC or more this swap's minimum says.
      const dust: CannedDelivery = {
        hash: UNRELATED,
        token: BASE_USDC,
        to: FIXTURE_ACCOUNT,
        amount: 1n,
        timestamp: LATER,
      }
      bed.server.setRoutes({ ...baseWithDeliveries([dust]), ...deliveredBy(providerId, UNRELATED) })
      const { record } = await look(providerId)
      expect(record).toMatchObject({ status: 'deposited', statusDetail: 'DELIVERY_BELOW_MINIMUM' })
    },
  )

  it.each(PROVIDERS)(
    '%s: a native-coin swap is not Completed by a Base transaction that pays someone else',
    async (providerId) => {
      // The Base transaction moves USDC to someone else and nothing at all to the recipient.
      const elsewhere: CannedDelivery = { hash: UNRELATED, token: BASE_USDC, to: OTHER, amount: 5n, timestamp: LATER }
      const eth = bed.token(8453, 'native')
      const record: DepositedSwap = {
        ...bed.depositedRecord(providerId),
        destination: { token: eth, estimatedAmount: '30000000000000000', minAmount: '30000000000000000' },
      }
      const lifiEth = {
        token: { address: '0x0000000000000000000000000000000000000000', chainId: 8453, symbol: 'ETH', decimals: 18 },
        amount: '30000000000000000',
      }
      bed.server.setRoutes({ ...baseWithDeliveries([elsewhere]), ...deliveredBy(providerId, UNRELATED, lifiEth) })
      const { record: after } = await look(providerId, record)
      expect(after).toMatchObject({ status: 'deposited', statusDetail: 'DELIVERY_NOT_PROVEN' })
    },
  )

  it.each(PROVIDERS)('%s: the received amount shown is what Base shows was paid, not the API’s', async (providerId) => {
    // Base's fill paid 99_976_623; LI.FI says 150 USDC arrived (Across and Relay say the quoted output).
    const fill: CannedDelivery = {
      hash: UNRELATED,
      token: BASE_USDC,
      to: FIXTURE_ACCOUNT,
      amount: 99_976_623n,
      timestamp: LATER,
    }
    bed.server.setRoutes({
      ...baseWithDeliveries([fill]),
      ...deliveredBy(providerId, UNRELATED, { amount: '150000000' }),
    })
    const { record } = await look(providerId)
    expect(record.status).toBe('completed')
    expect((record as Extract<SwapRecord, { status: 'completed' }>).destination.receivedAmount).toBe('99976623')
  })

  it('lifi: a DONE/COMPLETED naming another token is not Completed by a transfer of that token', async () => {
    // LI.FI names a token of its choosing (substatus COMPLETED, not PARTIAL); Base shows that token sent to the person.
    const SPAM: Address = '0x000000000000000000000000000000000000c0De'
    const spam: CannedDelivery = {
      hash: UNRELATED,
      token: SPAM,
      to: FIXTURE_ACCOUNT,
      amount: 99_964_120n,
      timestamp: LATER,
    }
    const spamToken = { address: SPAM, chainId: 8453, symbol: 'USDC', decimals: 6 }
    bed.server.setRoutes({ ...baseWithDeliveries([spam]), ...deliveredBy('lifi', UNRELATED, { token: spamToken }) })
    const { record } = await look('lifi')
    // The asked USDC never arrived; a token the person did not ask for is not this swap's delivery.
    expect(record).toMatchObject({ status: 'deposited', statusDetail: 'DELIVERY_OTHER_TOKEN' })
  })
})

describe('a "refunded" is final only once a chain shows the refund', () => {
  it.each(PROVIDERS)(
    '%s: a refund naming this deposit, its refund transaction on no chain, is not final',
    async (providerId) => {
      bed.server.setRoutes(refundedBy(providerId))
      const { record } = await look(providerId)
      // No chain shows a refund: still being refunded by the provider, and followed on.
      expect(record).toMatchObject({ status: 'providerRefunding', statusDetail: 'REFUND_NOT_ON_CHAIN' })
    },
  )

  it('relay: a refund no chain shows, then the real fill on Base, is Completed', async () => {
    bed.server.setRoutes(refundedBy('relay'))
    const { record: refunding } = await look('relay')
    expect(refunding.status).toBe('providerRefunding')
    // The real fill of this deposit (Base knows it: 99_976_623 USDC to the person) is reported next.
    bed.server.setRoutes({
      ...baseWithDeliveries([
        { hash: FIXTURE_FILL_TX, token: BASE_USDC, to: FIXTURE_ACCOUNT, amount: 99_976_623n, timestamp: LATER },
      ]),
      ...deliveredBy('relay', FIXTURE_FILL_TX),
    })
    const event = await bed.relay.track(refunding as DepositedSwap)
    expect(event.type).toBe('delivered')
    expect(applySwapEvent(refunding, event).status).toBe('completed')
  })
})

describe('a "delivered" or "refunded" counts only when bound to this very deposit (issue #52)', () => {
  it.each(PROVIDERS)(
    '%s: a "delivered" whose Base transaction pays the recipient in full, but is no fill of this deposit, stays Swapping',
    async (providerId) => {
      // Base shows a successful payment of the whole amount to the person (an earlier transfer of theirs, someone
      // else's swap): no Across fill naming this deposit, no Relay order in its calldata.
      const payment: CannedDelivery = {
        hash: UNRELATED,
        token: BASE_USDC,
        to: FIXTURE_ACCOUNT,
        amount: 99_976_623n,
        timestamp: LATER,
        unbound: true,
      }
      bed.server.setRoutes({ ...baseWithDeliveries([payment]), ...deliveredBy(providerId, UNRELATED) })
      const { record } = await look(providerId)
      expect(record).toMatchObject({ status: 'deposited', statusDetail: 'DELIVERY_NOT_ON_CHAIN' })
    },
  )

  it.each(PROVIDERS)(
    '%s: a "refunded" whose Arbitrum transaction pays back one unit of USDC, even from the SpokePool and naming the order, is not final',
    async (providerId) => {
      const dust = { amount: 1n, from: ARBITRUM_SPOKE_POOL, input: namingOrder(FIXTURE_RELAY_ORDER_ID) }
      bed.server.setRoutes({ ...arbitrumRoutes(undefined, { [NO_SUCH_REFUND]: dust }), ...refundedBy(providerId) })
      const { record } = await look(providerId)
      expect(record).toMatchObject({ status: 'providerRefunding', statusDetail: 'REFUND_NOT_ON_CHAIN' })
    },
  )

  it.each(PROVIDERS)(
    '%s: a "refunded" paying back the whole deposit from a contract that is not the provider’s, naming no order, is not final',
    async (providerId) => {
      const stranger = { amount: 100_000_000n, from: OTHER }
      bed.server.setRoutes({ ...arbitrumRoutes(undefined, { [NO_SUCH_REFUND]: stranger }), ...refundedBy(providerId) })
      const { record } = await look(providerId)
      expect(record).toMatchObject({ status: 'providerRefunding', statusDetail: 'REFUND_NOT_ON_CHAIN' })
    },
  )

  it.each(PROVIDERS)('%s: the provider’s own refund of the deposit is final', async (providerId) => {
    // Across's SpokePool pays back what was deposited into it (LI.FI's deposit went through it); Relay's solver pays
    // back the deposit less the fee it quoted, naming the order.
    const refund = { amount: 100_000_000n, from: ARBITRUM_SPOKE_POOL, input: namingOrder(FIXTURE_RELAY_ORDER_ID) }
    bed.server.setRoutes({ ...arbitrumRoutes(undefined, { [NO_SUCH_REFUND]: refund }), ...refundedBy(providerId) })
    const { record } = await look(providerId)
    expect(record.status).toBe('refunded')
  })
})

// The checks read against chains made up here (viem's answers as the public client gives them).

const BASE = 8453
const ARBITRUM = 42161
const USDC_ARBITRUM: Address = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831'
const SPOKE_POOL: Address = '0x09aea4b2242abC8bb4BB78D537A67a245A7bEC64'
const WETH: Address = '0x4200000000000000000000000000000000000006'
const TX = `0x${'f1'.repeat(32)}` as Hex
const ETH = {
  chainId: BASE,
  address: '0x0000000000000000000000000000000000000000' as Address,
  symbol: 'ETH',
  decimals: 18,
}

const usdcRecord = depositedSwap({
  providerId: 'lifi',
  providerName: 'LI.FI',
  owner: FIXTURE_ACCOUNT,
  recipient: FIXTURE_ACCOUNT,
  origin: { token: { ...TEST_USDC, chainId: ARBITRUM, address: USDC_ARBITRUM }, amount: '100000000' },
  destination: {
    token: { ...TEST_USDC, chainId: BASE, address: BASE_USDC },
    estimatedAmount: '99000000',
    minAmount: '98000000',
  },
  depositTx: `0x${'22'.repeat(32)}`,
  depositedAt: 1_735_689_601,
})
const ethRecord: DepositedSwap = {
  ...usdcRecord,
  destination: {
    token: { ...ETH, kind: 'native' },
    estimatedAmount: '30000000000000000',
    minAmount: '29000000000000000',
  },
}

type CannedTransaction = {
  to: Address
  from?: Address
  value?: bigint
  success?: boolean
  logs?: { address: string; topics: string[]; data: string }[]
}

/** A chain that knows one transaction (`TX`), mined after the deposit. */
function chainWith(chainId: number, transaction: CannedTransaction | undefined) {
  return {
    chain: { id: chainId, name: chainId === BASE ? 'Base' : 'Arbitrum' },
    getTransactionReceipt: async ({ hash }: { hash: Hex }) => {
      if (!transaction || hash !== TX) throw new TransactionReceiptNotFoundError({ hash })
      return {
        transactionHash: TX,
        blockNumber: 7n,
        status: transaction.success === false ? 'reverted' : 'success',
        from: transaction.from ?? OTHER,
        to: transaction.to,
        logs: transaction.logs ?? [],
      }
    },
    getBlock: async () => ({ timestamp: BigInt(LATER) }),
    getTransaction: async () => ({ hash: TX, to: transaction?.to, value: transaction?.value ?? 0n }),
  }
}
const clientsOf = (chains: Record<number, unknown>) =>
  new Map(Object.entries(chains).map(([id, client]) => [Number(id), client])) as unknown as ChainClients

const delivered = { type: 'delivered', deliveryTx: TX } as const
const filler = { nativeFiller: { spokePool: SPOKE_POOL, wrappedNative: WETH } }

describe('confirmDelivery', () => {
  it('adds up the asked token paid to the recipient in the transaction, and shows that amount', async () => {
    const logs = [
      transferLog(BASE_USDC, OTHER, FIXTURE_ACCOUNT, 60_000_000n),
      transferLog(BASE_USDC, OTHER, FIXTURE_ACCOUNT, 39_000_000n),
      transferLog(BASE_USDC, OTHER, OTHER, 1_000_000_000n),
    ]
    const clients = clientsOf({ [BASE]: chainWith(BASE, { to: OTHER, logs }) })
    expect(await confirmDelivery(clients, usdcRecord, { ...delivered, receivedAmount: '150000000' })).toEqual({
      ...delivered,
      deliveredAt: LATER,
      receivedAmount: '99000000',
    })
  })

  it('keeps Swapping when the transaction is not on the destination chain, reverted, or paid too little', async () => {
    const none = clientsOf({ [BASE]: chainWith(BASE, undefined) })
    expect(await confirmDelivery(none, usdcRecord, delivered)).toEqual({
      type: 'pending',
      statusDetail: 'DELIVERY_NOT_ON_CHAIN',
    })
    const logs = [transferLog(BASE_USDC, OTHER, FIXTURE_ACCOUNT, 99_000_000n)]
    const reverted = clientsOf({ [BASE]: chainWith(BASE, { to: OTHER, logs, success: false }) })
    expect(await confirmDelivery(reverted, usdcRecord, delivered)).toMatchObject({
      statusDetail: 'DELIVERY_NOT_ON_CHAIN',
    })
    const short = clientsOf({
      [BASE]: chainWith(BASE, { to: OTHER, logs: [transferLog(BASE_USDC, OTHER, FIXTURE_ACCOUNT, 97_999_999n)] }),
    })
    expect(await confirmDelivery(short, usdcRecord, delivered)).toMatchObject({
      type: 'pending',
      statusDetail: 'DELIVERY_BELOW_MINIMUM',
    })
  })

  it('takes the native coin from a payment to the recipient of at least the minimum', async () => {
    const paid = clientsOf({ [BASE]: chainWith(BASE, { to: FIXTURE_ACCOUNT, value: 29_500_000_000_000_000n }) })
    expect(await confirmDelivery(paid, ethRecord, delivered)).toMatchObject({
      type: 'delivered',
      receivedAmount: '29500000000000000',
    })
    const short = clientsOf({ [BASE]: chainWith(BASE, { to: FIXTURE_ACCOUNT, value: 1n }) })
    expect(await confirmDelivery(short, ethRecord, delivered)).toMatchObject({ statusDetail: 'DELIVERY_BELOW_MINIMUM' })
  })

  it("takes the native coin from the SpokePool's fill event naming the recipient, not one another contract emits", async () => {
    const fill = filledRelayLog(FIXTURE_ACCOUNT, 29_900_000_000_000_000n)
    const filled = clientsOf({ [BASE]: chainWith(BASE, { to: SPOKE_POOL, logs: [fill] }) })
    expect(await confirmDelivery(filled, ethRecord, delivered, filler)).toMatchObject({
      type: 'delivered',
      receivedAmount: '29900000000000000',
    })
    // Without a SpokePool to read the fill of, it cannot be proven.
    expect(await confirmDelivery(filled, ethRecord, delivered)).toMatchObject({ statusDetail: 'DELIVERY_NOT_PROVEN' })
    // The same event from a contract of anyone's making, or the fill of someone else, proves nothing.
    const posing = filledRelayLog(FIXTURE_ACCOUNT, 29_900_000_000_000_000n, OTHER)
    const fake = clientsOf({ [BASE]: chainWith(BASE, { to: OTHER, logs: [posing] }) })
    expect(await confirmDelivery(fake, ethRecord, delivered, filler)).toMatchObject({
      statusDetail: 'DELIVERY_NOT_PROVEN',
    })
    const theirs = clientsOf({
      [BASE]: chainWith(BASE, { to: SPOKE_POOL, logs: [filledRelayLog(OTHER, 29_900_000_000_000_000n)] }),
    })
    expect(await confirmDelivery(theirs, ethRecord, delivered, filler)).toMatchObject({
      statusDetail: 'DELIVERY_NOT_PROVEN',
    })
  })

  it('takes the wrapped coin paid instead of the native coin asked (LI.FI PARTIAL), to the same minimum', async () => {
    const weth = { address: WETH, chainId: BASE, symbol: 'WETH', decimals: 18, kind: 'weth' as const }
    const partial = { ...delivered, token: weth }
    const paid = clientsOf({
      [BASE]: chainWith(BASE, {
        to: SPOKE_POOL,
        logs: [transferLog(WETH, SPOKE_POOL, FIXTURE_ACCOUNT, 29_500_000_000_000_000n)],
      }),
    })
    expect(await confirmDelivery(paid, ethRecord, partial, filler)).toMatchObject({
      type: 'delivered',
      token: weth,
      receivedAmount: '29500000000000000',
    })
    const short = clientsOf({
      [BASE]: chainWith(BASE, { to: SPOKE_POOL, logs: [transferLog(WETH, SPOKE_POOL, FIXTURE_ACCOUNT, 1n)] }),
    })
    expect(await confirmDelivery(short, ethRecord, partial, filler)).toMatchObject({
      statusDetail: 'DELIVERY_BELOW_MINIMUM',
    })
    // Any other token named instead, or no wrapped coin known for the chain: not checked, not Completed.
    const usdbc = { ...weth, address: OTHER, symbol: 'USDbC', decimals: 6 }
    expect(await confirmDelivery(paid, ethRecord, { ...delivered, token: usdbc }, filler)).toMatchObject({
      statusDetail: 'DELIVERY_OTHER_TOKEN',
    })
    expect(await confirmDelivery(paid, ethRecord, partial)).toMatchObject({ statusDetail: 'DELIVERY_OTHER_TOKEN' })
  })

  it('leaves every other event as it is', async () => {
    const clients = clientsOf({})
    expect(await confirmDelivery(clients, usdcRecord, { type: 'pending', statusDetail: 'x' })).toEqual({
      type: 'pending',
      statusDetail: 'x',
    })
  })
})

describe('a "delivered" checked on a destination chain that does not answer', () => {
  /** Base's RPC refuses every request (what viem's http transport throws then). */
  const downBase = {
    chain: { id: BASE, name: 'Base' },
    getTransactionReceipt: async () => {
      throw new HttpRequestError({ url: 'https://mainnet.base.org', status: 503, details: 'Service Unavailable' })
    },
    getBlock: async () => {
      throw new HttpRequestError({ url: 'https://mainnet.base.org', status: 503, details: 'Service Unavailable' })
    },
  }

  it('is not said to be missing from the chain; the chain that does not answer is named', async () => {
    const clients = clientsOf({ [BASE]: downBase })
    const outcome = await confirmDelivery(clients, usdcRecord, delivered).then(
      (event) => ({ event }),
      (error: unknown) => ({ error }),
    )
    expect('event' in outcome ? outcome.event : undefined).not.toMatchObject({
      statusDetail: 'DELIVERY_NOT_ON_CHAIN' satisfies keyof typeof DELIVERY_STATUS_WORDING,
    })
    expect('error' in outcome ? outcome.error : undefined).toBeInstanceOf(ChainUnreachableError)
    expect(outcome).toMatchObject({ error: { chainId: BASE, chainName: 'Base' } })
  })
})

describe('confirmRefund', () => {
  const refunded = { type: 'refunded', refundTx: TX, statusDetail: 'refund' } as const
  const notFinal = { type: 'providerRefunding', statusDetail: 'REFUND_NOT_ON_CHAIN' }
  /** The provider's contract that pays refunds here. */
  const byOther = { payers: () => [OTHER] }

  it('is final once the origin chain shows the paid token back in full with the sender, from the provider', async () => {
    const logs = [transferLog(USDC_ARBITRUM, OTHER, FIXTURE_ACCOUNT, 100_000_000n)]
    const clients = clientsOf({ [ARBITRUM]: chainWith(ARBITRUM, { to: OTHER, logs }) })
    expect(await confirmRefund(clients, usdcRecord, refunded, byOther)).toEqual(refunded)
    // With nobody named to pay it, no payment is the provider's.
    expect(await confirmRefund(clients, usdcRecord, refunded)).toEqual(notFinal)
  })

  it('is not final when the refund is on no chain, reverted, or paid someone else or another token', async () => {
    const cases: (CannedTransaction | undefined)[] = [
      undefined,
      { to: OTHER, success: false, logs: [transferLog(USDC_ARBITRUM, OTHER, FIXTURE_ACCOUNT, 100_000_000n)] },
      { to: OTHER, logs: [transferLog(USDC_ARBITRUM, OTHER, OTHER, 100_000_000n)] },
      { to: OTHER, logs: [transferLog(BASE_USDC, OTHER, FIXTURE_ACCOUNT, 100_000_000n)] },
    ]
    for (const transaction of cases) {
      const clients = clientsOf({ [ARBITRUM]: chainWith(ARBITRUM, transaction) })
      expect(await confirmRefund(clients, usdcRecord, refunded, byOther)).toEqual(notFinal)
    }
    expect(await confirmRefund(clientsOf({}), usdcRecord, { type: 'refunded' }, byOther)).toEqual(notFinal)
  })

  it('looks on the chains given, in order; a refund of the native coin may come back wrapped', async () => {
    const ethIn: DepositedSwap = {
      ...usdcRecord,
      origin: { token: { ...ETH, chainId: ARBITRUM, kind: 'native' }, amount: '1000000000000000000' },
    }
    const arbitrumWeth: Address = '0x82aF49447D8a07e3bd95BD0d56f35241523fBab1'
    const wrappedBack = transferLog(arbitrumWeth, OTHER, FIXTURE_ACCOUNT, 1_000_000_000_000_000_000n)
    const clients = clientsOf({ [ARBITRUM]: chainWith(ARBITRUM, { to: OTHER, logs: [wrappedBack] }) })
    expect(await confirmRefund(clients, ethIn, refunded, byOther)).toEqual(notFinal)
    expect(await confirmRefund(clients, ethIn, refunded, { ...byOther, wrappedNative: () => arbitrumWeth })).toEqual(
      refunded,
    )
    // Not on the origin, on the destination: the destination's token paid back there, at least the swap's minimum.
    const onBase = (amount: bigint) =>
      clientsOf({
        [ARBITRUM]: chainWith(ARBITRUM, undefined),
        [BASE]: chainWith(BASE, { to: OTHER, logs: [transferLog(BASE_USDC, OTHER, FIXTURE_ACCOUNT, amount)] }),
      })
    expect(await confirmRefund(onBase(98_000_000n), usdcRecord, refunded, byOther)).toEqual(notFinal)
    const bothChains = { ...byOther, chainIds: [ARBITRUM, BASE] }
    expect(await confirmRefund(onBase(98_000_000n), usdcRecord, refunded, bothChains)).toEqual(refunded)
    expect(await confirmRefund(onBase(97_999_999n), usdcRecord, refunded, bothChains)).toEqual(notFinal)
  })
})

describe('depositOnChain', () => {
  const deposit = { chainId: ARBITRUM, hash: TX, owner: FIXTURE_ACCOUNT, contracts: [SPOKE_POOL] }

  it('is a successful transaction from the owner to one of the contracts', async () => {
    const shown = (transaction: CannedTransaction | undefined) =>
      depositOnChain(clientsOf({ [ARBITRUM]: chainWith(ARBITRUM, transaction) }), deposit)
    expect(await shown({ to: SPOKE_POOL, from: FIXTURE_ACCOUNT })).toBe(true)
    expect(await shown(undefined)).toBe(false)
    expect(await shown({ to: SPOKE_POOL, from: FIXTURE_ACCOUNT, success: false })).toBe(false)
    expect(await shown({ to: SPOKE_POOL, from: OTHER })).toBe(false)
    expect(await shown({ to: OTHER, from: FIXTURE_ACCOUNT })).toBe(false)
  })

  it('names the origin chain that does not answer', async () => {
    const down = {
      chain: { id: ARBITRUM, name: 'Arbitrum' },
      getTransactionReceipt: async () => {
        throw new HttpRequestError({ url: 'https://arb1.arbitrum.io/rpc', status: 502 })
      },
    }
    await expect(depositOnChain(clientsOf({ [ARBITRUM]: down }), deposit)).rejects.toBeInstanceOf(ChainUnreachableError)
  })
})

describe('bound to the deposit: its Across id, its Relay order, the provider’s contract, the amount due', () => {
  const DEPOSIT = usdcRecord.depositTx
  const ORDER = `0x${'0e'.repeat(32)}` as Hex
  const REQUEST = `0x${'0f'.repeat(32)}` as Hex
  const DEPOSIT_ID = 7n
  const BEFORE = 1_735_689_000
  type Known = CannedTransaction & { input?: Hex; time?: number }

  /** A chain that knows these transactions (each in its own block, at its time: `LATER` unless given). */
  function chainKnowing(chainId: number, known: Record<Hex, Known>) {
    const entries = Object.entries(known) as [Hex, Known][]
    const find = (hash: Hex) => entries.findIndex(([known]) => known === hash)
    return {
      chain: { id: chainId, name: chainId === BASE ? 'Base' : 'Arbitrum' },
      getTransactionReceipt: async ({ hash }: { hash: Hex }) => {
        const index = find(hash)
        const transaction = entries[index]?.[1]
        if (!transaction) throw new TransactionReceiptNotFoundError({ hash })
        return {
          transactionHash: hash,
          blockNumber: BigInt(100 + index),
          status: transaction.success === false ? 'reverted' : 'success',
          from: transaction.from ?? OTHER,
          to: transaction.to,
          logs: transaction.logs ?? [],
        }
      },
      getBlock: async ({ blockNumber }: { blockNumber: bigint }) => ({
        timestamp: BigInt(entries[Number(blockNumber) - 100]?.[1].time ?? LATER),
      }),
      getTransaction: async ({ hash }: { hash: Hex }) => {
        const transaction = entries[find(hash)]?.[1]
        return { hash, to: transaction?.to, value: transaction?.value ?? 0n, input: transaction?.input ?? '0x' }
      },
    }
  }

  const acrossDeposit = (
    overrides: { depositId?: bigint; inputAmount?: bigint; spokePool?: Address; recipient?: Address } = {},
  ) =>
    fundsDepositedLog({
      depositId: overrides.depositId ?? DEPOSIT_ID,
      destinationChainId: BASE,
      inputToken: USDC_ARBITRUM,
      inputAmount: overrides.inputAmount ?? 100_000_000n,
      outputToken: BASE_USDC,
      outputAmount: 99_000_000n,
      depositor: FIXTURE_ACCOUNT,
      recipient: overrides.recipient ?? FIXTURE_ACCOUNT,
      ...(overrides.spokePool ? { spokePool: overrides.spokePool } : {}),
    })
  const acrossFill = (
    fill: { depositId?: bigint; originChainId?: number; to?: Address; amount?: bigint; pool?: Address } = {},
  ): CannedLog[] => [
    transferLog(BASE_USDC, OTHER, fill.to ?? FIXTURE_ACCOUNT, fill.amount ?? 99_000_000n),
    filledRelayLog(fill.to ?? FIXTURE_ACCOUNT, fill.amount ?? 99_000_000n, fill.pool ?? SPOKE_POOL, {
      depositId: fill.depositId ?? DEPOSIT_ID,
      originChainId: fill.originChainId ?? ARBITRUM,
      outputToken: BASE_USDC,
    }),
  ]
  const across = {
    binding: {
      kind: 'across',
      spokePool: (chainId: number) => ({ [ARBITRUM]: ARBITRUM_SPOKE_POOL, [BASE]: SPOKE_POOL })[chainId],
    },
  } as const
  const relay = { binding: { kind: 'relay', depositories: [RELAY_DEPOSITORY], requestId: REQUEST } } as const
  const relayRecord: DepositedSwap = { ...usdcRecord, providerId: 'relay', data: { requestId: REQUEST } }
  const relayDeposit = (id: Hex = ORDER, depository: Address = RELAY_DEPOSITORY) =>
    relayErc20DepositLog(depository, { from: FIXTURE_ACCOUNT, token: USDC_ARBITRUM, amount: 100_000_000n, id })

  /** Arbitrum holding the deposit (with `depositLogs`) and, when given, a refund; Base holding the delivery. */
  const chains = (depositLogs: CannedLog[], delivery?: Known, refund?: Known, depositTime = 1_735_689_601) =>
    clientsOf({
      [ARBITRUM]: chainKnowing(ARBITRUM, {
        [DEPOSIT]: { to: ARBITRUM_SPOKE_POOL, from: FIXTURE_ACCOUNT, logs: depositLogs, time: depositTime },
        ...(refund ? { [TX]: refund } : {}),
      }),
      [BASE]: chainKnowing(BASE, delivery ? { [TX]: delivery } : {}),
    })

  it('Across: only the destination SpokePool’s fill naming this deposit’s id and origin chain is its delivery', async () => {
    const notThisFill: CannedLog[][] = [
      // A plain payment of the whole amount to the person.
      [transferLog(BASE_USDC, OTHER, FIXTURE_ACCOUNT, 99_000_000n)],
      // The fill of another deposit, of another origin chain, or an event of a contract posing as the SpokePool.
      acrossFill({ depositId: 8n }),
      acrossFill({ originChainId: 10 }),
      acrossFill({ pool: OTHER }),
    ]
    for (const logs of notThisFill) {
      const clients = chains([acrossDeposit()], { to: SPOKE_POOL, logs })
      expect(await confirmDelivery(clients, usdcRecord, delivered, across)).toEqual({
        type: 'pending',
        statusDetail: 'DELIVERY_NOT_ON_CHAIN',
      })
    }
    // This deposit's fill, paying someone else: nothing reached the recipient.
    const theirs = chains([acrossDeposit()], { to: SPOKE_POOL, logs: acrossFill({ to: OTHER }) })
    expect(await confirmDelivery(theirs, usdcRecord, delivered, across)).toMatchObject({
      statusDetail: 'DELIVERY_NOT_ON_CHAIN',
    })
    const short = chains([acrossDeposit()], { to: SPOKE_POOL, logs: acrossFill({ amount: 97_999_999n }) })
    expect(await confirmDelivery(short, usdcRecord, delivered, across)).toMatchObject({
      statusDetail: 'DELIVERY_BELOW_MINIMUM',
    })
    const filled = chains([acrossDeposit()], { to: SPOKE_POOL, logs: acrossFill() })
    expect(await confirmDelivery(filled, usdcRecord, delivered, across)).toEqual({
      ...delivered,
      deliveredAt: LATER,
      receivedAmount: '99000000',
    })
  })

  it('Across to a swapping receiver: its fill of this deposit, paying the recipient the asked token in the same transaction', async () => {
    // LI.FI's bridge then swap: Across pays LI.FI's receiver, whose swap pays the person in the fill's transaction.
    const RECEIVER: Address = '0x33b255b5db44A78c34381f89f1a454bc0Ef49871'
    const EXECUTOR: Address = '0x4DaC9d1769b9b304cb04741DCDEb2FC14aBdF110'
    const swapping = { binding: { ...across.binding, swapReceiver: () => RECEIVER } } as const
    const deposit = [acrossDeposit({ recipient: RECEIVER })]
    const fill = (depositId = DEPOSIT_ID) =>
      filledRelayLog(RECEIVER, 99_000_000n, SPOKE_POOL, { depositId, originChainId: ARBITRUM, outputToken: BASE_USDC })
    const paid = transferLog(BASE_USDC, EXECUTOR, FIXTURE_ACCOUNT, 98_500_000n)
    const notDelivered: CannedLog[][] = [
      // The fill reached the receiver, the swap paid no one (or the fill was another deposit's).
      [fill()],
      [fill(8n), paid],
      // A payment to the person with no fill at all.
      [paid],
    ]
    for (const logs of notDelivered) {
      expect(await confirmDelivery(chains(deposit, { to: SPOKE_POOL, logs }), usdcRecord, delivered, swapping)).toEqual(
        { type: 'pending', statusDetail: 'DELIVERY_NOT_ON_CHAIN' },
      )
    }
    const both = chains(deposit, { to: SPOKE_POOL, logs: [fill(), paid] })
    expect(await confirmDelivery(both, usdcRecord, delivered, swapping)).toEqual({
      ...delivered,
      deliveredAt: LATER,
      receivedAmount: '98500000',
    })
    // Without the receiver named, a fill to a contract is no delivery to the person.
    expect(await confirmDelivery(both, usdcRecord, delivered, across)).toMatchObject({
      statusDetail: 'DELIVERY_NOT_ON_CHAIN',
    })
  })

  it('Across: the deposit id is the origin SpokePool’s; a deposit that shows none has no fill (LI.FI’s other bridges: as before)', async () => {
    const fill = { to: SPOKE_POOL, logs: acrossFill() } as const
    // The deposit receipt shows no Across deposit, or one logged by another contract than the origin SpokePool.
    for (const logs of [[], [acrossDeposit({ spokePool: OTHER })]]) {
      expect(await confirmDelivery(chains(logs, fill), usdcRecord, delivered, across)).toMatchObject({
        statusDetail: 'DELIVERY_NOT_ON_CHAIN',
      })
      // LI.FI's deposit through another bridge than Across: nothing of Across to bind to, the payment is checked.
      const lifi = { binding: { ...across.binding, optional: true } } as const
      expect(await confirmDelivery(chains(logs, fill), usdcRecord, delivered, lifi)).toMatchObject({
        type: 'delivered',
        receivedAmount: '99000000',
      })
    }
  })

  it('Relay: only a payment whose calldata ends with this order’s id (or its request id) is its fill', async () => {
    const payment = (input: Hex): Known => ({
      to: BASE_USDC,
      input,
      logs: [transferLog(BASE_USDC, OTHER, FIXTURE_ACCOUNT, 99_000_000n)],
    })
    for (const input of ['0x', namingOrder(`0x${'1e'.repeat(32)}`), `${namingOrder(ORDER)}00`] as Hex[]) {
      expect(await confirmDelivery(chains([relayDeposit()], payment(input)), relayRecord, delivered, relay)).toEqual({
        type: 'pending',
        statusDetail: 'DELIVERY_NOT_ON_CHAIN',
      })
    }
    // An order id logged by another contract than Relay's depository is not this deposit's.
    const posing = chains([relayDeposit(ORDER, OTHER)], payment(namingOrder(ORDER)))
    expect(await confirmDelivery(posing, relayRecord, delivered, relay)).toMatchObject({
      statusDetail: 'DELIVERY_NOT_ON_CHAIN',
    })
    for (const input of [namingOrder(ORDER, '0xa9059cbb'), namingOrder(REQUEST)]) {
      expect(await confirmDelivery(chains([relayDeposit()], payment(input)), relayRecord, delivered, relay)).toEqual({
        ...delivered,
        deliveredAt: LATER,
        receivedAmount: '99000000',
      })
    }
  })

  it('a restored request without a time is not completed by a payment older than its deposit’s block', async () => {
    const timeless: DepositedSwap = { ...relayRecord, depositedAt: 0 }
    const old = {
      to: BASE_USDC,
      input: namingOrder(ORDER),
      logs: [transferLog(BASE_USDC, OTHER, FIXTURE_ACCOUNT, 99_000_000n)],
      time: BEFORE,
    }
    // The deposit was mined at 1_735_689_601, the payment ten minutes before it.
    expect(await confirmDelivery(chains([relayDeposit()], old), timeless, delivered, relay)).toMatchObject({
      statusDetail: 'DELIVERY_NOT_ON_CHAIN',
    })
    // With no time and no deposit the chain shows, no payment counts.
    const nowhere = clientsOf({ [ARBITRUM]: chainKnowing(ARBITRUM, {}), [BASE]: chainKnowing(BASE, { [TX]: old }) })
    expect(await confirmDelivery(nowhere, timeless, delivered, relay)).toMatchObject({
      statusDetail: 'DELIVERY_NOT_ON_CHAIN',
    })
  })

  const refunded = { type: 'refunded', refundTx: TX, statusDetail: 'refund' } as const
  const notFinal = { type: 'providerRefunding', statusDetail: 'REFUND_NOT_ON_CHAIN' }
  const refund = (from: Address, amount: bigint, input: Hex = '0x') => ({
    to: USDC_ARBITRUM,
    input,
    logs: [transferLog(USDC_ARBITRUM, from, FIXTURE_ACCOUNT, amount)],
  })

  it('Across: a refund is the origin SpokePool paying back at least what the deposit put in', async () => {
    const deposit = [acrossDeposit({ inputAmount: 99_975_000n })]
    for (const [from, amount] of [
      [ARBITRUM_SPOKE_POOL, 1n],
      [ARBITRUM_SPOKE_POOL, 99_974_999n],
      [OTHER, 100_000_000n],
    ] as const) {
      const clients = chains(deposit, undefined, refund(from, amount))
      expect(await confirmRefund(clients, usdcRecord, refunded, across)).toEqual(notFinal)
    }
    const paidBack = chains(deposit, undefined, refund(ARBITRUM_SPOKE_POOL, 99_975_000n))
    expect(await confirmRefund(paidBack, usdcRecord, refunded, across)).toEqual(refunded)
    // Without the deposit's log: at least the swap's whole amount.
    const unlogged = chains([], undefined, refund(ARBITRUM_SPOKE_POOL, 99_975_000n))
    expect(await confirmRefund(unlogged, usdcRecord, refunded, across)).toEqual(notFinal)
  })

  it('Relay: a refund names the order (or comes from its depository), and pays back the deposit less the fee Relay quoted', async () => {
    const charged: DepositedSwap = {
      ...relayRecord,
      fees: [{ label: 'Relayer fee', token: usdcRecord.origin.token, amount: '29721' }],
    }
    for (const transaction of [
      refund(OTHER, 1n, namingOrder(ORDER)),
      refund(OTHER, 99_970_278n, namingOrder(ORDER)),
      refund(OTHER, 100_000_000n),
      refund(OTHER, 100_000_000n, namingOrder(`0x${'1e'.repeat(32)}`)),
    ]) {
      const clients = chains([relayDeposit()], undefined, transaction)
      expect(await confirmRefund(clients, charged, refunded, relay)).toEqual(notFinal)
    }
    for (const transaction of [refund(OTHER, 99_970_279n, namingOrder(ORDER)), refund(RELAY_DEPOSITORY, 99_970_279n)]) {
      const clients = chains([relayDeposit()], undefined, transaction)
      expect(await confirmRefund(clients, charged, refunded, relay)).toEqual(refunded)
    }
  })

  it('without a binding, a refund is one of the provider’s contracts paying back the deposit less the fees it took', async () => {
    const lifi = {
      payers: () => [usdcRecord.depositAddress],
      binding: { ...across.binding, optional: true },
    } as const
    const charged: DepositedSwap = {
      ...usdcRecord,
      fees: [
        { label: 'LIFI Fixed Fee', token: usdcRecord.origin.token, amount: '25000' },
        { label: 'Gas', token: { ...ETH, chainId: ARBITRUM, kind: 'native' }, amount: '1000', paidBy: 'sender' },
      ],
    }
    for (const transaction of [
      refund(usdcRecord.depositAddress, 1n),
      refund(usdcRecord.depositAddress, 99_974_999n),
      refund(OTHER, 100_000_000n),
    ]) {
      expect(await confirmRefund(chains([], undefined, transaction), charged, refunded, lifi)).toEqual(notFinal)
    }
    const paidBack = chains([], undefined, refund(usdcRecord.depositAddress, 99_975_000n))
    expect(await confirmRefund(paidBack, charged, refunded, lifi)).toEqual(refunded)
  })
})
