import { decodeFunctionData, type Hex, slice } from 'viem'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  acrossFeesAt,
  acrossFixtures,
  FIXTURE_ACCOUNT,
  FIXTURE_DEPOSIT_TX,
  FIXTURE_FILL_TX,
} from '../../../test/fixtures/index.ts'
import {
  arbitrumRoutes,
  BASE_CONTRACT,
  DEPOSIT_BLOCK,
  FILL_BLOCK,
  type ProductionTestbed,
  REVERTED_DEPOSIT_TX,
  startProductionTestbed,
} from '../../../test/support/productionTestbed.ts'
import { restoreWith } from '../../../test/support/restoreWith.ts'
import { createChainClients } from '../../chains/chainClients.ts'
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
import { parseManifest } from '../../setup/manifest.ts'
import { createAcrossProvider } from './acrossProvider.ts'
import { spokePoolDepositV3Abi } from './acrossSchemas.ts'

let bed: ProductionTestbed
// Asked now: the answer's fill deadline is hours after its timestamp, as Across's are.
const fees = acrossFeesAt(acrossFixtures.suggestedFees, Math.floor(Date.now() / 1000))
const ARBITRUM_POOL = '0xe35e9842fceaCA96570B734083f4a58e8F7C5f2A'
const OTHER_CONTRACT = '0x000000000000000000000000000000000000dEaD'

beforeAll(async () => {
  bed = await startProductionTestbed({ timeoutMs: 400 })
})
afterAll(() => bed.close())
beforeEach(() => {
  bed.server.setRoutes({ '/api/suggested-fees': { body: fees } })
})

const lastRequest = (path: string) => bed.server.requests.filter((request) => request.path === path).at(-1)

