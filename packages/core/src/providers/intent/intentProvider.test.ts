import { intentOriginSettlerAbi } from '@multi-bridge/contracts'
import { type Address, decodeFunctionData } from 'viem'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type ReplayServer, startReplayServer } from '../../../test/support/replayServer.ts'
import type { ChainClients } from '../../chains/chainClients.ts'
import { requoteRoute } from '../../client/fetchRoutes.ts'
import { type Manifest, NATIVE_TOKEN_ADDRESS } from '../../config/manifest.ts'
import { decodeIntentOrderData } from '../../protocols/intent.ts'
import { routeChoice } from '../../routes/routeChoice.ts'
import { InvalidQuoteError, RouteUnavailableError } from '../../routes/routeErrors.ts'
import type { QuoteRequest, Route, TokenRef } from '../../routes/types.ts'
import { parseManifest } from '../../setup/manifest.ts'
import type { RouteProvider } from '../types.ts'
import { OPEN_FEE_LABEL } from './intentId.ts'
import { createIntentProvider } from './intentProvider.ts'

// The intent provider against a replayed solver: what it accepts of a quote, and the order it builds from it.
const A = 31001
const B = 31002
const ORIGIN_SETTLER: Address = '0x00000000000000000000000000000000000a0001'
const DESTINATION_SETTLER: Address = '0x00000000000000000000000000000000000b0002'
const USDC_A: Address = '0x00000000000000000000000000000000000a00c1'
const USDC_B: Address = '0x00000000000000000000000000000000000b00c1'
const ACCOUNT: Address = '0x8ba1f109551bD432803012645Ac136ddd64DBA72'
const GAS = 1_000_000_000_000_000n

let server: ReplayServer
let manifest: Manifest
let intent: RouteProvider

/** The chains as the provider reads them: the time of their latest block, and the origin settler's refund delay. */
let chainTime = () => Math.floor(Date.now() / 1000)
let settlerRefundDelay = 3600
const cannedChain = {
  getBlock: async () => ({ number: 100n, timestamp: BigInt(chainTime()) }),
  readContract: async ({ functionName }: { functionName: string }) => {
    if (functionName === 'minRefundDelay') return settlerRefundDelay
    throw new Error(`unexpected read ${functionName}`)
  },
}

const chain = (id: number, usdc: Address, withNative: boolean, authorizations?: string[]) => ({
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
  tokens: [
    ...(withNative
      ? [{ address: NATIVE_TOKEN_ADDRESS, symbol: 'ETH', name: 'Ether', decimals: 18, kind: 'native' }]
      : []),
    {
      address: usdc,
      symbol: 'USDC',
      name: 'USD Coin',
      decimals: 6,
      kind: 'usdc',
      ...(authorizations ? { authorizations } : {}),
    },
  ],
})

const token = (chainId: number, address: Address, kind: TokenRef['kind'] = 'usdc'): TokenRef => ({
  chainId,
  address,
  symbol: kind === 'native' ? 'ETH' : 'USDC',
  decimals: kind === 'native' ? 18 : 6,
  kind,
})
const request = (change: Partial<QuoteRequest> = {}): QuoteRequest => ({
  origin: token(A, USDC_A),
  destination: token(B, USDC_B),
  amount: 100_000_000n,
  sender: ACCOUNT,
  recipient: ACCOUNT,
  ...change,
})

/** What the solver answers for 100 USDC A → B, with gas on arrival when asked. */
const solverQuote = (query: Record<string, string>, change: Record<string, unknown> = {}) => {
  const gas = query.gasOnArrival === 'true'
  return {
    provider: 'intent',
    originChainId: A,
    destinationChainId: B,
    inputToken: USDC_A,
    outputToken: USDC_B,
    inputAmount: query.amount,
    outputAmount: gas ? '96800000' : '99800000',
    gasAmount: gas ? GAS.toString() : '0',
    fees: { token: USDC_B, spread: '100000', gas: '100000', gasOnArrival: gas ? '3000000' : '0', total: '0' },
    estimatedFillSeconds: 3,
    fillDeadline: Math.floor(Date.now() / 1000) + 180,
    expires: Math.floor(Date.now() / 1000) + 180 + 3600,
    quoteExpiresAt: Math.floor(Date.now() / 1000) + 30,
    originSettler: ORIGIN_SETTLER,
    destinationSettler: DESTINATION_SETTLER,
    ...change,
  }
}

