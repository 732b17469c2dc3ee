import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { type Address, getAddress, type Hex } from 'viem'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { ZodType } from 'zod'
import {
  cannedBlock,
  cannedReceipt,
  cannedTransaction,
  jsonRpcHandler,
  type ReplayServer,
  startReplayServer,
  transferLog,
} from '../../../test/support/replayServer.ts'
import { restoreWith } from '../../../test/support/restoreWith.ts'
import { depositedSwap } from '../../../test/support/swapRecords.ts'
import { createChainClients } from '../../chains/chainClients.ts'
import { ProductionConfigError } from '../../config/envValues.ts'
import { type Manifest, NATIVE_TOKEN_ADDRESS } from '../../config/manifest.ts'
import { UnknownContractError } from '../../errors/walletErrors.ts'
import type { TrackedSwap } from '../../records/types.ts'
import {
  InvalidQuoteError,
  InvalidResponseError,
  RefundByProviderError,
  RouteUnavailableError,
} from '../../routes/routeErrors.ts'
import type { QuoteRequest, Route, TokenRef } from '../../routes/types.ts'
import { productionManifest } from '../../setup/production.ts'
import type { RouteProvider } from '../types.ts'
import { generateQuoteFixture } from './fixtures/generateQuoteFixtures.ts'
import { RELAY_DEFAULTS } from './production.ts'
import { RELAY_CONTRACTS } from './relayConfig.ts'
import { RELAY_FIXTURE_SOURCES, relayFixtures } from './relayFixtures.ts'
import { createRelayProvider } from './relayProvider.ts'
import {
  relayErrorSchema,
  relayQuoteSchema,
  relayRequestSchema,
  relayRequestsSchema,
  relayStatusSchema,
} from './relaySchemas.ts'

const ACCOUNT: Address = '0x8ba1f109551bD432803012645Ac136ddd64DBA72'
const DEPOSITORY = getAddress('0x4cd00e387622c35bddb9b4c962c136462338bc31')
const OTHER_CONTRACT = '0x000000000000000000000000000000000000dEaD'
const SOLVER = '0xf70da97812CB96acDF810712Aa562db8dfA3dbEF'
const ARBITRUM = 42161
const BASE = 8453
const quote = relayFixtures.quoteUsdc

let server: ReplayServer
let manifest: Manifest
let relay: RouteProvider

const token = (chainId: number, kind: TokenRef['kind']): TokenRef => {
  const found = manifest.chains.find((chain) => chain.id === chainId)?.tokens.find((t) => t.kind === kind)
  if (!found) throw new Error(`no ${kind} on ${chainId}`)
  return { chainId, address: found.address, symbol: found.symbol, decimals: found.decimals, kind }
}
const usdcRequest = (): QuoteRequest => ({
  origin: token(ARBITRUM, 'usdc'),
  destination: token(BASE, 'usdc'),
  amount: 100_000_000n,
  sender: ACCOUNT,
  recipient: ACCOUNT,
})
const lastRequest = (path: string) => server.requests.filter((request) => request.path === path).at(-1)
/** The JSON body of the last quote asked. */
const quoteBody = () => (lastRequest('/quote/v2')?.body ?? {}) as { slippageTolerance?: string; topupGas?: boolean }
/** The USDC quote with its deposit step changed. */
const withDeposit = (change: Record<string, unknown>) => ({
  ...quote,
  steps: [
    quote.steps[0],
    {
      ...quote.steps[1],
      items: [{ ...quote.steps[1]!.items[0], data: { ...quote.steps[1]!.items[0]!.data, ...change } }],
    },
  ],
})

/**
 * Relay's fills of the fixtures' swaps, on Base: each pays the account its USDC (status-success, requests-v3); and
 * Relay's refund the refund answers name (status-refund, requests-v3), there too: it pays the account USDC back. Each
 * ends its calldata with the request it is for (as Relay's solver names the order): the quote's, requests-v3's.
 */
