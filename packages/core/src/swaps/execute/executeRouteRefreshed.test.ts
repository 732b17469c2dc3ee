import type { Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { FIXTURE_ACCOUNT, FIXTURE_DEPOSIT_TX, FIXTURE_FILL_TX } from '../../../test/fixtures/index.ts'
import { type ProductionTestbed, startProductionTestbed } from '../../../test/support/productionTestbed.ts'
import type { ChainClients } from '../../chains/chainClients.ts'
import { relayFixtures } from '../../providers/relay/relayFixtures.ts'
import { newSwapRecord } from '../../records/swapRecord.ts'
import type { SwapRecord, TrackedSwap } from '../../records/types.ts'
import type { Route } from '../../routes/types.ts'
import { executeRoute } from './executeRoute.ts'

/**
 * `executeSwap` hands `executeRoute` the record drafted from the REVIEWED route; when the quote is stale the
 * route is fetched again and the FRESH quote's deposit is signed, but the record keeps the reviewed quote's tracking
 * data. Relay follows a swap by its quote's request id (a new one per quote): the swap is then followed under a
 * request that was never deposited, and its real outcome is never shown.
 */
let bed: ProductionTestbed
beforeAll(async () => {
  bed = await startProductionTestbed({ timeoutMs: 3_000 })
})
afterAll(() => bed.close())

const REVIEWED_ID = relayFixtures.quoteUsdc.requestId
const FRESH_ID = `0x${'f2'.repeat(32)}`

/** The same quote (same order, same deposit calldata) under another request id, as Relay gives a new quote. */
const freshQuote = {
  ...relayFixtures.quoteUsdc,
  requestId: FRESH_ID,
  steps: relayFixtures.quoteUsdc.steps.map((step) => ({ ...step, requestId: FRESH_ID })),
}

describe('a refreshed quote is signed, the reviewed one is tracked', () => {
  it('relay: the swap is followed under the request id of the quote that was deposited', async () => {
    bed.server.setRoutes({ 'POST /relay/quote/v2': { body: relayFixtures.quoteUsdc } })
    const reviewed = (await bed.relay.getQuote(bed.usdcRequest)) as Route
    expect(reviewed.trackingData).toEqual({ requestId: REVIEWED_ID })
    // The person confirmed late: the quote is stale and fetched again (a new Relay request) before signing.
    bed.server.setRoutes({ 'POST /relay/quote/v2': { body: freshQuote } })
    const draft = newSwapRecord(reviewed, FIXTURE_ACCOUNT) // what `draftSwap` stores and `executeSwap` passes
    const arbitrum = {
      chain: { name: 'Arbitrum' },
      readContract: async () => 2n ** 255n, // the allowance already covers the amount
      waitForTransactionReceipt: async ({ hash }: { hash: Hex }) => ({ status: 'success', transactionHash: hash }),
    }
    let latest: SwapRecord | undefined
    const record = await executeRoute({
      route: { ...reviewed, expiresAt: Date.now() - 1 },
      record: draft,
      provider: bed.relay,
      wallet: {
        account: FIXTURE_ACCOUNT,
        getChainId: async () => 42161,
        switchChain: async () => {},
        sendTransaction: vi.fn(async () => FIXTURE_DEPOSIT_TX as Hex),
      },
      clients: new Map([[42161, arbitrum]]) as unknown as ChainClients,
      refreshRoute: () => bed.relay.getQuote(bed.usdcRequest),
      onUpdate: (next) => {
        latest = next
      },
    })
    expect(record.status).toBe('deposited')
    expect(latest?.status).toBe('deposited')

    // Relay answers per request id: the fresh request was deposited and filled; the reviewed one never was.
    bed.server.setRoutes({
      '/relay/intents/status/v3': (request) => ({
        body:
          request.query.requestId === FRESH_ID
            ? { ...relayFixtures.status.success, inTxHashes: [FIXTURE_DEPOSIT_TX], txHashes: [FIXTURE_FILL_TX] }
            : { status: 'waiting' },
      }),
    })
    const event = await bed.relay.track(record as TrackedSwap)
    // SAFE: tracked under the deposited request, the filled swap is seen delivered.
    expect(event).toMatchObject({ type: 'delivered' })
    expect(record.data?.requestId).toBe(FRESH_ID)
  })
})
