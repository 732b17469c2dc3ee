import { pad, zeroAddress } from 'viem'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { FIXTURE_ACCOUNT, FIXTURE_DEPOSIT_TX, lifiFixtures } from '../../../test/fixtures/index.ts'
import { baseWithDeliveries, LIFI_DELIVERY } from '../../../test/support/lifiDelivery.ts'
import {
  DEPOSIT_BLOCK,
  type ProductionTestbed,
  REVERTED_DEPOSIT_TX,
  startProductionTestbed,
} from '../../../test/support/productionTestbed.ts'
import { restoreWith } from '../../../test/support/restoreWith.ts'
import { UnknownContractError } from '../../errors/walletErrors.ts'
import { HttpParseError, HttpTimeoutError } from '../../http/httpErrors.ts'
import { newSwapRecord } from '../../records/swapRecord.ts'
import { isSwapRecord } from '../../records/swapRecordSchema.ts'
import {
  InvalidQuoteError,
  InvalidResponseError,
  QuoteExpiredError,
  RefundByProviderError,
  RouteUnavailableError,
} from '../../routes/routeErrors.ts'
import type { Route } from '../../routes/types.ts'
import { acrossV4Calldata, feeStep, NATIVE_GAS, nativeGasAnswers, nativeGasCalldata } from './fixtures/quoteCalldata.ts'
import { LIFI_DIAMOND } from './lifiConfig.ts'

let bed: ProductionTestbed
const OTHER_CONTRACT = '0x000000000000000000000000000000000000dEaD'
const quote = lifiFixtures.quote
/** What the fixture quote's Across deposit pays: 99.975 USDC bridged (after LI.FI's fee) × its multiplier 0.999888. */
const ACROSS_PAYS = 99_963_802n
const withTransaction = (change: Partial<typeof quote.transactionRequest>) => ({
  ...quote,
  transactionRequest: { ...quote.transactionRequest, ...change },
})

beforeAll(async () => {
  // As the other testbed files: a loaded machine (the full run's two lanes) answers a replay well within 3 s.
  bed = await startProductionTestbed({ timeoutMs: 3_000 })
  // Base shows LI.FI's delivery of the status fixtures: its DONE is confirmed there.
  bed.server.setRoutes(baseWithDeliveries([LIFI_DELIVERY]))
})
afterAll(() => bed.close())
beforeEach(() => {
  bed.server.setRoutes({ '/v1/quote': { body: quote } })
})

const lastRequest = (path: string) => bed.server.requests.filter((request) => request.path === path).at(-1)

/** Only `Date` moves: the replay server's timers run as usual. */
const atTime = (seconds: number) => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(seconds * 1000)
}
afterEach(() => vi.useRealTimers())