const BASE_FILLS = [
  relayFixtures.status.success.txHashes[0],
  '0x9da7bc54dfe6229d6980fd62250d472f23dfe0f41a1cdc870c81a08b3445f254',
]
const BASE_REFUND = relayFixtures.status.refund.txHashes[0]
/** The refunded request of requests-v3 (50 USDC in, at least 49.970279 USDC out). */
const REFUNDED_REQUEST = '0x4909d9f25dc4171620514946b231a3706d59328644fa1967e3f8f8733d1009cd'
const NAMED_REQUEST: Record<string, string> = {
  [BASE_FILLS[0] as string]: quote.requestId,
  [BASE_FILLS[1] as string]: '0xddd6c1a0340e940b7be4f5a4be076df8b7ec7de7b18f9ec6efe4bfffd2f21cf6',
  [BASE_REFUND as string]: REFUNDED_REQUEST,
}
const FILL_BLOCK = 30_000_000n
/** The refund's block, after the refunded request's deposit (requests-v3: its outTxs timestamp). */
const REFUND_BLOCK = 30_027_400n
const BASE_USDC = '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913'
const baseRpc = jsonRpcHandler({
  eth_chainId: () => '0x2105',
  eth_getTransactionReceipt: ([hash]) => {
    if (hash === BASE_REFUND) {
      const logs = [transferLog(BASE_USDC, SOLVER, ACCOUNT, 49_970_279n)]
      return cannedReceipt(hash as string, REFUND_BLOCK, { to: BASE_USDC, from: SOLVER, logs })
    }
    return BASE_FILLS.includes(hash as string)
      ? cannedReceipt(hash as string, FILL_BLOCK, {
          to: BASE_USDC,
          from: SOLVER,
          logs: [transferLog(BASE_USDC, SOLVER, ACCOUNT, 99_970_279n)],
        })
      : null
  },
  eth_getTransactionByHash: ([hash]) => {
    const requestId = NAMED_REQUEST[hash as string]
    if (!requestId) return null
    const blockNumber = hash === BASE_REFUND ? REFUND_BLOCK : FILL_BLOCK
    const transfer = { from: SOLVER, to: BASE_USDC, nonce: 0, chainId: BASE, blockNumber, value: 0n }
    return cannedTransaction(hash as string, { ...transfer, input: `0xa9059cbb${requestId.slice(2)}` })
  },
  eth_getBlockByNumber: ([number]) =>
    number === `0x${FILL_BLOCK.toString(16)}`
      ? cannedBlock(FILL_BLOCK, 1_795_197_583)
      : number === `0x${REFUND_BLOCK.toString(16)}`
        ? cannedBlock(REFUND_BLOCK, 1_795_252_390)
        : null,
})
/** The deposits Relay's request list names, on Arbitrum: each sent by the account to the depository. */
const ARBITRUM_DEPOSITS = relayFixtures.requests.requests.flatMap(
  (entry) => entry.data?.inTxs.filter((sent) => sent.chainId === ARBITRUM).map((sent) => sent.txHash) ?? [],
)
const DEPOSIT_BLOCK = 400_000_000n
const arbitrumRpc = jsonRpcHandler({
  eth_chainId: () => '0xa4b1',
  eth_getTransactionReceipt: ([hash]) =>
    ARBITRUM_DEPOSITS.includes(hash as string)
      ? cannedReceipt(hash as string, DEPOSIT_BLOCK, { to: DEPOSITORY, from: ACCOUNT })
      : null,
  eth_getBlockByNumber: ([number]) =>
    number === `0x${DEPOSIT_BLOCK.toString(16)}` ? cannedBlock(DEPOSIT_BLOCK, 1_795_197_579) : null,
})

function startRelay(env: Record<string, string> = {}) {
  manifest = productionManifest({
    MULTIBRIDGE_RELAY_API_URL: server.url,
    MULTIBRIDGE_RPC_8453: `${server.url}/rpc/8453`,
    MULTIBRIDGE_RPC_42161: `${server.url}/rpc/42161`,
    ...env,
  })
  const provider = createRelayProvider({ manifest, clients: createChainClients(manifest) })
  if (!provider) throw new Error('no Relay provider')
  relay = provider
}

beforeAll(async () => {
  server = await startReplayServer({ routes: { 'POST /rpc/8453': baseRpc, 'POST /rpc/42161': arbitrumRpc } })
  startRelay()
})
afterAll(() => server.close())
beforeEach(() => {
  server.setRoutes({ 'POST /quote/v2': { body: quote } })
})