function startIntent(withNativeOnB = true, authorizations?: string[]) {
  manifest = parseManifest({
    version: 1,
    mode: 'devnet',
    generatedAt: new Date().toISOString(),
    chains: [chain(A, USDC_A, true, authorizations), chain(B, USDC_B, withNativeOnB)],
    services: { solver: { url: server.url }, attesters: { threshold: 1, urls: [server.url] } },
  })
  const clients = new Map(manifest.chains.map((c) => [c.id, cannedChain])) as unknown as ChainClients
  const provider = createIntentProvider({ manifest, clients })
  if (!provider) throw new Error('no intent provider')
  intent = provider
}

beforeAll(async () => {
  server = await startReplayServer()
  startIntent()
})
afterAll(() => server.close())
beforeEach(() => {
  chainTime = () => Math.floor(Date.now() / 1000)
  settlerRefundDelay = 3600
  startIntent()
  server.setRoutes({ '/v1/quote': (asked) => ({ body: solverQuote(asked.query) }) })
})

describe('the amount an intent order asks for', () => {
  it('is the quoted amount whatever slippage the person set: the solver delivers exactly that or refunds', async () => {
    const route = (await intent.getQuote(request({ slippageBps: 100 }))) as Route
    // Before: a 1 % slippage made the order ask 1 % less, and the solver kept the difference.
    expect(route).toMatchObject({ outputAmount: 99_800_000n, minOutputAmount: 99_800_000n, slippageMode: 'fixed' })
    const call = decodeFunctionData({
      abi: intentOriginSettlerAbi,
      data: (await intent.planDeposit(route)).transaction.data,
    })
    const [order] = call.args as unknown as [{ orderData: `0x${string}` }]
    expect(decodeIntentOrderData(order.orderData).outputAmount).toBe(99_800_000n)
  })
})

