import type { Hex } from 'viem'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type ProductionTestbed, startProductionTestbed } from '../../test/support/productionTestbed.ts'
import { rankRoutes } from '../client/fetchRoutes.ts'
import { valueLossBps } from '../prices/routeValue.ts'
import type { QuoteRequest, Route } from '../routes/types.ts'
import { acrossFeesAt, acrossFixtures } from './across/acrossFixtures.ts'
import { acrossV4Calldata, FIXTURE, feeStep, fixtureAcrossV4Data } from './lifi/fixtures/quoteCalldata.ts'
import { lifiFixtures } from './lifi/lifiFixtures.ts'
import { relayFixtures } from './relay/relayFixtures.ts'
import { relayOrderId } from './relay/relayOrder.ts'
import type { RelayOrder } from './relay/relaySchemas.ts'

/**
 * "The minimum is the promise" (issue #52.2): only the minimum is signed, so a route whose minimum the estimate does
 * not keep is refused, what an exact deposit pays is what the route shows, and ranking, "Best" and the loss warning
 * read what is signed. Each hostile answer is what a compromised provider API could send.
 */

let bed: ProductionTestbed
beforeAll(async () => {
  bed = await startProductionTestbed({ timeoutMs: 3_000 })
})
afterAll(() => bed.close())
beforeEach(() => {
  bed.server.setRoutes({
    '/v1/quote': { body: lifiFixtures.quote },
    '/api/suggested-fees': () => ({ body: acrossFeesAt(acrossFixtures.suggestedFees, Math.floor(Date.now() / 1000)) }),
    'POST /relay/quote/v2': { body: relayFixtures.quoteUsdc },
  })
})

const usdc = (slippageBps?: number): QuoteRequest => ({
  ...bed.usdcRequest,
  ...(slippageBps === undefined ? {} : { slippageBps }),
})
/** What LI.FI bridges after its fee, and the V4 multiplier that makes Across pay `output` of it. */
const bridged = FIXTURE.amount - FIXTURE.lifiFee
const multiplierFor = (output: bigint) => (output * 10n ** 18n + bridged - 1n) / bridged

/** The LI.FI answer with its estimate changed and its Across deposit paying `output`. */
function lifiQuote(estimate: { toAmount: string; toAmountMin: string }, output: bigint) {
  const { quote } = lifiFixtures
  const data = acrossV4Calldata({ swaps: [feeStep()], across: { outputAmountMultiplier: multiplierFor(output) } })
  return {
    ...quote,
    estimate: { ...quote.estimate, ...estimate },
    transactionRequest: { ...quote.transactionRequest, data },
  }
}

/** The Relay answer whose order (and details) promise `minimumAmount` at least, of an estimate of `amount`. */
function relayQuote(amount: string, minimumAmount: string) {
  const quote = relayFixtures.quoteUsdc
  const order = structuredClone(quote.protocol.v2.orderData) as RelayOrder
  order.output.payments = order.output.payments.map((payment) => ({
    ...payment,
    minimumAmount,
    expectedAmount: amount,
  }))
  const id = relayOrderId(order)
  const steps = quote.steps.map((step) =>
    step.id !== 'deposit'
      ? step
      : {
          ...step,
          items: step.items.map((item) => ({
            ...item,
            data: { ...item.data, data: `${(item.data.data as Hex).slice(0, -64)}${id.slice(2)}` },
          })),
        },
  )
  return {
    ...quote,
    steps,
    details: { ...quote.details, currencyOut: { ...quote.details.currencyOut, amount, minimumAmount } },
    protocol: { v2: { ...quote.protocol.v2, orderId: id, orderData: order } },
  }
}