describe('Relay quotes', () => {
  it('asks POST /quote/v2 for the request, refunds to the sender, and turns the answer into a route', async () => {
    const route = (await relay.getQuote(usdcRequest())) as Route
    expect(lastRequest('/quote/v2')?.body).toEqual({
      user: ACCOUNT,
      recipient: ACCOUNT,
      refundTo: ACCOUNT,
      originChainId: ARBITRUM,
      destinationChainId: BASE,
      originCurrency: token(ARBITRUM, 'usdc').address,
      destinationCurrency: token(BASE, 'usdc').address,
      amount: '100000000',
      tradeType: 'EXACT_INPUT',
      referrer: RELAY_DEFAULTS.referrer,
      explicitDeposit: true,
      includeProtocolData: true,
    })
    expect(route).toMatchObject({
      providerId: 'relay',
      providerName: 'Relay',
      outputAmount: 99_970_279n,
      minOutputAmount: 99_970_279n,
      slippageBps: 0,
      slippageMode: 'auto',
      estimatedSeconds: 2,
      depositAddress: DEPOSITORY,
      trackingData: { requestId: quote.requestId },
    })
    expect(route.fees).toEqual([
      { label: 'Relayer fee', token: token(ARBITRUM, 'usdc'), amount: 29_721n },
      {
        label: 'Network cost (provider estimate)',
        token: token(ARBITRUM, 'native'),
        amount: 1_680_272_000_000n,
        paidBy: 'sender',
      },
    ])
    expect(route.gasOnArrival).toBeUndefined()
    // Relay gives USD values beside its amounts: the prices they imply ($99.985 for 100 USDC in, …).
    expect(route.prices).toEqual([
      { chainId: ARBITRUM, address: token(ARBITRUM, 'usdc').address, usd: '0.99985' },
      { chainId: BASE, address: token(BASE, 'usdc').address, usd: '0.999847164575783568' },
      { chainId: ARBITRUM, address: token(ARBITRUM, 'native').address, usd: '2647.19045487873391927' },
    ])
  })

  it('shows no price where Relay gives no USD value, or a zero or odd one', async () => {
    const { details } = quote
    const unpriced = {
      ...quote,
      fees: undefined,
      details: {
        ...details,
        currencyIn: { ...details.currencyIn, amountUsd: '0' },
        currencyOut: { ...details.currencyOut, amountUsd: 99.9 },
      },
    }
    server.setRoutes({ 'POST /quote/v2': { body: unpriced } })
    const route = (await relay.getQuote(usdcRequest())) as Route
    expect(route.outputAmount).toBe(99_970_279n)
    expect(route.prices).toBeUndefined()
  })

  it("passes the person's slippage in basis points", async () => {
    const route = await relay.getQuote({ ...usdcRequest(), slippageBps: 30 })
    expect(quoteBody().slippageTolerance).toBe('30')
    expect(route).toMatchObject({ slippageBps: 30, slippageMode: 'custom' })
  })

  it('plans our own exact approval to the depository, and the deposit Relay built', async () => {
    const route = (await relay.getQuote(usdcRequest())) as Route
    const deposit = quote.steps[1]!.items[0]!.data
    expect(await relay.planDeposit(route)).toEqual({
      transaction: { chainId: ARBITRUM, to: DEPOSITORY, data: deposit.data, value: 0n },
      approval: { token: token(ARBITRUM, 'usdc'), spender: DEPOSITORY, amount: 100_000_000n },
    })
  })

  it('keeps a route whose relayer fee is negative (a reward from Relay), showing the reward as a negative fee', async () => {
    const reward = {
      ...quote,
      fees: { ...quote.fees, relayer: { ...quote.fees.relayer, amount: '-15000', minimumAmount: '-15000' } },
    }
    server.setRoutes({ 'POST /quote/v2': { body: reward } })
    const route = (await relay.getQuote(usdcRequest())) as Route
    expect(route.fees).toEqual([
      { label: 'Relayer fee', token: token(ARBITRUM, 'usdc'), amount: -15_000n },
      {
        label: 'Network cost (provider estimate)',
        token: token(ARBITRUM, 'native'),
        amount: 1_680_272_000_000n,
        paidBy: 'sender',
      },
    ])
    expect(route.minOutputAmount).toBe(99_970_279n)
  })

  it('shows the slippage Relay applied when it gives no total: from the amount and its minimum, rounded up', async () => {
    const { total: _t, ...tolerance } = quote.details.slippageTolerance
    const auto = {
      ...quote,
      details: {
        ...quote.details,
        slippageTolerance: tolerance,
        currencyOut: { ...quote.details.currencyOut, minimumAmount: '97970874' },
      },
    }
    server.setRoutes({ 'POST /quote/v2': { body: auto } })
    // (99.970279 - 97.970874) / 99.970279 = 1.999999…%: 200 bps (2.00 %), never 0.
    expect(await relay.getQuote(usdcRequest())).toMatchObject({
      minOutputAmount: 97_970_874n,
      slippageBps: 200,
      slippageMode: 'auto',
    })
  })

  it('approves the depository itself when the quote has no approve step (Relay saw an allowance already)', async () => {
    server.setRoutes({ 'POST /quote/v2': { body: { ...quote, steps: [quote.steps[1]] } } })
    const route = (await relay.getQuote(usdcRequest())) as Route
    expect((await relay.planDeposit(route)).approval).toEqual({
      token: token(ARBITRUM, 'usdc'),
      spender: DEPOSITORY,
      amount: 100_000_000n,
    })
  })

  it('deposits the native coin with its amount as value and no approval', async () => {
    server.setRoutes({ 'POST /quote/v2': { body: relayFixtures.quoteEth } })
    const request = {
      ...usdcRequest(),
      origin: token(ARBITRUM, 'native'),
      destination: token(BASE, 'native'),
      amount: 10_000_000_000_000_000n,
    }
    const route = (await relay.getQuote(request)) as Route
    expect(route.outputAmount).toBe(9_998_400_631_132_768n)
    const plan = await relay.planDeposit(route)
    expect(plan.approval).toBeUndefined()
    expect(plan.transaction).toMatchObject({ to: DEPOSITORY, value: 10_000_000_000_000_000n })
  })

  it('refuses "Unknown contract type" for a deposit or an approval to a contract off the allowlist', async () => {
    server.setRoutes({ 'POST /quote/v2': { body: withDeposit({ to: OTHER_CONTRACT }) } })
    const error = await relay.getQuote(usdcRequest()).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(UnknownContractError)
    expect((error as Error).message).toContain(`Unknown contract type: ${OTHER_CONTRACT}`)

    const approveOther = {
      ...quote,
      steps: [
        {
          ...quote.steps[0],
          items: [
            {
              ...quote.steps[0]!.items[0],
              data: {
                ...quote.steps[0]!.items[0]!.data,
                // approve(0x…dEaD, 100 USDC)
                data: `0x095ea7b3${OTHER_CONTRACT.slice(2).toLowerCase().padStart(64, '0')}${(100_000_000).toString(16).padStart(64, '0')}`,
              },
            },
          ],
        },
        quote.steps[1],
      ],
    }
    server.setRoutes({ 'POST /quote/v2': { body: approveOther } })
    await expect(relay.getQuote(usdcRequest())).rejects.toThrow(UnknownContractError)
  })

  it.each([
    ['asks for a signature', { ...quote, steps: [{ ...quote.steps[0], kind: 'signature' }, quote.steps[1]] }],
    ['has a step it does not know', { ...quote, steps: [quote.steps[0], { ...quote.steps[1], id: 'swap' }] }],
    ['has no deposit', { ...quote, steps: [quote.steps[0]] }],
    ['deposits on another chain', withDeposit({ chainId: BASE })],
    ['deposits from another account', withDeposit({ from: OTHER_CONTRACT })],
    ['sends native coin with an ERC-20 deposit', withDeposit({ value: '1' })],
    [
      'approves another token',
      {
        ...quote,
        steps: [
          {
            ...quote.steps[0],
            items: [{ ...quote.steps[0]!.items[0], data: { ...quote.steps[0]!.items[0]!.data, to: OTHER_CONTRACT } }],
          },
          quote.steps[1],
        ],
      },
    ],
    [
      'takes another amount',
      { ...quote, details: { ...quote.details, currencyIn: { ...quote.details.currencyIn, amount: '100000001' } } },
    ],
    [
      'pays another token',
      {
        ...quote,
        details: {
          ...quote.details,
          currencyOut: {
            ...quote.details.currencyOut,
            currency: { ...quote.details.currencyOut.currency, address: OTHER_CONTRACT },
          },
        },
      },
    ],
    ['pays another recipient', { ...quote, details: { ...quote.details, recipient: OTHER_CONTRACT } }],
    [
      'has no request id',
      { ...quote, requestId: undefined, steps: quote.steps.map(({ requestId: _r, ...step }) => step) },
    ],
    [
      'promises a minimum above the amount',
      {
        ...quote,
        details: { ...quote.details, currencyOut: { ...quote.details.currencyOut, minimumAmount: '99970280' } },
      },
    ],
    ['is not a quote', { steps: 'none' }],
  ])('refuses a quote that %s', async (_case, body) => {
    server.setRoutes({ 'POST /quote/v2': { body } })
    await expect(relay.getQuote(usdcRequest())).rejects.toThrow(InvalidQuoteError)
  })

  it("says why Relay has no route: its error codes, with Relay's message", async () => {
    server.setRoutes({ 'POST /quote/v2': { status: 400, body: relayFixtures.amountTooLow } })
    const tooLow = await relay.getQuote(usdcRequest()).catch((e: unknown) => e)
    expect(tooLow).toBeInstanceOf(RouteUnavailableError)
    expect(tooLow).toMatchObject({ reason: 'amountTooLow' })
    server.setRoutes({ 'POST /quote/v2': { status: 400, body: relayFixtures.noRoutes } })
    await expect(relay.getQuote(usdcRequest())).rejects.toMatchObject({ reason: 'unsupportedRoute' })
  })

  it('waits out one 429 and asks again; a server error stays an error', async () => {
    server.setRoutes({
      'POST /quote/v2': [
        { status: 429, headers: { 'retry-after': '1' }, body: relayFixtures.rateLimited },
        { body: quote },
      ],
    })
    expect((await relay.getQuote(usdcRequest()))?.outputAmount).toBe(99_970_279n)
    server.setRoutes({
      'POST /quote/v2': { status: 500, body: { message: 'Internal error', errorCode: 'UNKNOWN_ERROR' } },
    })
    await expect(relay.getQuote(usdcRequest())).rejects.not.toBeInstanceOf(RouteUnavailableError)
  })

  it('has no route within one chain, or on a chain the config does not serve', async () => {
    expect(await relay.getQuote({ ...usdcRequest(), destination: token(ARBITRUM, 'usdt') })).toBeUndefined()
    expect(
      await relay.getQuote({ ...usdcRequest(), destination: { ...token(BASE, 'usdc'), chainId: 7777777 } }),
    ).toBeUndefined()
  })

  it('gas on arrival: asks topupGas and carries the Base ETH the quote delivers; never for a native destination', async () => {
    server.setRoutes({ 'POST /quote/v2': { body: relayFixtures.quoteUsdcGas } })
    const route = (await relay.getQuote({ ...usdcRequest(), gasOnArrival: true })) as Route
    expect(quoteBody().topupGas).toBe(true)
    expect(route.gasOnArrival).toEqual({
      status: 'included',
      token: token(BASE, 'native'),
      amount: 663_068_000_000_000n,
    })
    expect(route.outputAmount).toBe(97_970_279n)
    // A top-up in anything but the destination's native coin is not gas.
    const odd = {
      ...relayFixtures.quoteUsdcGas,
      details: {
        ...relayFixtures.quoteUsdcGas.details,
        currencyGasTopup: relayFixtures.quoteUsdcGas.details.currencyOut,
      },
    }
    server.setRoutes({ 'POST /quote/v2': { body: odd } })
    expect((await relay.getQuote({ ...usdcRequest(), gasOnArrival: true }))?.gasOnArrival).toBeUndefined()
    server.setRoutes({ 'POST /quote/v2': { body: relayFixtures.quoteEth } })
    await relay.getQuote({
      ...usdcRequest(),
      origin: token(ARBITRUM, 'native'),
      destination: token(BASE, 'native'),
      amount: 10_000_000_000_000_000n,
      gasOnArrival: true,
    })
    expect(quoteBody().topupGas).toBeUndefined()
  })
})