describe('intent quotes with gas on arrival', () => {
  it('asks the solver for gas, carries it and its fee, and opens an order with that second output', async () => {
    const route = (await intent.getQuote(request({ gasOnArrival: true }))) as Route
    expect(server.requests.at(-1)?.query.gasOnArrival).toBe('true')
    expect(route.gasOnArrival).toEqual({
      status: 'included',
      token: token(B, NATIVE_TOKEN_ADDRESS, 'native'),
      amount: GAS,
    })
    expect(route.fees.find((fee) => fee.label === 'Gas on arrival fee')?.amount).toBe(3_000_000n)

    const plan = await intent.planDeposit(route)
    const call = decodeFunctionData({ abi: intentOriginSettlerAbi, data: plan.transaction.data })
    expect(call.functionName).toBe('open')
    const [order] = call.args as unknown as [{ orderData: `0x${string}` }]
    const data = decodeIntentOrderData(order.orderData)
    expect(data).toMatchObject({ inputAmount: 100_000_000n, outputAmount: 96_800_000n, gasAmount: GAS })
  })

  it('does not ask for gas when the person did not, and opens an order without it', async () => {
    const route = (await intent.getQuote(request())) as Route
    expect(server.requests.at(-1)?.query.gasOnArrival).toBeUndefined()
    expect(route.gasOnArrival).toBeUndefined()
    const call = decodeFunctionData({
      abi: intentOriginSettlerAbi,
      data: (await intent.planDeposit(route)).transaction.data,
    })
    const [order] = call.args as unknown as [{ orderData: `0x${string}` }]
    const { gasAmount } = decodeIntentOrderData(order.orderData)
    expect(gasAmount).toBe(0n)
  })

  it("prices the route's tokens from the solver's price table (GET /v1/prices), read once a minute at most", async () => {
    server.setRoutes({
      '/v1/quote': (asked) => ({ body: solverQuote(asked.query) }),
      '/v1/prices': {
        body: {
          prices: [
            { chainId: A, address: USDC_A, symbol: 'USDC', usd: '1' },
            { chainId: B, address: USDC_B, symbol: 'USDC', usd: '1' },
            { chainId: B, address: NATIVE_TOKEN_ADDRESS, symbol: 'ETH', usd: '3000' },
            { chainId: A, address: NATIVE_TOKEN_ADDRESS, symbol: 'ETH', usd: '3000' },
          ],
        },
      },
    })
    const asked = () => server.requests.filter((entry) => entry.path === '/v1/prices').length
    const before = asked()
    const route = (await intent.getQuote(request({ gasOnArrival: true }))) as Route
    // What is sent, received, the gas on arrival, and the origin's coin (the person's own gas).
    expect(route.prices).toEqual([
      { chainId: A, address: USDC_A, usd: '1' },
      { chainId: B, address: USDC_B, usd: '1' },
      { chainId: A, address: NATIVE_TOKEN_ADDRESS, usd: '3000' },
      { chainId: B, address: NATIVE_TOKEN_ADDRESS, usd: '3000' },
    ])
    await intent.getQuote(request())
    expect(asked() - before).toBe(1)
  })

  it('quotes without prices when the solver does not serve them', async () => {
    server.setRoutes({ '/v1/prices': { status: 404, body: { error: { code: 'NOT_FOUND', message: 'No route' } } } })
    const route = (await intent.getQuote(request())) as Route
    expect(route.outputAmount).toBe(99_800_000n)
    expect(route.prices).toBeUndefined()
  })

  it('refuses a quote that adds gas nobody asked for: it would be paid from the output', async () => {
    server.setRoutes({ '/v1/quote': (asked) => ({ body: solverQuote(asked.query, { gasAmount: GAS.toString() }) }) })
    await expect(intent.getQuote(request())).rejects.toThrow(InvalidQuoteError)
  })

  it('refuses gas on a network whose native coin the config does not list', async () => {
    startIntent(false)
    await expect(intent.getQuote(request({ gasOnArrival: true }))).rejects.toThrow(InvalidQuoteError)
  })

  it.each([
    ['another amount', { inputAmount: '100000001' }],
    ['another origin settler', { originSettler: DESTINATION_SETTLER }],
    ['another destination settler', { destinationSettler: ORIGIN_SETTLER }],
    ['another output token', { outputToken: USDC_A }],
    ['a malformed gas amount', { gasAmount: '-1' }],
  ])('refuses a quote with %s', async (_case, change) => {
    server.setRoutes({ '/v1/quote': (asked) => ({ body: solverQuote(asked.query, change) }) })
    await expect(intent.getQuote(request({ gasOnArrival: true }))).rejects.toThrow(InvalidQuoteError)
  })
})

describe('gasless intent routes', () => {
  const openDeadline = Math.floor(Date.now() / 1000) + 30
  const quoteWith = (gasless: unknown) =>
    server.setRoutes({ '/v1/quote': (asked) => ({ body: solverQuote(asked.query, { gasless }) }) })
  const variants = async (change: Partial<QuoteRequest> = {}) => {
    const route = (await intent.getQuote(request(change))) as Route
    return { route, variants: intent.variantsOf?.(route) ?? [] }
  }

  it("come from the quote's gasless terms for an EIP-3009 token: less by the open, which is shown as a fee", async () => {
    startIntent(true, ['eip2612', 'eip3009'])
    quoteWith({ outputAmount: '99500000', openFee: '300000', openDeadline })
    const {
      route,
      variants: [gasless, ...more],
    } = await variants()
    expect(more).toEqual([])
    expect(gasless).toMatchObject({ outputAmount: 99_500_000n, minOutputAmount: 99_500_000n })
    expect(gasless?.gasless).toEqual({ openFee: 300_000n, openDeadline })
    expect(gasless?.fees.at(-1)).toMatchObject({ label: OPEN_FEE_LABEL, amount: 300_000n })
    expect(gasless?.id).not.toBe(route.id)
    expect(gasless?.expiresAt).toBeLessThanOrEqual(openDeadline * 1000)
  })

  it('are quoted again as gasless routes, never as the plain route they came from', async () => {
    startIntent(true, ['eip3009'])
    quoteWith({ outputAmount: '99500000', openFee: '300000', openDeadline })
    const [gasless] = (await variants()).variants
    const again = await requoteRoute(intent, gasless!)
    expect(again && routeChoice(again)).toBe('intent/gasless')
    expect(again?.outputAmount).toBe(99_500_000n)
    quoteWith(undefined) // the solver stops offering it: no route, rather than the plain one
    expect(await requoteRoute(intent, gasless!)).toBeUndefined()
  })

  it('are not offered for a token without EIP-3009, with gas on arrival, or on terms that give as much or more', async () => {
    quoteWith({ outputAmount: '99500000', openFee: '300000', openDeadline })
    expect((await variants()).variants).toEqual([]) // USDC listed without authorizations
    startIntent(true, ['eip3009'])
    quoteWith({ outputAmount: '99500000', openFee: '300000', openDeadline })
    expect((await variants({ gasOnArrival: true })).variants).toEqual([])
    for (const outputAmount of ['99800000', '120000000', '0']) {
      quoteWith({ outputAmount, openFee: '1', openDeadline })
      expect((await variants()).variants, outputAmount).toEqual([])
    }
  })

  it('are left out, and the plain route kept, when the terms are malformed', async () => {
    startIntent(true, ['eip3009'])
    for (const terms of [
      { outputAmount: '-1', openFee: '1', openDeadline },
      { outputAmount: '9', openDeadline: 'soon' },
      'yes',
    ]) {
      quoteWith(terms)
      const { route, variants: found } = await variants()
      expect(route.outputAmount).toBe(99_800_000n)
      expect(found).toEqual([])
    }
  })
})