describe('Across quotes', () => {
  it('asks /suggested-fees for the route and keeps its output amount, deadline, exclusivity and fees', async () => {
    const route = (await bed.across.getQuote(bed.usdcRequest)) as Route
    expect(lastRequest('/api/suggested-fees')?.query).toEqual({
      inputToken: bed.usdcRequest.origin.address,
      outputToken: bed.usdcRequest.destination.address,
      originChainId: '42161',
      destinationChainId: '8453',
      amount: '100000000',
      recipient: FIXTURE_ACCOUNT,
      // Across's SDK always sends it; without it, USDC/USDT to or from BNB Chain (18 decimals) are refused.
      allowUnmatchedDecimals: 'true',
    })
    expect(route).toMatchObject({
      providerId: 'across',
      providerName: 'Across',
      outputAmount: 99_976_623n,
      minOutputAmount: 99_976_623n,
      slippageBps: 0,
      estimatedSeconds: 4,
      depositAddress: ARBITRUM_POOL,
      data: {
        quoteTimestamp: Number(fees.timestamp),
        fillDeadline: Number(fees.fillDeadline),
        exclusivityParameter: 0,
        exclusiveRelayer: '0x0000000000000000000000000000000000000000',
      },
    })
    expect(route.fees).toEqual([
      { label: 'Relayer fee', token: bed.usdcRequest.origin, amount: 7_875n },
      { label: 'Relayer gas fee', token: bed.usdcRequest.origin, amount: 15_502n },
    ])
  })

  it('derives the output amount from the total fee when an older answer leaves it out', async () => {
    const { outputAmount: _, ...older } = fees
    bed.server.setRoutes({ '/api/suggested-fees': { body: older } })
    expect(await bed.across.getQuote(bed.usdcRequest)).toMatchObject({ outputAmount: 100_000_000n - 23_377n })
  })

  it('plans depositV3 into the SpokePool with the quote, and the exact approval to it', async () => {
    const route = (await bed.across.getQuote(bed.usdcRequest)) as Route
    const plan = await bed.across.planDeposit(route)
    expect(plan.approval).toEqual({ token: bed.usdcRequest.origin, spender: ARBITRUM_POOL, amount: 100_000_000n })
    expect(plan.transaction).toMatchObject({ chainId: 42161, to: ARBITRUM_POOL, value: 0n })
    const call = decodeFunctionData({ abi: spokePoolDepositV3Abi, data: plan.transaction.data })
    expect(call.functionName).toBe('depositV3')
    expect(call.args).toEqual([
      FIXTURE_ACCOUNT,
      FIXTURE_ACCOUNT,
      bed.usdcRequest.origin.address,
      bed.usdcRequest.destination.address,
      100_000_000n,
      99_976_623n,
      8453n,
      '0x0000000000000000000000000000000000000000',
      Number(fees.timestamp),
      Number(fees.fillDeadline),
      0,
      '0x',
    ])
  })

  it('never sends an Authorization header (a browser could not: CORS), even from a config carrying an old key', async () => {
    const across = bed.manifest.providers?.across
    const manifest = parseManifest({ ...bed.manifest, providers: { across: { ...across, apiKey: 'k3y-from-across' } } })
    expect(manifest.providers?.across).not.toHaveProperty('apiKey')
    const provider = createAcrossProvider({ manifest, clients: createChainClients(manifest) })
    await provider?.getQuote(bed.usdcRequest)
    bed.server.setRoutes({ '/api/deposit/status': { body: acrossFixtures.statusPending } })
    await provider?.track(bed.depositedRecord('across'))
    await provider?.findSwaps(FIXTURE_ACCOUNT)
    for (const path of ['/api/suggested-fees', '/api/deposit/status', '/api/deposits']) {
      expect(lastRequest(path), path).toBeDefined()
      expect(lastRequest(path)?.headers.authorization, path).toBeUndefined()
    }
  })

  it('deposits the native coin as WETH with value, and appends the integrator id when configured', async () => {
    const manifest = structuredClone(bed.manifest)
    if (manifest.providers?.across) manifest.providers.across.integratorId = '0x00ab'
    const across = createAcrossProvider({ manifest, clients: createChainClients(manifest) })
    const eth = bed.token(42161, 'native')
    const weth = bed.token(42161, 'weth')
    const request = { ...bed.usdcRequest, origin: eth, amount: 10n ** 18n }
    bed.server.setRoutes({
      '/api/suggested-fees': {
        body: {
          ...fees,
          inputToken: { ...fees.inputToken, address: weth.address },
          outputAmount: '999000000000000000',
          limits: { ...fees.limits, minDeposit: '2000000000000000', maxDeposit: '3000000000000000000000' },
        },
      },
    })
    const route = (await across?.getQuote(request)) as Route
    expect(lastRequest('/api/suggested-fees')?.query.inputToken).toBe(weth.address)
    const plan = await across?.planDeposit(route)
    expect(plan?.approval).toBeUndefined()
    expect(plan?.transaction.value).toBe(10n ** 18n)
    expect(slice(plan?.transaction.data as Hex, -5)).toBe('0x1dc0de00ab')
    const call = decodeFunctionData({ abi: spokePoolDepositV3Abi, data: plan?.transaction.data as Hex })
    expect(call.args[2]).toBe(weth.address)
  })

  it('has no route for a native coin Across does not bridge, nor within one chain', async () => {
    const pol = bed.token(137, 'native')
    expect(await bed.across.getQuote({ ...bed.usdcRequest, origin: pol })).toBeUndefined()
    expect(await bed.across.getQuote({ ...bed.usdcRequest, destination: bed.token(42161, 'usdt') })).toBeUndefined()
  })

  it('refuses a SpokePool that is not the listed one', async () => {
    bed.server.setRoutes({ '/api/suggested-fees': { body: { ...fees, spokePoolAddress: OTHER_CONTRACT } } })
    const error = await bed.across.getQuote(bed.usdcRequest).catch((e) => e)
    expect(error).toBeInstanceOf(UnknownContractError)
    expect(error.message).toBe(`Unknown contract type: ${OTHER_CONTRACT}`)
  })

  it('refuses to plan a deposit to another contract, or after the quote or deadline expired', async () => {
    const route = (await bed.across.getQuote(bed.usdcRequest)) as Route
    await expect(bed.across.planDeposit({ ...route, depositAddress: OTHER_CONTRACT })).rejects.toBeInstanceOf(
      UnknownContractError,
    )
    await expect(bed.across.planDeposit({ ...route, expiresAt: Date.now() - 1 })).rejects.toBeInstanceOf(
      QuoteExpiredError,
    )
    await expect(
      bed.across.planDeposit({ ...route, data: { ...route.data, fillDeadline: Math.floor(Date.now() / 1000) - 1 } }),
    ).rejects.toBeInstanceOf(QuoteExpiredError)
  })

  it('accepts an exclusivity Across sends as a time (above a year), soon or already passed, and signs it as sent', async () => {
    const relayer = '0x00000000000000000000000000000000000A11cE'
    const now = Math.floor(Date.now() / 1000)
    for (const exclusivityDeadline of [now + 30, now - 30]) {
      bed.server.setRoutes({
        '/api/suggested-fees': { body: { ...fees, exclusiveRelayer: relayer, exclusivityDeadline } },
      })
      const route = (await bed.across.getQuote(bed.usdcRequest)) as Route
      expect(route.data).toMatchObject({ exclusiveRelayer: relayer, exclusivityParameter: exclusivityDeadline })
      const plan = await bed.across.planDeposit(route)
      const call = decodeFunctionData({ abi: spokePoolDepositV3Abi, data: plan.transaction.data })
      expect(call.args[10]).toBe(exclusivityDeadline)
    }
  })

  it('explains an amount that is too low: isAmountTooLow, below minDeposit, or the 400 answer', async () => {
    bed.server.setRoutes({ '/api/suggested-fees': { body: { ...fees, isAmountTooLow: true } } })
    const flagged = await bed.across.getQuote(bed.usdcRequest).catch((e) => e)
    expect(flagged).toBeInstanceOf(RouteUnavailableError)
    // The limit in the sent token, so the list can say it: "at least 1 USDC".
    expect(flagged).toMatchObject({
      providerId: 'across',
      reason: 'amountTooLow',
      limit: { amount: 1_000_000n, token: bed.usdcRequest.origin },
    })
    expect(flagged.details).toContain('too low')

    bed.server.setRoutes({ '/api/suggested-fees': { body: fees } })
    await expect(bed.across.getQuote({ ...bed.usdcRequest, amount: 999_999n })).rejects.toMatchObject({
      reason: 'amountTooLow',
      limit: { amount: 1_000_000n, token: bed.usdcRequest.origin },
    })
    await expect(bed.across.getQuote({ ...bed.usdcRequest, amount: 2_000_000_000_000n })).rejects.toMatchObject({
      reason: 'amountTooHigh',
      limit: { amount: 1_526_388_409_462n, token: bed.usdcRequest.origin },
    })

    bed.server.setRoutes({ '/api/suggested-fees': { status: 400, body: acrossFixtures.amountTooLow } })
    await expect(bed.across.getQuote(bed.usdcRequest)).rejects.toMatchObject({
      reason: 'amountTooLow',
      details: 'Sent amount is too low relative to fees',
    })
  })

  it('has no route when Across does not enable it', async () => {
    bed.server.setRoutes({ '/api/suggested-fees': { status: 400, body: acrossFixtures.routeNotEnabled } })
    expect(await bed.across.getQuote(bed.usdcRequest)).toBeUndefined()
  })

  it('retries once after 429, and reports time-outs, malformed JSON and wrong shapes', async () => {
    bed.server.setRoutes({
      '/api/suggested-fees': [{ status: 429, headers: { 'retry-after': '0' } }, { body: fees }],
    })
    expect(await bed.across.getQuote(bed.usdcRequest)).toMatchObject({ outputAmount: 99_976_623n })
    bed.server.setRoutes({ '/api/suggested-fees': { body: fees, delayMs: 1_500 } })
    await expect(bed.across.getQuote(bed.usdcRequest)).rejects.toBeInstanceOf(HttpTimeoutError)
    bed.server.setRoutes({ '/api/suggested-fees': { rawBody: '<html>502 Bad Gateway</html>' } })
    await expect(bed.across.getQuote(bed.usdcRequest)).rejects.toBeInstanceOf(HttpParseError)
    bed.server.setRoutes({ '/api/suggested-fees': { body: { ...fees, fillDeadline: 'soon' } } })
    const error = await bed.across.getQuote(bed.usdcRequest).catch((e) => e)
    expect(error).toBeInstanceOf(InvalidQuoteError)
    expect(error.details).toContain('fillDeadline')
    bed.server.setRoutes({ '/api/suggested-fees': { body: { ...fees, outputToken: { address: OTHER_CONTRACT } } } })
    await expect(bed.across.getQuote(bed.usdcRequest)).rejects.toBeInstanceOf(InvalidQuoteError)
  })
})