/** The deposit Relay's status fixtures name (`inTxHashes`). */
const DEPOSIT_TX = '0x9421772820b92c239162341a17994b4ad8706c974af2ebf88084a1b3b614d328'
const deposited = (requestId = quote.requestId): TrackedSwap =>
  depositedSwap({
    id: DEPOSIT_TX,
    providerId: 'relay',
    providerName: 'Relay',
    owner: ACCOUNT,
    recipient: ACCOUNT,
    origin: { token: token(ARBITRUM, 'usdc'), amount: '100000000' },
    destination: { token: token(BASE, 'usdc'), estimatedAmount: '99970279', minAmount: '99970279' },
    depositAddress: DEPOSITORY,
    depositTx: DEPOSIT_TX,
    depositedAt: 1_795_000_000,
    data: { requestId },
  })

describe('Relay status', () => {
  it.each([
    ['waiting', { type: 'pending', statusDetail: 'waiting' }],
    ['depositing', { type: 'pending', statusDetail: 'depositing' }],
    ['pending', { type: 'pending', statusDetail: 'pending' }],
    ['submitted', { type: 'pending', statusDetail: 'submitted' }],
    ['delayed', { type: 'pending', statusDetail: 'delayed' }],
    // Delivered once Base shows the fill (its block time is the delivery time, its payment the amount received).
    [
      'success',
      {
        type: 'delivered',
        deliveryTx: relayFixtures.status.success.txHashes[0],
        deliveredAt: 1_795_197_583,
        receivedAmount: '99970279',
      },
    ],
    ['failure', { type: 'providerFailed', statusDetail: 'failure' }],
    // Relay's refund on Base names another request, and pays back half of this one: not this swap's refund yet.
    ['refund', { type: 'providerRefunding', statusDetail: 'REFUND_NOT_ON_CHAIN' }],
  ] as const)('maps %s from /intents/status/v3 by the request id', async (status, event) => {
    server.setRoutes({ '/intents/status/v3': { body: relayFixtures.status[status] } })
    expect(await relay.track(deposited())).toEqual(event)
    expect(lastRequest('/intents/status/v3')?.query).toEqual({ requestId: quote.requestId })
  })

  it('maps refund once the chain shows Relay’s refund naming the request, of at least the amount due', async () => {
    // The request the refund names: 50 USDC sent, at least 49.970279 USDC asked (refunded on Base, in USDC there).
    const refundedSwap = {
      ...deposited(REFUNDED_REQUEST),
      origin: { token: token(ARBITRUM, 'usdc'), amount: '50000000' },
      destination: { token: token(BASE, 'usdc'), estimatedAmount: '49970279', minAmount: '49970279' },
    } satisfies TrackedSwap
    server.setRoutes({ '/intents/status/v3': { body: relayFixtures.status.refund } })
    expect(await relay.track(refundedSwap)).toEqual({
      type: 'refunded',
      statusDetail: 'refund',
      refundTx: relayFixtures.status.refund.txHashes[0],
    })
  })

  it('is still waiting while Relay does not know the request (404), and refuses a malformed answer', async () => {
    server.setRoutes({ '/intents/status/v3': { status: 404, body: { message: 'Not found' } } })
    expect(await relay.track(deposited())).toEqual({ type: 'pending', statusDetail: 'waiting' })
    server.setRoutes({ '/intents/status/v3': { body: { status: 'teleported' } } })
    await expect(relay.track(deposited())).rejects.toThrow(InvalidResponseError)
  })

  it("links Relay's page for the request, and has nothing to sign for a refund", async () => {
    expect(relay.explorerUrl?.(deposited('0xabc'))).toBe('https://relay.link/transaction/0xabc')
    await expect(relay.planRefund(deposited())).rejects.toThrow(RefundByProviderError)
  })
})