describe('LI.FI quotes', () => {
  it('asks /v1/quote for the request and turns the answer into a route', async () => {
    const route = (await bed.lifi.getQuote(bed.usdcRequest)) as Route
    expect(lastRequest('/v1/quote')?.query).toEqual({
      fromChain: '42161',
      toChain: '8453',
      fromToken: bed.usdcRequest.origin.address,
      toToken: bed.usdcRequest.destination.address,
      fromAmount: '100000000',
      fromAddress: FIXTURE_ACCOUNT,
      toAddress: FIXTURE_ACCOUNT,
      // Only Across: the one bridge LI.FI still routes to whose diamond call can be checked.
      allowBridges: 'across,stargateV2,stargateV2Bus,polymerStandard',
      integrator: 'multi-bridge',
    })
    expect(route).toMatchObject({
      providerId: 'lifi',
      providerName: 'LI.FI (Across)',
      // What the Across deposit in the calldata pays, exactly (99.975 bridged × 0.999888), not LI.FI's estimate
      // (99.963809) nor its minimum (99.463989): Across's relayer fills that or nobody does.
      outputAmount: ACROSS_PAYS,
      minOutputAmount: ACROSS_PAYS,
      slippageBps: 0,
      slippageMode: 'fixed',
      estimatedSeconds: 12,
      depositAddress: LIFI_DIAMOND,
    })
    expect(route.fees).toEqual([
      { label: 'LIFI Fixed Fee', token: bed.usdcRequest.origin, amount: 25_000n },
      // The person's own gas as LI.FI estimates it: paid besides the amount, not a fee taken from it.
      {
        label: 'Network cost (provider estimate)',
        token: bed.token(42161, 'native'),
        amount: 1_860_000_000_000n,
        paidBy: 'sender',
      },
    ])
    expect(route.expiresAt - route.quotedAt).toBe(60_000)
    // LI.FI's own prices, for the USD values beside the amounts: USDC on both sides, and ETH for its gas cost.
    expect(route.prices).toEqual([
      { chainId: 42161, address: bed.usdcRequest.origin.address, usd: '0.99985' },
      { chainId: 8453, address: bed.usdcRequest.destination.address, usd: '0.99985' },
      { chainId: 42161, address: bed.token(42161, 'native').address, usd: '3290.14' },
    ])
  })

  it('shows no price that LI.FI does not give, or gives oddly', async () => {
    const { action } = quote
    bed.server.setRoutes({
      '/v1/quote': {
        body: {
          ...quote,
          action: {
            ...action,
            fromToken: { ...action.fromToken, priceUSD: 1 },
            toToken: { ...action.toToken, priceUSD: '' },
          },
          estimate: {
            ...quote.estimate,
            feeCosts: quote.estimate.feeCosts.map((fee) => ({ ...fee, token: { ...fee.token, priceUSD: '-1' } })),
            gasCosts: quote.estimate.gasCosts.map(({ token: { priceUSD: _price, ...token }, ...gas }) => ({
              ...gas,
              token,
            })),
          },
        },
      },
    })
    const route = (await bed.lifi.getQuote(bed.usdcRequest)) as Route
    expect(route.outputAmount).toBe(ACROSS_PAYS)
    expect(route.prices).toBeUndefined()
  })

  it("passes the person's slippage as a fraction, and refuses a minimum below it", async () => {
    // LI.FI answers 0.3 % with a minimum 0.3 % under its estimate.
    const { estimate } = quote
    const toAmountMin = String((BigInt(estimate.toAmount) * 9_970n) / 10_000n)
    bed.server.setRoutes({ '/v1/quote': { body: { ...quote, estimate: { ...estimate, toAmountMin } } } })
    const route = await bed.lifi.getQuote({ ...bed.usdcRequest, slippageBps: 30 })
    expect(lastRequest('/v1/quote')?.query.slippage).toBe('0.003')
    // The Across deposit pays an exact amount: no slippage applies to what arrives.
    expect(route).toMatchObject({ minOutputAmount: ACROSS_PAYS, slippageMode: 'fixed' })
    // The fixture's minimum is 0.5 % under: more than the person allows.
    bed.server.setRoutes({ '/v1/quote': { body: quote } })
    await expect(bed.lifi.getQuote({ ...bed.usdcRequest, slippageBps: 30 })).rejects.toMatchObject({
      code: 'invalidQuote',
    })
  })

  /** 0.1 ETH on Arbitrum for WETH on Base: gas on arrival is asked of LI.FI only when the native coin is sent. */
  const ethRequest = () => ({
    ...bed.usdcRequest,
    origin: bed.token(42161, 'native'),
    destination: bed.token(8453, 'weth'),
    amount: NATIVE_GAS.amount,
    gasOnArrival: true,
  })
  const ethFee = feeStep({ token: zeroAddress, amount: NATIVE_GAS.amount, fee: NATIVE_GAS.lifiFee })
  const fixtures = { quote: lifiFixtures.quoteGas, suggestion: lifiFixtures.gasSuggestion }
  const ethGas = nativeGasAnswers(fixtures)
  /** LI.FI's answers for ETH: with the Gas.zip step when `fromAmountForGas` is asked, without it otherwise. */
  const ethQuotes = (suggestion: unknown = ethGas.suggestion) => ({
    '/v1/gas/suggestion/8453': { body: suggestion },
    '/v1/quote': (request: { query: Record<string, string | undefined> }) => ({
      body: request.query.fromAmountForGas
        ? ethGas.quote
        : nativeGasAnswers(fixtures, nativeGasCalldata({ swaps: [ethFee] })).quote,
    }),
  })

  it('gas on arrival: asks LI.FI for its recommended gas and spends that much of the ETH sent on it', async () => {
    bed.server.setRoutes(ethQuotes())
    const route = (await bed.lifi.getQuote(ethRequest())) as Route
    expect(lastRequest('/v1/gas/suggestion/8453')?.query).toEqual({
      fromChain: '42161',
      fromToken: bed.token(42161, 'native').address,
      integrator: 'multi-bridge',
    })
    expect(lastRequest('/v1/quote')?.query.fromAmountForGas).toBe(NATIVE_GAS.gasFee.toString())
    expect(route.gasOnArrival).toEqual({
      status: 'included',
      token: bed.token(8453, 'native'),
      amount: 800_000_000_000_000n,
    })
    expect(route.fees.at(-1)).toEqual({
      label: 'Gas on arrival fee',
      token: bed.token(42161, 'native'),
      amount: NATIVE_GAS.gasFee,
    })
    // The gas is priced at what LI.FI's suggestion says ETH on Base is worth.
    expect(route.prices).toContainEqual({ chainId: 8453, address: bed.token(8453, 'native').address, usd: '3016.27' })
    // Not asked: no suggestion is read and the quote has no gas.
    const before = bed.server.requests.length
    const plain = (await bed.lifi.getQuote({ ...ethRequest(), gasOnArrival: undefined })) as Route
    expect(bed.server.requests.slice(before).map((r) => r.path)).toEqual(['/v1/quote'])
    expect(plain.gasOnArrival).toBeUndefined()
    expect(lastRequest('/v1/quote')?.query.fromAmountForGas).toBeUndefined()
  })

  it('gas on arrival: not asked for a token sent (its swap cannot be checked); the route says it has none', async () => {
    bed.server.setRoutes({
      '/v1/gas/suggestion/8453': { body: lifiFixtures.gasSuggestion },
      '/v1/quote': (request) => ({ body: request.query.fromAmountForGas ? lifiFixtures.quoteGas : quote }),
    })
    const before = bed.server.requests.length
    const route = (await bed.lifi.getQuote({ ...bed.usdcRequest, gasOnArrival: true })) as Route
    expect(bed.server.requests.slice(before).map((r) => r.path)).toEqual(['/v1/quote'])
    expect(lastRequest('/v1/quote')?.query.fromAmountForGas).toBeUndefined()
    expect(route.gasOnArrival).toEqual({ status: 'unavailable' })
    expect(route.fees.map((fee) => fee.label)).not.toContain('Gas on arrival fee')
  })

  it.each([
    ['LI.Fuel is not available there', lifiFixtures.gasUnavailable],
    [
      'the gas is on another chain',
      { ...ethGas.suggestion, recommended: { ...ethGas.suggestion.recommended, chainId: 10 } },
    ],
    [
      'the gas is a token, not the native coin',
      {
        ...ethGas.suggestion,
        recommended: { ...ethGas.suggestion.recommended, address: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913' },
      },
    ],
    ['it is priced in another token', { ...ethGas.suggestion, fromToken: lifiFixtures.gasSuggestion.fromToken }],
    ['it costs the whole input', { ...ethGas.suggestion, fromAmount: NATIVE_GAS.amount.toString() }],
    ['the answer is malformed', { available: true, recommended: { amount: '-1' } }],
  ])('gas on arrival: quotes without gas when %s', async (_case, body) => {
    bed.server.setRoutes(ethQuotes(body))
    const route = (await bed.lifi.getQuote(ethRequest())) as Route
    expect(route.gasOnArrival).toEqual({ status: 'unavailable' })
    expect(lastRequest('/v1/quote')?.query.fromAmountForGas).toBeUndefined()
  })

  it('gas on arrival: not asked where the step that buys it could not be checked (no GasZipPeriphery known)', async () => {
    const lifi = bed.manifest.providers?.lifi
    const peripheries = lifi?.gasZipPeripheries
    if (lifi) lifi.gasZipPeripheries = {}
    try {
      bed.server.setRoutes(ethQuotes())
      const before = bed.server.requests.length
      const route = (await bed.lifi.getQuote(ethRequest())) as Route
      expect(route.gasOnArrival).toEqual({ status: 'unavailable' })
      expect(bed.server.requests.slice(before).map((r) => r.path)).toEqual(['/v1/quote'])
      expect(lastRequest('/v1/quote')?.query.fromAmountForGas).toBeUndefined()
    } finally {
      if (lifi) lifi.gasZipPeripheries = peripheries
    }
  })

  it('gas on arrival: an unreachable gas service costs only the gas, never the quote', async () => {
    bed.server.setRoutes({ ...ethQuotes(), '/v1/gas/suggestion/8453': { status: 500, body: { message: 'down' } } })
    const route = (await bed.lifi.getQuote(ethRequest())) as Route
    expect(route.gasOnArrival).toEqual({ status: 'unavailable' })
    expect(route.request.amount).toBe(NATIVE_GAS.amount)
  })

  it('plans the exact approval to the approval address and the transaction LI.FI built', async () => {
    const route = (await bed.lifi.getQuote(bed.usdcRequest)) as Route
    expect(await bed.lifi.planDeposit(route)).toEqual({
      transaction: { chainId: 42161, to: LIFI_DIAMOND, data: quote.transactionRequest.data, value: 0n },
      approval: { token: bed.usdcRequest.origin, spender: LIFI_DIAMOND, amount: 100_000_000n },
    })
  })

  it('refuses a transaction request to a contract that is not on the allowlist', async () => {
    bed.server.setRoutes({ '/v1/quote': { body: withTransaction({ to: OTHER_CONTRACT }) } })
    const error = await bed.lifi.getQuote(bed.usdcRequest).catch((e) => e)
    expect(error).toBeInstanceOf(UnknownContractError)
    expect(error.message).toBe(`Unknown contract type: ${OTHER_CONTRACT}`)
  })

  it('refuses an approval to a spender that is not on the allowlist', async () => {
    bed.server.setRoutes({
      '/v1/quote': { body: { ...quote, estimate: { ...quote.estimate, approvalAddress: OTHER_CONTRACT } } },
    })
    await expect(bed.lifi.getQuote(bed.usdcRequest)).rejects.toThrow(`Unknown contract type: ${OTHER_CONTRACT}`)
  })

  it('refuses a planned deposit whose transaction was changed after the quote', async () => {
    const route = (await bed.lifi.getQuote(bed.usdcRequest)) as Route
    const data = route.data as { transaction: Record<string, string> }
    const changed = { ...route, data: { ...route.data, transaction: { ...data.transaction, to: OTHER_CONTRACT } } }
    await expect(bed.lifi.planDeposit(changed)).rejects.toBeInstanceOf(UnknownContractError)
    await expect(bed.lifi.planDeposit({ ...route, expiresAt: Date.now() - 1 })).rejects.toBeInstanceOf(
      QuoteExpiredError,
    )
  })

  it('refuses a quote about another transfer', async () => {
    bed.server.setRoutes({ '/v1/quote': { body: { ...quote, action: { ...quote.action, fromAmount: '1' } } } })
    const error = await bed.lifi.getQuote(bed.usdcRequest).catch((e) => e)
    expect(error).toBeInstanceOf(InvalidQuoteError)
    expect(error.details).toContain('fromAmount')
    bed.server.setRoutes({ '/v1/quote': { body: withTransaction({ chainId: 8453 }) } })
    await expect(bed.lifi.getQuote(bed.usdcRequest)).rejects.toBeInstanceOf(InvalidQuoteError)
    // A transaction built for someone else would move their approval, not the person's.
    bed.server.setRoutes({ '/v1/quote': { body: withTransaction({ from: OTHER_CONTRACT }) } })
    await expect(bed.lifi.getQuote(bed.usdcRequest)).rejects.toMatchObject({
      details: expect.stringContaining('transactionRequest.from'),
    })
  })

  it('sends the native coin as value, and refuses any value beyond the amount that no fee explains', async () => {
    const eth = bed.token(42161, 'native')
    const baseEth = bed.token(8453, 'native')
    // Across pays out the wrapped coin, which a wallet asking for the coin gets unwrapped.
    const data = acrossV4Calldata({
      bridge: { sendingAssetId: eth.address, minAmount: 100_000_000n },
      swaps: [],
      across: { receivingAssetId: pad(bed.token(8453, 'weth').address, { size: 32 }), outputAmount: 99_000_000n },
    })
    const native = {
      ...quote,
      action: {
        ...quote.action,
        fromToken: { ...quote.action.fromToken, address: eth.address, decimals: 18 },
        toToken: { ...quote.action.toToken, address: baseEth.address, decimals: 18 },
      },
      estimate: { ...quote.estimate, toAmount: '99000000', toAmountMin: '99000000' },
      transactionRequest: { ...quote.transactionRequest, data, value: '0x5f5e100' },
    }
    bed.server.setRoutes({ '/v1/quote': { body: native } })
    const request = { ...bed.usdcRequest, origin: eth, destination: baseEth }
    const route = (await bed.lifi.getQuote(request)) as Route
    expect(route.nativeFee).toBeUndefined()
    expect(await bed.lifi.planDeposit(route)).toEqual({
      transaction: { chainId: 42161, to: LIFI_DIAMOND, data, value: 100_000_000n },
    })
    // 500 wei more than the amount, named by no fee: it would leave the wallet unexplained.
    bed.server.setRoutes({
      '/v1/quote': { body: { ...native, transactionRequest: { ...native.transactionRequest, value: '100000500' } } },
    })
    const error = await bed.lifi.getQuote(request).catch((e) => e)
    expect(error).toBeInstanceOf(InvalidQuoteError)
    expect(error.details).toContain('500 of the native coin')
    bed.server.setRoutes({
      '/v1/quote': { body: { ...native, transactionRequest: { ...native.transactionRequest, value: '0x0' } } },
    })
    await expect(bed.lifi.getQuote(request)).rejects.toThrow(InvalidQuoteError)
  })

  it('sends a native fee paid on top of the amount as value, shown once among the fees', async () => {
    const eth = bed.token(42161, 'native')
    // Shape of LI.FI's feeCosts (lifinance/sdk checkBalance unit test): `included: false` is paid on top,
    // in the native coin, as the transaction's value.
    const messagingFee = {
      name: 'LayerZero fee',
      description: 'Paid to the messaging layer',
      percentage: '0',
      token: { address: eth.address, chainId: 42161, symbol: 'ETH', decimals: 18, name: 'ETH', priceUSD: '3290.14' },
      amount: '2000000000000000',
      amountUSD: '6.58',
      included: false,
    }
    const onTop = {
      ...quote,
      estimate: { ...quote.estimate, feeCosts: [...(quote.estimate.feeCosts ?? []), messagingFee] },
      transactionRequest: { ...quote.transactionRequest, value: '0x71afd498d0000' }, // 0.002 ETH
    }
    bed.server.setRoutes({ '/v1/quote': { body: onTop } })
    const route = (await bed.lifi.getQuote(bed.usdcRequest)) as Route
    expect(route.fees.filter((fee) => fee.token.kind === 'native' && fee.paidBy !== 'sender')).toEqual([
      { label: 'LayerZero fee', token: eth, amount: 2_000_000_000_000_000n },
    ])
    expect(route.nativeFee).toBe(2_000_000_000_000_000n)
    expect((await bed.lifi.planDeposit(route)).transaction.value).toBe(2_000_000_000_000_000n)
    // 256 wei beyond what the fees explain: refused, no longer shown as a fee line.
    bed.server.setRoutes({
      '/v1/quote': {
        body: { ...onTop, transactionRequest: { ...onTop.transactionRequest, value: '0x71afd498d0100' } },
      },
    })
    await expect(bed.lifi.getQuote(bed.usdcRequest)).rejects.toMatchObject({
      code: 'invalidQuote',
      details: expect.stringContaining('256 of the native coin'),
    })
  })

  it('keeps the route’s bridge in the swap record, for /status', async () => {
    const route = (await bed.lifi.getQuote(bed.usdcRequest)) as Route
    expect(newSwapRecord(route, FIXTURE_ACCOUNT).data).toEqual({ tool: quote.tool })
  })

  it('turns 404 "No available quotes" into a clear reason, with LI.FI\'s message', async () => {
    bed.server.setRoutes({ '/v1/quote': { status: 404, body: lifiFixtures.noQuotes } })
    const error = await bed.lifi.getQuote(bed.usdcRequest).catch((e) => e)
    expect(error).toBeInstanceOf(RouteUnavailableError)
    expect(error).toMatchObject({
      providerId: 'lifi',
      reason: 'amountTooLow',
      details: 'No available quotes for the requested transfer',
    })
    bed.server.setRoutes({
      '/v1/quote': { status: 404, body: { message: 'No available quotes', code: 1002, errors: 'unexpected' } },
    })
    await expect(bed.lifi.getQuote(bed.usdcRequest)).rejects.toMatchObject({
      reason: 'unsupportedRoute',
      details: 'No available quotes',
    })
    bed.server.setRoutes({ '/v1/quote': { status: 400, body: lifiFixtures.validationError } })
    await expect(bed.lifi.getQuote(bed.usdcRequest)).rejects.toMatchObject({
      reason: 'unsupportedRoute',
      details: lifiFixtures.validationError.message,
    })
  })

  it('retries once after 429 with retry-after', async () => {
    const before = bed.server.requests.length
    bed.server.setRoutes({
      '/v1/quote': [{ status: 429, headers: { 'retry-after': '0' }, body: { message: 'Rate limit' } }, { body: quote }],
    })
    expect(await bed.lifi.getQuote(bed.usdcRequest)).toMatchObject({ outputAmount: ACROSS_PAYS })
    expect(bed.server.requests.slice(before).filter((request) => request.path === '/v1/quote')).toHaveLength(2)
  })

  it('reports time-outs, malformed JSON and wrong shapes as distinct errors', async () => {
    bed.server.setRoutes({ '/v1/quote': { body: quote, delayMs: 4_000 } })
    await expect(bed.lifi.getQuote(bed.usdcRequest)).rejects.toBeInstanceOf(HttpTimeoutError)
    bed.server.setRoutes({ '/v1/quote': { rawBody: '{"type":"lifi","transactionRequest":' } })
    await expect(bed.lifi.getQuote(bed.usdcRequest)).rejects.toBeInstanceOf(HttpParseError)
    const { transactionRequest: _, ...withoutTransaction } = quote
    bed.server.setRoutes({ '/v1/quote': { body: withoutTransaction } })
    const error = await bed.lifi.getQuote(bed.usdcRequest).catch((e) => e)
    expect(error).toBeInstanceOf(InvalidQuoteError)
    expect(error.details).toContain('transactionRequest')
  })

  it('has no route for chains outside the config', async () => {
    const avalanche = { ...bed.usdcRequest.destination, chainId: 43114 }
    expect(await bed.lifi.getQuote({ ...bed.usdcRequest, destination: avalanche })).toBeUndefined()
  })
})

describe('LI.FI status', () => {
  const pending = lifiFixtures.statusPending
  const failed = lifiFixtures.statusFailed
  const cases: [string, unknown, Record<string, unknown>][] = [
    ['NOT_FOUND', lifiFixtures.statusNotFound, { status: 'deposited', statusDetail: 'NOT_FOUND' }],
    ['INVALID', { status: 'INVALID' }, { status: 'deposited', statusDetail: 'INVALID' }],
    ...(
      [
        'WAIT_SOURCE_CONFIRMATIONS',
        'WAIT_DESTINATION_TRANSACTION',
        'BRIDGE_NOT_AVAILABLE',
        'CHAIN_NOT_AVAILABLE',
        'UNKNOWN_ERROR',
      ] as const
    ).map((substatus): [string, unknown, Record<string, unknown>] => [
      `PENDING ${substatus}`,
      { ...pending, substatus },
      { status: 'deposited', statusDetail: substatus },
    ]),
    [
      'PENDING REFUND_IN_PROGRESS',
      { ...pending, substatus: 'REFUND_IN_PROGRESS' },
      { status: 'providerRefunding', statusDetail: 'REFUND_IN_PROGRESS' },
    ],
    [
      'DONE COMPLETED',
      lifiFixtures.statusDone,
      {
        status: 'completed',
        deliveryTx: lifiFixtures.statusDone.receiving.txHash,
        deliveredAt: 1_735_689_614,
        destination: expect.objectContaining({
          receivedAmount: '99964120',
          token: expect.objectContaining({ symbol: 'USDC' }),
        }),
      },
    ],
    // Another token than the one asked (the bridged USDbC): the swap's minimum says nothing of it, and the API alone
    // names it, so it is not taken as the delivery; the person is told to look in their wallet.
    ['DONE PARTIAL', lifiFixtures.statusPartial, { status: 'deposited', statusDetail: 'DELIVERY_OTHER_TOKEN' }],
    [
      'DONE REFUNDED',
      lifiFixtures.statusRefunded,
      {
        status: 'refunded',
        statusDetail: 'REFUNDED',
        refundTx: lifiFixtures.statusRefunded.receiving.txHash,
      },
    ],
    ...(
      [
        'NOT_PROCESSABLE_REFUND_NEEDED',
        'INSUFFICIENT_ALLOWANCE',
        'INSUFFICIENT_BALANCE',
        'OUT_OF_GAS',
        'EXPIRED',
        'SLIPPAGE_EXCEEDED',
        'UNKNOWN_FAILED_ERROR',
      ] as const
    ).map((substatus): [string, unknown, Record<string, unknown>] => [
      `FAILED ${substatus}`,
      { ...failed, substatus },
      { status: 'providerFailed', statusDetail: substatus },
    ]),
  ]

  it.each(cases)('maps %s', async (name, body, expected) => {
    bed.server.setRoutes({ '/v1/status': { body } })
    // Base shows the delivery of what LI.FI says arrived (PARTIAL: the bridged USDbC, still not taken).
    const token = name === 'DONE PARTIAL' ? lifiFixtures.statusPartial.receiving.token.address : LIFI_DELIVERY.token
    bed.server.setRoutes(baseWithDeliveries([{ ...LIFI_DELIVERY, token: token as `0x${string}` }]))
    atTime(DEPOSIT_BLOCK.timestamp + 60) // a minute after the deposit
    const record = await bed.trackOnce('lifi')
    expect(record).toEqual(expect.objectContaining(expected))
    expect(isSwapRecord(record)).toBe(true)
    // LI.FI refunds by itself: the person is never offered a refund button.
    expect(record.status).not.toBe('refundable')
  })

  it('asks again without the bridge when LI.FI says the hash is not tied to it (INVALID)', async () => {
    bed.server.setRoutes({
      '/v1/status': (request) => ({ body: request.query.bridge ? { status: 'INVALID' } : lifiFixtures.statusPending }),
    })
    atTime(DEPOSIT_BLOCK.timestamp + 60)
    const before = bed.server.requests.length
    expect(await bed.lifi.track(bed.depositedRecord('lifi'))).toMatchObject({ type: 'pending' })
    const asked = bed.server.requests.slice(before).filter((request) => request.path === '/v1/status')
    expect(asked.map((request) => request.query.bridge)).toEqual(['relay', undefined])
  })

  it('asks by deposit transaction, chains and bridge', async () => {
    bed.server.setRoutes({ '/v1/status': { body: pending } })
    await bed.lifi.track(bed.depositedRecord('lifi'))
    expect(lastRequest('/v1/status')?.query).toMatchObject({
      txHash: FIXTURE_DEPOSIT_TX,
      fromChain: '42161',
      toChain: '8453',
      bridge: 'relay',
    })
  })

  it('keeps waiting while LI.FI does not know the deposit yet, and reports a malformed status', async () => {
    bed.server.setRoutes({ '/v1/status': { status: 404, body: { message: 'Not found', code: 1003 } } })
    atTime(DEPOSIT_BLOCK.timestamp + 60)
    expect(await bed.lifi.track(bed.depositedRecord('lifi'))).toEqual({ type: 'pending', statusDetail: 'NOT_FOUND' })
    // A day later LI.FI still does not know it: the person is told (and it is still followed).
    atTime(DEPOSIT_BLOCK.timestamp + 2 * 86_400)
    expect(await bed.lifi.track(bed.depositedRecord('lifi'))).toEqual({
      type: 'providerFailed',
      statusDetail: 'NOT_FOUND_AFTER_A_DAY',
    })
    bed.server.setRoutes({ '/v1/status': { body: { status: 'MAYBE' } } })
    await expect(bed.lifi.track(bed.depositedRecord('lifi'))).rejects.toBeInstanceOf(InvalidResponseError)
  })

  it('reads the mined deposit from the origin chain', async () => {
    const record = bed.sentRecord('lifi')
    expect(await bed.lifi.onDepositMined(record)).toMatchObject({
      type: 'depositMined',
      id: FIXTURE_DEPOSIT_TX,
      depositedAt: DEPOSIT_BLOCK.timestamp,
    })
    expect(await bed.lifi.onDepositMined({ ...record, depositTx: REVERTED_DEPOSIT_TX })).toMatchObject({
      type: 'depositFailed',
      error: 'depositReverted',
    })
  })

  it('has nothing for the person to refund', async () => {
    await expect(bed.lifi.planRefund(bed.depositedRecord('lifi'))).rejects.toBeInstanceOf(RefundByProviderError)
  })
})

describe('LI.FI chains, tokens and history', () => {
  it("lists the config's chains LI.FI serves", async () => {
    expect(await bed.lifi.listChains?.()).toEqual([
      { id: 1, name: 'Ethereum', logoURI: lifiFixtures.chains.chains[0]?.logoURI },
      { id: 42161, name: 'Arbitrum', logoURI: lifiFixtures.chains.chains[1]?.logoURI },
      { id: 8453, name: 'Base', logoURI: lifiFixtures.chains.chains[2]?.logoURI },
      { id: 56, name: 'BSC' },
    ])
    expect(lastRequest('/v1/chains')?.query).toEqual({ chainTypes: 'EVM' })
  })

  it('lists tokens for the picker, dropping bad entries instead of the list', async () => {
    const tokens = (await bed.lifi.listTokens?.()) as Map<number, { symbol: string; kind: string; name: string }[]>
    expect(lastRequest('/v1/tokens')?.query.chains).toBe('1,42161,10,8453,137,56')
    expect([...tokens.keys()]).toEqual([42161, 8453])
    expect(tokens.get(42161)?.map((token) => [token.symbol, token.kind])).toEqual([
      ['ETH', 'native'],
      ['USDC', 'usdc'],
      ['USDT', 'usdt'],
      ['ARB', 'erc20'],
      ['UNI', 'erc20'],
    ])
    expect(tokens.get(42161)?.at(-1)?.name).toBe('UNI')
    expect(tokens.get(8453)?.map((token) => token.symbol)).toEqual(['ETH', 'USDC', 'USDbC'])
  })

  it("prices the picker's tokens from the same token list, asked once when the list and prices are asked together", async () => {
    const before = bed.server.requests.filter((request) => request.path === '/v1/tokens').length
    const [tokens, prices] = await Promise.all([bed.lifi.listTokens?.(), bed.lifi.tokenPrices?.()])
    expect(bed.server.requests.filter((request) => request.path === '/v1/tokens')).toHaveLength(before + 1)
    expect(tokens?.get(42161)).toHaveLength(5)
    // The native coin under the config's address; tokens without a price (UNI, Base's) are not guessed.
    expect(prices).toEqual([
      { chainId: 42161, address: '0x0000000000000000000000000000000000000000', usd: '3290.14' },
      { chainId: 42161, address: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831', usd: '0.99985' },
      { chainId: 42161, address: '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9', usd: '1.0001' },
      { chainId: 42161, address: '0x912CE59144191C1204E64559FE8253a0e49E6548', usd: '0.41' },
    ])
    // Asked again later: a new answer (prices move), not the one before.
    await bed.lifi.tokenPrices?.()
    expect(bed.server.requests.filter((request) => request.path === '/v1/tokens')).toHaveLength(before + 2)
  })

  it('reports a token list that is not one', async () => {
    bed.server.setRoutes({ '/v1/tokens': { body: { tokens: 'none' } } })
    await expect(bed.lifi.listTokens?.()).rejects.toBeInstanceOf(InvalidResponseError)
    bed.server.setRoutes({ '/v1/tokens': { body: lifiFixtures.tokens } })
  })

  it("restores the person's LI.FI transfers of this app", async () => {
    const records = await restoreWith(bed.lifi, FIXTURE_ACCOUNT)
    expect(lastRequest('/v1/analytics/transfers')?.query).toEqual({
      wallet: FIXTURE_ACCOUNT,
      integrator: 'multi-bridge',
    })
    expect(records).toHaveLength(2)
    expect(records[0]).toMatchObject({
      id: FIXTURE_DEPOSIT_TX,
      status: 'completed',
      origin: { amount: '100000000', token: { symbol: 'USDC', chainId: 42161 } },
      destination: { receivedAmount: '99964120', token: { symbol: 'USDC', chainId: 8453 } },
      depositedAt: 1_735_689_600,
    })
    expect(records[1]).toMatchObject({
      status: 'deposited',
      statusDetail: 'WAIT_SOURCE_CONFIRMATIONS',
      origin: { amount: '2500000000000000000', token: { kind: 'native', chainId: 10 } },
      destination: { estimatedAmount: '8204127331', token: { kind: 'usdc', chainId: 42161 } },
    })
  })
})