describe('Across quotes of other decimals and wrapped ETH', () => {
  const at = <T extends { timestamp: string; fillDeadline: string }>(body: T) =>
    acrossFeesAt(body, Math.floor(Date.now() / 1000))

  it('quotes USDC to BNB Chain (18 decimals) with the output in its own units, and needs that output', async () => {
    bed.server.setRoutes({ '/api/suggested-fees': { body: at(acrossFixtures.suggestedFeesBnbUsdc) } })
    const request = { ...bed.usdcRequest, destination: bed.token(56, 'usdc') }
    const route = (await bed.across.getQuote(request)) as Route
    expect(lastRequest('/api/suggested-fees')?.query).toMatchObject({
      outputToken: request.destination.address,
      destinationChainId: '56',
      allowUnmatchedDecimals: 'true',
    })
    expect(route.outputAmount).toBe(99_976_623_000_000_000_000n)
    // Without an output amount, "amount − fee" would mix 6 and 18 decimals: refused.
    const { outputAmount: _, ...older } = at(acrossFixtures.suggestedFeesBnbUsdc)
    bed.server.setRoutes({ '/api/suggested-fees': { body: older } })
    await expect(bed.across.getQuote(request)).rejects.toBeInstanceOf(InvalidQuoteError)
  })

  it('says WETH arrives as ETH for a wallet, and ETH as WETH for a contract, as the SpokePool pays out', async () => {
    const weth = { ...bed.usdcRequest, amount: 10n ** 18n, origin: bed.token(42161, 'weth') }
    bed.server.setRoutes({ '/api/suggested-fees': { body: at(acrossFixtures.suggestedFeesWeth) } })
    const toWallet = (await bed.across.getQuote({ ...weth, destination: bed.token(8453, 'weth') })) as Route
    expect(toWallet.deliveredToken).toEqual(bed.token(8453, 'native'))
    expect(newSwapRecord(toWallet, FIXTURE_ACCOUNT).destination.token).toEqual(bed.token(8453, 'native'))
    const toContract = (await bed.across.getQuote({
      ...weth,
      destination: bed.token(8453, 'weth'),
      recipient: BASE_CONTRACT,
    })) as Route
    expect(toContract.deliveredToken).toBeUndefined()
    const ethToContract = (await bed.across.getQuote({
      ...weth,
      destination: bed.token(8453, 'native'),
      recipient: BASE_CONTRACT,
    })) as Route
    expect(ethToContract.deliveredToken).toEqual(bed.token(8453, 'weth'))
  })
})