describe('Relay restore', () => {
  it('rebuilds History from /requests/v3 (with the API key): completed, refunded and pending; other chains and odd entries left out', async () => {
    startRelay({ MULTIBRIDGE_RELAY_PUBLIC_KEY: 'test-key-1234' })
    const { continuation } = relayFixtures.requests
    server.setRoutes({
      '/requests/v3': (request) => ({
        body: request.query.continuation ? { requests: [], continuation: null } : relayFixtures.requests,
      }),
    })
    const before = server.requests.length
    const records = await restoreWith(relay, ACCOUNT)
    const asked = server.requests.slice(before).filter((request) => request.path === '/requests/v3')
    // The first page, then the next one by its continuation, which is the last.
    expect(asked.map((request) => request.query)).toEqual([
      { user: ACCOUNT, limit: '50' },
      { user: ACCOUNT, limit: '50', continuation },
    ])
    expect(asked[0]?.headers['x-api-key']).toBe('test-key-1234')
    expect(
      records.map((record) => [record.status, record.origin.token.symbol, record.destination.token.symbol]),
    ).toEqual([
      ['completed', 'USDC', 'USDC'],
      ['refunded', 'USDC', 'USDC'],
      ['deposited', 'ETH', 'ETH'],
    ])
    const [done, refunded] = records
    expect(done).toMatchObject({
      id: '0x34d78ccb41099f0546be1c35541b28ab4c92b498aeb4cae6e849c51c05fe1f1b',
      deliveryTx: '0x9da7bc54dfe6229d6980fd62250d472f23dfe0f41a1cdc870c81a08b3445f254',
      destination: { receivedAmount: '99970279' },
      data: { requestId: '0xddd6c1a0340e940b7be4f5a4be076df8b7ec7de7b18f9ec6efe4bfffd2f21cf6' },
    })
    expect(refunded).toMatchObject({ refundTx: '0x3b1f2e0d9c8b7a6f5e4d3c2b1a0f9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a29' })
    startRelay()
  })

  it('follows continuation for at most 10 pages, one record per deposit however often it is listed', async () => {
    let page = 0
    server.setRoutes({
      '/requests/v3': () => ({ body: { ...relayFixtures.requests, continuation: `page-${++page}` } }),
    })
    const records = await restoreWith(relay, ACCOUNT)
    expect(page).toBe(10)
    expect(records.map((record) => record.status)).toEqual(['completed', 'refunded', 'deposited'])
  })

  it("keeps a listed success Swapping while its fill is not on the destination chain (Relay's word alone)", async () => {
    const [done] = relayFixtures.requests.requests as { data: { outTxs: { txHash: string }[] } }[]
    const unseen = {
      ...done,
      data: { ...done?.data, outTxs: [{ ...done?.data.outTxs[0], txHash: `0x${'ee'.repeat(32)}` }] },
    }
    server.setRoutes({ '/requests/v3': { body: { requests: [unseen] } } })
    expect(await restoreWith(relay, ACCOUNT)).toMatchObject([
      { status: 'deposited', statusDetail: 'DELIVERY_NOT_ON_CHAIN' },
    ])
  })

  it('does not complete a restored request without a time by a payment older than its deposit (issue #52)', async () => {
    // Relay lists the request with no time at all (no inTxs timestamp, no createdAt), and as its fill a payment of the
    // whole amount to the person, naming the request, mined a day before the deposit's block (1_795_197_579).
    const [done] = relayFixtures.requests.requests as { id: string; createdAt?: string; data: { inTxs: object[] } }[]
    const OLD_PAYMENT = `0x${'0a'.repeat(32)}`
    const OLD_BLOCK = 29_950_000n
    const timeless = {
      ...done,
      createdAt: undefined,
      data: {
        ...done?.data,
        inTxs: done?.data.inTxs.map(({ timestamp: _, ...sent }: { timestamp?: number }) => sent),
        outTxs: [{ txHash: OLD_PAYMENT, chainId: BASE, type: 'onchain', status: 'success' }],
      },
    }
    const oldPayment = jsonRpcHandler({
      eth_chainId: () => '0x2105',
      eth_getTransactionReceipt: ([hash]) =>
        hash === OLD_PAYMENT
          ? cannedReceipt(OLD_PAYMENT, OLD_BLOCK, {
              to: BASE_USDC,
              from: SOLVER,
              logs: [transferLog(BASE_USDC, SOLVER, ACCOUNT, 99_970_279n)],
            })
          : null,
      eth_getTransactionByHash: ([hash]) =>
        hash === OLD_PAYMENT
          ? cannedTransaction(OLD_PAYMENT, {
              from: SOLVER,
              to: BASE_USDC,
              nonce: 1,
              chainId: BASE,
              blockNumber: OLD_BLOCK,
              value: 0n,
              input: `0xa9059cbb${(done?.id ?? '').slice(2)}`,
            })
          : null,
      eth_getBlockByNumber: () => cannedBlock(OLD_BLOCK, 1_795_111_000),
    })
    server.setRoutes({ '/requests/v3': { body: { requests: [timeless] } }, 'POST /rpc/8453': oldPayment })
    try {
      const [record] = await restoreWith(relay, ACCOUNT)
      expect(record).toMatchObject({ status: 'deposited', statusDetail: 'DELIVERY_NOT_ON_CHAIN' })
      // Its time is its deposit's block's.
      expect(record?.createdAt).toBe(1_795_197_579_000)
    } finally {
      server.setRoutes({ 'POST /rpc/8453': baseRpc })
    }
  })

  it('says that restoring needs an API key when Relay refuses without one', async () => {
    server.setRoutes({ '/requests/v3': { status: 401, body: relayFixtures.unauthorized } })
    const error = await restoreWith(relay, ACCOUNT).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(InvalidResponseError)
    expect(JSON.stringify(error)).toContain('MULTIBRIDGE_RELAY_PUBLIC_KEY')
  })
})