describe('the signed minimum bounds the route', () => {
  it("refuses LI.FI's 100.5 USDC estimate over a 0.000001 USDC minimum, signed with an Across deposit paying that", async () => {
    bed.server.setRoutes({ '/v1/quote': { body: lifiQuote({ toAmount: '100500000', toAmountMin: '1' }, 1n) } })
    await expect(bed.lifi.getQuote(usdc())).rejects.toMatchObject({ code: 'invalidQuote' })
  })

  it('refuses a Relay order whose minimum is 0.000001 USDC under a 100.5 USDC estimate, though order and route agree', async () => {
    bed.server.setRoutes({ 'POST /relay/quote/v2': { body: relayQuote('100500000', '1') } })
    await expect(bed.relay.getQuote(usdc())).rejects.toMatchObject({ code: 'invalidQuote' })
  })

  it("refuses a minimum further below the estimate than the person's own slippage, and takes one within it", async () => {
    // 1 % below: within the automatic ceiling, beyond a custom 0.5 %.
    const body = relayQuote('100000000', '99000000')
    bed.server.setRoutes({ 'POST /relay/quote/v2': { body } })
    await expect(bed.relay.getQuote(usdc(50))).rejects.toMatchObject({ code: 'invalidQuote' })
    await expect(bed.relay.getQuote(usdc(100))).resolves.toMatchObject({
      minOutputAmount: 99_000_000n,
      slippageBps: 100,
    })
    // Auto: the slippage shown is the minimum's own distance from the estimate, whatever the answer says.
    await expect(bed.relay.getQuote(usdc())).resolves.toMatchObject({ slippageBps: 100, slippageMode: 'auto' })
  })

  it('refuses an automatic slippage beyond the ceiling (5 %)', async () => {
    bed.server.setRoutes({ 'POST /relay/quote/v2': { body: relayQuote('100000000', '94900000') } })
    await expect(bed.relay.getQuote(usdc())).rejects.toMatchObject({ code: 'invalidQuote' })
    bed.server.setRoutes({ 'POST /relay/quote/v2': { body: relayQuote('100000000', '95000000') } })
    await expect(bed.relay.getQuote(usdc())).resolves.toMatchObject({ slippageBps: 500 })
  })

  it('shows what the Across deposit under a LI.FI route pays, exactly: not the estimate, not a lower minimum', async () => {
    const honest = (await bed.lifi.getQuote(usdc())) as Route
    // Across pays the bridged amount times the call's multiplier: 7 units under LI.FI's estimate here.
    const exact = (bridged * fixtureAcrossV4Data.outputAmountMultiplier) / 10n ** 18n
    expect(exact).toBeLessThan(BigInt(lifiFixtures.quote.estimate.toAmount))
    expect(honest).toMatchObject({ outputAmount: exact, minOutputAmount: exact, slippageMode: 'fixed' })

    // An estimate inflated over what the deposit pays (99.9 USDC, its minimum within the slippage) shows 99.9.
    const paid = 99_900_000n
    bed.server.setRoutes({
      '/v1/quote': { body: lifiQuote({ toAmount: '100500000', toAmountMin: '99800000' }, paid) },
    })
    const inflated = (await bed.lifi.getQuote(usdc())) as Route
    expect(inflated).toMatchObject({ outputAmount: paid, minOutputAmount: paid, slippageBps: 0 })
  })

  it('ranks by the signed minimum, and the loss warning counts it, never the estimate alone', async () => {
    const across = (await bed.across.getQuote(usdc())) as Route
    // Relay estimates 100.5 USDC, and signs 95.5 (within the automatic ceiling): worth less than Across's exact fill.
    bed.server.setRoutes({ 'POST /relay/quote/v2': { body: relayQuote('100500000', '95500000') } })
    const relay = (await bed.relay.getQuote(usdc())) as Route
    expect(rankRoutes([relay, across]).map((route) => route.providerId)).toEqual(['across', 'relay'])
    // 100 USDC sent, 95.5 promised: 4.5 % may be lost, though the estimate says more arrives than is sent.
    expect(valueLossBps({ ...relay, prices: undefined })).toBe(450)
  })
})
