import type { Hex } from 'viem'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { FIXTURE_ACCOUNT, lifiFixtures } from '../../../test/fixtures/index.ts'
import { baseWithDeliveries, LIFI_DELIVERY } from '../../../test/support/lifiDelivery.ts'
import { type ProductionTestbed, startProductionTestbed } from '../../../test/support/productionTestbed.ts'
import type { Route } from '../../routes/types.ts'
import { prepareDeposit } from '../../signing/checkDeposit.ts'
import { executeRoute } from '../../swaps/execute/executeRoute.ts'
import { acrossV4Calldata, feeStep, relayCalldata } from './fixtures/quoteCalldata.ts'
import { LIFI_CHECKED_BRIDGES } from './lifiCalldata.ts'

/**
 * LI.FI deposits no relayer could fill, or that commit to no output, from hostile answers: each was signed before
 * (the review's minimum passed, the deposit then waited for a refund hours later, its fee gone). None is now.
 */
let bed: ProductionTestbed
const quote = lifiFixtures.quote

beforeAll(async () => {
  bed = await startProductionTestbed({ timeoutMs: 3_000 })
})
afterAll(() => bed.close())
beforeEach(() => {
  bed.server.setRoutes({ '/v1/quote': { body: quote }, ...baseWithDeliveries([LIFI_DELIVERY]) })
})

const withCall = (data: Hex, tool = quote.tool) => ({
  ...quote,
  tool,
  transactionRequest: { ...quote.transactionRequest, data },
})

describe('the minimum received the review shows is not in what is signed', () => {
  it('refuses a quote through the Relay facet (asked for the bridges it decodes), whose call commits to no output', async () => {
    expect(LIFI_CHECKED_BRIDGES).not.toContain('relay')
    // LI.FI answers with its Relay facet anyway (the calldata is the fixture's own Relay call: right receiver, chain,
    // token, amount and fee). The review will say "minimum received 99.46 USDC" (estimate.toAmountMin); nothing in
    // the signed call says so: what Relay delivers is whatever its off-chain request (made by the API) says.
    bed.server.setRoutes({ '/v1/quote': { body: withCall(relayCalldata(), 'relay') } })
    // Refused before it is shown: no route, nothing for the wallet.
    await expect(bed.lifi.getQuote(bed.usdcRequest)).rejects.toMatchObject({ code: 'unknownContract' })
  })
})

/** Runs `route` through `executeRoute` (refreshing with `refresh`); what the wallet was asked to send. */
async function signed(route: Route, refresh: () => Promise<Route | undefined>) {
  const sendTransaction = vi.fn(async (_transaction: { data: Hex }) => `0x${'1'.repeat(64)}` as Hex)
  const client = {
    readContract: async () => 2n ** 255n, // the allowance covers it: no approval step
    waitForTransactionReceipt: async () => {
      throw new Error('stop after the deposit is sent')
    },
  }
  const error = await executeRoute({
    route,
    provider: bed.lifi,
    wallet: { account: FIXTURE_ACCOUNT, getChainId: async () => 42161, switchChain: async () => {}, sendTransaction },
    clients: new Map([[42161, client]]) as never,
    refreshRoute: refresh,
    onUpdate: () => {},
  }).then(
    () => undefined,
    (e: unknown) => e,
  )
  return { error, sent: sendTransaction.mock.calls.map(([transaction]) => transaction) }
}

/**
 * A quote that takes half the amount as LI.FI's fee, and inflates Across V4's output multiplier so that the call's
 * output (bridged × 2) still reaches the minimum shown: a deposit of 50 USDC asking 100 USDC out, that no relayer
 * fills. It is refunded (50 USDC) after its fill deadline; the 50 USDC fee is gone.
 */
const HALF = 50_000_000n
const halfTaken = () => ({
  ...withCall(
    acrossV4Calldata({ swaps: [feeStep({ fee: HALF })], across: { outputAmountMultiplier: 2n * 10n ** 18n } }),
  ),
  estimate: {
    ...quote.estimate,
    feeCosts: quote.estimate.feeCosts.map((fee) => ({ ...fee, amount: HALF.toString(), amountUSD: '50' })),
  },
})

describe('an output the deposit cannot pay', () => {
  it('refuses a quote whose Across output (100 USDC) is twice what it bridges (50 USDC)', async () => {
    bed.server.setRoutes({ '/v1/quote': { body: halfTaken() } })
    const outcome = await bed.lifi.getQuote(bed.usdcRequest).then(
      async (route) => ({ route: route as Route, decoded: (await prepareDeposit(bed.lifi, route as Route)).decoded }),
      (error: unknown) => ({ error }),
    )
    // An output above what is bridged (same token, same decimals) is a deposit nobody fills.
    expect(outcome).toMatchObject({ error: { code: 'signedMismatch', field: 'output' } })
  })

  it('signs nothing when the quote fetched again before signing takes a 50 USDC fee the review showed as 0.025', async () => {
    const reviewed = (await bed.lifi.getQuote(bed.usdcRequest)) as Route
    expect(reviewed.fees[0]).toMatchObject({ label: 'LIFI Fixed Fee', amount: 25_000n })
    bed.server.setRoutes({ '/v1/quote': { body: halfTaken() } })
    const { error, sent } = await signed({ ...reviewed, expiresAt: Date.now() - 1 }, () =>
      bed.lifi.getQuote(bed.usdcRequest),
    )
    expect(error).toMatchObject({ code: 'signedMismatch', field: 'output' })
    expect(
      sent.map((transaction) => transaction.data.slice(0, 10)),
      String(error),
    ).toEqual([])
  })
})

describe("LI.FI's Across fill deadline", () => {
  it('LI.FI: refuses an Across call whose fill deadline is seconds away (or already past)', async () => {
    const now = Math.floor(Date.now() / 1000)
    for (const fillDeadline of [now + 5, now - 3_600]) {
      bed.server.setRoutes({
        '/v1/quote': { body: withCall(acrossV4Calldata({ swaps: [feeStep()], across: { fillDeadline } })) },
      })
      const error = await bed.lifi.getQuote(bed.usdcRequest).then(
        () => undefined,
        (e: unknown) => e,
      )
      // Like Relay's orders (`checkOrderDeadlines`), a deposit that cannot be filled in time is never signed.
      expect(error, `fillDeadline ${fillDeadline - now}s from now`).toMatchObject({
        code: 'signedMismatch',
        field: 'deadline',
      })
    }
  })

  it('LI.FI: executeRoute signs nothing when the quote fetched again has a fill deadline 5 s away', async () => {
    const reviewed = (await bed.lifi.getQuote(bed.usdcRequest)) as Route
    const fillDeadline = Math.floor(Date.now() / 1000) + 5
    bed.server.setRoutes({
      '/v1/quote': { body: withCall(acrossV4Calldata({ swaps: [feeStep()], across: { fillDeadline } })) },
    })
    const { error, sent } = await signed({ ...reviewed, expiresAt: Date.now() - 1 }, () =>
      bed.lifi.getQuote(bed.usdcRequest),
    )
    expect(error).toMatchObject({ code: 'signedMismatch', field: 'deadline' })
    expect(sent).toEqual([])
  })
})