describe('Relay config', () => {
  it('lists the depository alone on every production chain: no router, approval proxy, solver or receiver', () => {
    const relayConfig = productionManifest().providers?.relay
    expect(relayConfig).toMatchObject({ apiUrl: RELAY_DEFAULTS.apiUrl, referrer: 'multi-bridge' })
    expect(Object.keys(relayConfig?.contracts ?? {}).sort()).toEqual(['1', '10', '137', '42161', '56', '8453'])
    for (const list of Object.values(relayConfig?.contracts ?? {})) expect(list).toEqual([DEPOSITORY])
    expect(RELAY_CONTRACTS).toEqual([DEPOSITORY])
    expect(relay.knownContracts(ARBITRUM)).toContain(DEPOSITORY)
    expect(relay.knownContracts(ARBITRUM)).not.toContain(NATIVE_TOKEN_ADDRESS)
  })

  it('takes its URL, referrer and a key published on purpose from the environment, and names a bad variable', () => {
    const relayConfig = productionManifest({
      MULTIBRIDGE_RELAY_API_URL: 'https://relay-proxy.example/',
      MULTIBRIDGE_RELAY_REFERRER: 'my-app.example',
      MULTIBRIDGE_RELAY_PUBLIC_KEY: 'k-12345678',
    }).providers?.relay
    expect(relayConfig).toMatchObject({
      apiUrl: 'https://relay-proxy.example',
      referrer: 'my-app.example',
      apiKey: 'k-12345678',
    })
    expect(() => productionManifest({ MULTIBRIDGE_RELAY_API_URL: 'ftp://x' })).toThrow(/MULTIBRIDGE_RELAY_API_URL/)
    expect(() => productionManifest({ MULTIBRIDGE_RELAY_REFERRER: 'has spaces' })).toThrow(ProductionConfigError)
  })
})