describe('the deadlines of an intent quote', () => {
  const DAY = 86_400
  const quoteWith = (change: (quote: ReturnType<typeof solverQuote>) => Record<string, unknown>) =>
    server.setRoutes({
      '/v1/quote': (asked) => {
        const honest = solverQuote(asked.query, { gasless: gaslessTerms() })
        return { body: { ...honest, ...change(honest) } }
      },
    })
  const gaslessTerms = (openDeadline = chainTime() + 30) => ({
    outputAmount: '99500000',
    openFee: '300000',
    openDeadline,
  })
  /** The solver's quote as the devnet's solver makes it, timed by the chain: every deadline from its time. */
  const timedByChain = (quote: ReturnType<typeof solverQuote>) => ({
    fillDeadline: chainTime() + 180,
    expires: chainTime() + 180 + settlerRefundDelay,
    quoteExpiresAt: chainTime() + 30,
    gasless: gaslessTerms(),
    inputAmount: quote.inputAmount,
  })

  it.each([
    // The person could not refund for 30 days.
    [
      'a fill deadline',
      (q: ReturnType<typeof solverQuote>) => ({
        fillDeadline: q.fillDeadline + 30 * DAY,
        expires: q.expires + 30 * DAY,
      }),
    ],
    // The unattested refund (the way back when the attesters are down) 30 days after the fill deadline.
    ['an expiry', (q: ReturnType<typeof solverQuote>) => ({ expires: q.expires + 30 * DAY })],
    // The signed authorization valid for 30 days.
    ['an open deadline', () => ({ gasless: gaslessTerms(chainTime() + 30 * DAY) })],
  ])('refuses a quote with %s 30 days out, gasless or not', async (_case, change) => {
    startIntent(true, ['eip2612', 'eip3009'])
    quoteWith(change)
    const error = await intent.getQuote(request()).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(InvalidQuoteError)
  })

  it('refuses each deadline a little beyond its window and the margin, and takes it just within', async () => {
    startIntent(true, ['eip3009'])
    const now = chainTime()
    const cases: [string, Record<string, unknown>, boolean][] = [
      ['fill deadline within', { fillDeadline: now + 180 + 290, expires: now + 180 + 290 + 3600 }, true],
      ['fill deadline beyond', { fillDeadline: now + 180 + 360, expires: now + 180 + 360 + 3600 }, false],
      ['expiry within', { expires: now + 180 + 3600 + 290 }, true],
      ['expiry beyond', { expires: now + 180 + 3600 + 360 }, false],
      ['open deadline within', { gasless: gaslessTerms(now + 30 + 1 + 290) }, true],
      ['open deadline beyond', { gasless: gaslessTerms(now + 30 + 1 + 360) }, false],
    ]
    for (const [name, change, taken] of cases) {
      quoteWith(() => change)
      const outcome = await intent.getQuote(request()).catch((caught: unknown) => caught)
      if (taken) expect(outcome, name).toMatchObject({ providerId: 'intent' })
      else expect(outcome, name).toBeInstanceOf(InvalidQuoteError)
    }
  })

  it("takes honest quotes timed by a chain whose clock is hours ahead of the device's (a devnet moved on)", async () => {
    startIntent(true, ['eip3009'])
    chainTime = () => Math.floor(Date.now() / 1000) + 2 * 3600 + 15
    quoteWith(timedByChain)
    const route = (await intent.getQuote(request())) as Route
    expect(route.data.fillDeadline).toBe(chainTime() + 180)
    expect(intent.variantsOf?.(route)).toHaveLength(1)
  })

  it("gives the refund as long a delay as the origin settler's own (days in production)", async () => {
    settlerRefundDelay = 3 * DAY
    quoteWith(timedByChain)
    expect(await intent.getQuote(request())).toMatchObject({ providerId: 'intent' })
    settlerRefundDelay = 3600
    quoteWith((q) => ({ ...timedByChain(q), expires: chainTime() + 180 + 3 * DAY }))
    await expect(intent.getQuote(request())).rejects.toBeInstanceOf(InvalidQuoteError)
  })
})