describe('Across status', () => {
  it.each([
    ['pending', acrossFixtures.statusPending, { status: 'deposited' }],
    [
      'filled',
      acrossFixtures.statusFilled,
      {
        status: 'completed',
        deliveryTx: FIXTURE_FILL_TX,
        deliveredAt: FILL_BLOCK.timestamp,
        destination: expect.objectContaining({ receivedAmount: '99976623' }),
      },
    ],
    [
      'slowFillRequested',
      acrossFixtures.statusSlowFillRequested,
      { status: 'deposited', statusDetail: 'slowFillRequested' },
    ],
    ['expired', acrossFixtures.statusExpired, { status: 'providerRefunding', statusDetail: 'expired' }],
    [
      'refunded',
      acrossFixtures.statusRefunded,
      {
        status: 'refunded',
        statusDetail: 'refunded',
        refundTx: acrossFixtures.statusRefunded.depositRefundTxnRef,
      },
    ],
  ])('maps %s', async (_name, body, expected) => {
    bed.server.setRoutes({ '/api/deposit/status': { body } })
    const record = await bed.trackOnce('across')
    expect(record).toEqual(expect.objectContaining(expected))
    expect(isSwapRecord(record)).toBe(true)
    expect(record.status).not.toBe('refundable')
    expect(lastRequest('/api/deposit/status')?.query).toEqual({ depositTxnRef: FIXTURE_DEPOSIT_TX })
  })

  it('accepts the older field names, and keeps waiting until Across has indexed the deposit', async () => {
    bed.server.setRoutes({
      '/api/deposit/status': {
        body: {
          status: 'filled',
          depositTxHash: FIXTURE_DEPOSIT_TX,
          fillTx: FIXTURE_FILL_TX,
          depositRefundTxHash: null,
        },
      },
    })
    expect(await bed.across.track(bed.depositedRecord('across'))).toMatchObject({
      type: 'delivered',
      deliveryTx: FIXTURE_FILL_TX,
    })
    bed.server.setRoutes({ '/api/deposit/status': { status: 404, body: acrossFixtures.depositNotFound } })
    expect(await bed.across.track(bed.depositedRecord('across'))).toEqual({ type: 'pending' })
    bed.server.setRoutes({ '/api/deposit/status': { body: { status: 'slow-filled' } } })
    await expect(bed.across.track(bed.depositedRecord('across'))).rejects.toBeInstanceOf(InvalidResponseError)
  })

  it('reads the mined deposit from the origin chain, and leaves refunds to Across', async () => {
    expect(await bed.across.onDepositMined(bed.sentRecord('across'))).toMatchObject({
      type: 'depositMined',
      id: FIXTURE_DEPOSIT_TX,
      depositedAt: DEPOSIT_BLOCK.timestamp,
    })
    await expect(bed.across.planRefund(bed.depositedRecord('across'))).rejects.toBeInstanceOf(RefundByProviderError)
  })

  it("restores the person's Across deposits on the config's chains", async () => {
    // Arbitrum shows the fixtures' deposit sent to Across's SpokePool (a restored deposit must be on its chain).
    bed.server.setRoutes(arbitrumRoutes(ARBITRUM_POOL))
    const records = await restoreWith(bed.across, FIXTURE_ACCOUNT).finally(() => bed.server.setRoutes(arbitrumRoutes()))
    expect(lastRequest('/api/deposits')?.query).toEqual({ depositor: FIXTURE_ACCOUNT, limit: '100' })
    const deposits = acrossFixtures.deposits as { depositTxHash?: string; status?: string }[]
    const hashOf = (status: string, index = 0) =>
      deposits.filter((entry) => entry.status === status)[index]?.depositTxHash
    // Newest first, every status the indexer lists; Linea (outside the config) and the odd entry left out.
    expect(records.map((record) => [record.id, record.status, record.statusDetail])).toEqual([
      // (filled 0 is on Linea)
      [hashOf('filled', 1), 'completed', undefined],
      [hashOf('filled', 2), 'completed', undefined],
      [hashOf('refunded'), 'refunded', 'refunded'],
      [hashOf('expired'), 'providerRefunding', 'expired'],
      [hashOf('slowFillRequested'), 'deposited', 'slowFillRequested'],
      [hashOf('unfilled'), 'deposited', undefined],
      [FIXTURE_DEPOSIT_TX, 'completed', undefined],
    ])
    expect(records.at(-1)).toMatchObject({
      origin: { amount: '100000000', token: { symbol: 'USDC', chainId: 42161 } },
      destination: { receivedAmount: '99976623', token: { symbol: 'USDC', chainId: 8453 } },
      depositAddress: ARBITRUM_POOL,
      depositedAt: Date.parse('2025-01-01T00:00:12.000Z') / 1000,
      deliveryTx: FIXTURE_FILL_TX,
    })
    // WETH out to a wallet arrived as ETH: History says so.
    expect(records[0]?.destination.token).toMatchObject({ kind: 'native', symbol: 'ETH', chainId: 8453 })
    // Tokens outside the config are read from their chains: WBTC and cbBTC have 8 decimals, not 18.
    expect(records[1]?.origin.token).toMatchObject({ symbol: 'WBTC', decimals: 8 })
    expect(records[1]?.destination.token).toMatchObject({ symbol: 'cbBTC', decimals: 8 })
    expect(records.every((record) => isSwapRecord(record))).toBe(true)
  })
})