describe('Relay fixtures', () => {
  const dir = join(import.meta.dirname, 'fixtures')
  const files = readdirSync(dir).filter((name) => name.endsWith('.json'))
  const schemaFor = (file: string): ZodType => {
    if (file.startsWith('quote-')) return relayQuoteSchema
    if (file.startsWith('status-')) return relayStatusSchema
    if (file.startsWith('error-')) return relayErrorSchema
    return relayRequestsSchema
  }

  it('says where every fixture’s shape comes from, and names no file that is gone', () => {
    expect(files.filter((file) => !RELAY_FIXTURE_SOURCES[file])).toEqual([])
    expect(Object.keys(RELAY_FIXTURE_SOURCES).filter((file) => !files.includes(file))).toEqual([])
  })

  it.each(files.filter((file) => file.startsWith('quote-')))(
    '%s: its order, order id and deposit calldata are what generateQuoteFixtures.ts makes of its details',
    (file) => {
      const path = join(dir, file)
      const fixture = JSON.parse(readFileSync(path, 'utf8'))
      const generated = generateQuoteFixture(file, fixture)
      // RELAY_FIXTURES=write regenerates them (then format them with biome).
      if (process.env.RELAY_FIXTURES === 'write') writeFileSync(path, `${JSON.stringify(generated, null, 2)}\n`)
      else expect(fixture).toEqual(generated)
    },
  )

  it.each(files)('%s is read by the adapter', async (file) => {
    const { default: body } = await import(`./fixtures/${file}`)
    expect(schemaFor(file).safeParse(body).error?.issues).toBeUndefined()
  })

  it('covers every status Relay documents', () => {
    expect(Object.keys(relayFixtures.status).sort()).toEqual([
      'delayed',
      'depositing',
      'failure',
      'pending',
      'refund',
      'submitted',
      'success',
      'waiting',
    ])
    // The request list keeps one odd entry on purpose: it is skipped, the rest are read.
    const odd = relayFixtures.requests.requests.filter((entry) => !relayRequestSchema.safeParse(entry).success)
    expect(odd).toEqual([{ id: '0xbad', status: 'weird' }])
  })
})