describe('an amount the solver does not take', () => {
  const refusal = (code: string, limits: Record<string, string> = {}) => ({
    status: 400,
    body: { error: { code, message: 'amount is out of bounds', ...limits } },
  })

  it('carries the least or the most the solver takes, in the sent token, for the list to name', async () => {
    server.setRoutes({ '/v1/quote': refusal('AMOUNT_TOO_LOW', { minInputAmount: '310000' }) })
    const low = await intent.getQuote(request({ amount: 300_000n })).catch((error: unknown) => error)
    expect(low).toBeInstanceOf(RouteUnavailableError)
    expect(low).toMatchObject({ reason: 'amountTooLow', limit: { amount: 310_000n, token: token(A, USDC_A) } })

    server.setRoutes({ '/v1/quote': refusal('AMOUNT_TOO_HIGH', { maxInputAmount: '500000000000' }) })
    await expect(intent.getQuote(request({ amount: 600_000_000_000n }))).rejects.toMatchObject({
      reason: 'amountTooHigh',
      limit: { amount: 500_000_000_000n, token: token(A, USDC_A) },
    })
  })

  it('says which network the solver cannot follow now, by its name in the config, and nothing it does not know', async () => {
    const unavailable = (chainId: unknown) => ({
      status: 503,
      body: { error: { code: 'CHAIN_UNAVAILABLE', message: 'The solver cannot read it right now', chainId } },
    })
    server.setRoutes({ '/v1/quote': unavailable(B) })
    const error = await intent.getQuote(request()).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(RouteUnavailableError)
    expect(error).toMatchObject({ reason: 'networkUnavailable', network: `Local ${B}` })
    // A chain the config does not list, or no chain at all: the reason without a name.
    for (const chainId of [999_999, 'B', undefined]) {
      server.setRoutes({ '/v1/quote': unavailable(chainId) })
      await expect(intent.getQuote(request())).rejects.toMatchObject({
        reason: 'networkUnavailable',
        network: undefined,
      })
    }
  })

  it('still says why without a limit, or with one that is not an amount, or one the amount does not cross', async () => {
    // The request is for 100 USDC: a "minimum" of 0.001 USDC or a "maximum" of 200 USDC is no reason to refuse it.
    const answers: [string, 'amountTooLow' | 'amountTooHigh', Record<string, string>][] = [
      ['AMOUNT_TOO_LOW', 'amountTooLow', {}],
      ['AMOUNT_TOO_LOW', 'amountTooLow', { minInputAmount: '-1' }],
      ['AMOUNT_TOO_LOW', 'amountTooLow', { minInputAmount: '0.31' }],
      ['AMOUNT_TOO_LOW', 'amountTooLow', { minInputAmount: '1000' }],
      ['AMOUNT_TOO_HIGH', 'amountTooHigh', { maxInputAmount: '200000000' }],
    ]
    for (const [code, reason, limits] of answers) {
      server.setRoutes({ '/v1/quote': refusal(code, limits) })
      const error = await intent.getQuote(request()).catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(RouteUnavailableError)
      expect(error).toMatchObject({ reason, limit: undefined })
    }
  })
})