describe('Across receipt (anyone, from the deposit hash)', () => {
  const receiptOf = (hash: Hex) => bed.clients.get(42161)!.getTransactionReceipt({ hash })
  const findByDeposit = async (hash: Hex) => bed.across.findSwapByDeposit!(42161, await receiptOf(hash))

  it("reads a deposit into the SpokePool from its receipt alone: the SpokePool's event, then Across's word checked on Base", async () => {
    bed.server.setRoutes({
      ...arbitrumRoutes(ARBITRUM_POOL),
      '/api/deposit/status': { body: acrossFixtures.statusFilled },
    })
    try {
      const found = await findByDeposit(FIXTURE_DEPOSIT_TX)
      // The figures are the chain's (the event says 99.975 USDC went in), not the status answer's.
      expect(found?.record).toMatchObject({
        providerId: 'across',
        owner: FIXTURE_ACCOUNT,
        recipient: FIXTURE_ACCOUNT,
        origin: { amount: '99975000', token: { symbol: 'USDC', chainId: 42161 } },
        destination: { estimatedAmount: '99976623', minAmount: '99976623', token: { symbol: 'USDC', chainId: 8453 } },
        depositAddress: ARBITRUM_POOL,
        depositTx: FIXTURE_DEPOSIT_TX,
        depositedAt: DEPOSIT_BLOCK.timestamp,
      })
      expect(isSwapRecord(found?.record)).toBe(true)
      expect(found?.event).toMatchObject({ type: 'delivered', deliveryTx: FIXTURE_FILL_TX })
      // Every figure is the SpokePool's event: nothing of it is Across's word alone.
      expect(found?.providerWord).toBeUndefined()
      expect(lastRequest('/api/deposit/status')?.query).toEqual({ depositTxnRef: FIXTURE_DEPOSIT_TX })

      // Across saying "filled" with a fill Base does not show for this deposit is not a delivery.
      const otherFill = `0x${'77'.repeat(32)}`
      bed.server.setRoutes({
        '/api/deposit/status': { body: { ...acrossFixtures.statusFilled, fillTx: otherFill, fillTxnRef: otherFill } },
      })
      expect((await findByDeposit(FIXTURE_DEPOSIT_TX))?.event).not.toMatchObject({ type: 'delivered' })
    } finally {
      bed.server.setRoutes(arbitrumRoutes())
    }
  })

  it("leaves a deposit sent through another contract (LI.FI's diamond) to that provider, and a reverted one out", async () => {
    bed.server.setRoutes({ '/api/deposit/status': { body: acrossFixtures.statusFilled } })
    // The same SpokePool event in it, but the transaction went to LI.FI's diamond: LI.FI's swap, not Across's.
    expect(await findByDeposit(FIXTURE_DEPOSIT_TX)).toBeUndefined()
    bed.server.setRoutes(arbitrumRoutes(ARBITRUM_POOL))
    try {
      expect(await findByDeposit(REVERTED_DEPOSIT_TX)).toBeUndefined()
    } finally {
      bed.server.setRoutes(arbitrumRoutes())
    }
  })
})