describe('Relay receipt (anyone, from the deposit hash)', () => {
  const DONE_DEPOSIT = '0x34d78ccb41099f0546be1c35541b28ab4c92b498aeb4cae6e849c51c05fe1f1b'
  const [done, refunded] = relayFixtures.requests.requests
  const receiptOf = (hash: Hex) => createChainClients(manifest).get(ARBITRUM)!.getTransactionReceipt({ hash })

  it("reads a deposit into Relay's depository: Relay's request of that very hash, its fill as Base shows it", async () => {
    server.setRoutes({
      '/requests/v3': (request) => ({ body: { requests: request.query.hash === DONE_DEPOSIT ? [done] : [] } }),
    })
    const found = await relay.findSwapByDeposit!(ARBITRUM, await receiptOf(DONE_DEPOSIT))
    expect(lastRequest('/requests/v3')?.query).toEqual({ hash: DONE_DEPOSIT, limit: '1' })
    expect(found?.record).toMatchObject({
      id: DONE_DEPOSIT,
      providerId: 'relay',
      owner: ACCOUNT,
      origin: { token: { symbol: 'USDC', chainId: ARBITRUM } },
      destination: { token: { symbol: 'USDC', chainId: BASE } },
    })
    expect(found?.event).toMatchObject({ type: 'delivered' })
    // Its destination side is Relay's answer (the deposit's event names only the order): said so on the receipt.
    expect(found?.providerWord).toBe(true)
  })

  it('takes no request Relay lists for another deposit under this hash, and no transaction to another contract', async () => {
    server.setRoutes({ '/requests/v3': { body: { requests: [refunded] } } })
    expect(await relay.findSwapByDeposit!(ARBITRUM, await receiptOf(DONE_DEPOSIT))).toBeUndefined()
    server.setRoutes({ '/requests/v3': { body: { requests: [done] } } })
    const receipt = await receiptOf(DONE_DEPOSIT)
    expect(await relay.findSwapByDeposit!(ARBITRUM, { ...receipt, to: OTHER_CONTRACT })).toBeUndefined()
  })
})
