import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { acrossFeesAt, acrossFixtures, FIXTURE_ACCOUNT, lifiFixtures } from '../../test/fixtures/index.ts'

/** Across's fee quote as if asked now (its fill deadline hours later, as in the answer). */
const fees = () => acrossFeesAt(acrossFixtures.suggestedFees, Math.floor(Date.now() / 1000))

import { type ProductionTestbed, startProductionTestbed } from '../../test/support/productionTestbed.ts'
import { UnknownContractError } from '../errors/walletErrors.ts'
import { HttpParseError, HttpTimeoutError } from '../http/httpErrors.ts'
import { RouteUnavailableError } from '../routes/routeErrors.ts'
import type { Route } from '../routes/types.ts'
import { executeRoute } from '../swaps/execute/executeRoute.ts'
import type { WalletAdapter } from '../swaps/walletAdapter.ts'
import { fetchRoutes, type ProviderOutcome } from './fetchRoutes.ts'

// The production adapters go through the same aggregator and executor as the devnet providers.
let bed: ProductionTestbed
const OTHER_CONTRACT = '0x000000000000000000000000000000000000dEaD'

beforeAll(async () => {
  bed = await startProductionTestbed({ timeoutMs: 400 })
})
afterAll(() => bed.close())
beforeEach(() => {
  bed.server.setRoutes({
    '/v1/quote': { body: lifiFixtures.quote },
    '/api/suggested-fees': { body: fees() },
  })
})

/** The tests below are about LI.FI and Across; Relay has its own (providers/relay) and the one at the end. */
const providers = () => [bed.lifi, bed.across]
const outcomeOf = (outcomes: ProviderOutcome[], providerId: string) =>
  outcomes.find((outcome) => outcome.providerId === providerId)
const errorOf = (outcomes: ProviderOutcome[], providerId: string) => {
  const outcome = outcomeOf(outcomes, providerId)
  return outcome?.status === 'error' ? (outcome.error as Error) : undefined
}

describe('fetchRoutes with LI.FI and Across', () => {
  it('runs only the API providers on the production config', () => {
    expect([...bed.providers.keys()]).toEqual(['lifi', 'across', 'relay'])
  })

  it('asks Relay beside them: three independent quotes, ranked together', async () => {
    const { routes, outcomes } = await fetchRoutes({ request: bed.usdcRequest, providers: [...bed.providers.values()] })
    expect(outcomes.map((outcome) => [outcome.providerId, outcome.status]).sort()).toEqual([
      ['across', 'route'],
      ['lifi', 'route'],
      ['relay', 'route'],
    ])
    // By what is signed: 99.976623 (Across), 99.970279 (Relay's order), 99.963802 (what LI.FI's Across deposit pays,
    // exactly; LI.FI estimated 99.963809 and signed its Across call, not its own 99.463989 minimum).
    expect(routes.map((route) => [route.providerId, route.minOutputAmount])).toEqual([
      ['across', 99_976_623n],
      ['relay', 99_970_279n],
      ['lifi', 99_963_802n],
    ])
  })

  it('asks both at once and ranks their routes by amount received, or by speed', async () => {
    const updates: string[][] = []
    const { routes, outcomes } = await fetchRoutes({
      request: bed.usdcRequest,
      providers: providers(),
      onUpdate: (ranked) => updates.push(ranked.map((route) => route.providerId)),
    })
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['route', 'route'])
    // Across delivers exactly 99.976623 USDC, LI.FI's Across deposit exactly 99.963802.
    expect(routes.map((route) => [route.providerId, route.minOutputAmount])).toEqual([
      ['across', 99_976_623n],
      ['lifi', 99_963_802n],
    ])
    expect(updates).toHaveLength(2)
    expect(updates.at(-1)).toEqual(['across', 'lifi'])

    bed.server.setRoutes({
      '/api/suggested-fees': { body: { ...fees(), estimatedFillTimeSec: 900 } },
    })
    const fastest = await fetchRoutes({ request: bed.usdcRequest, providers: providers(), preference: 'fastest' })
    expect(fastest.routes.map((route) => [route.providerId, route.estimatedSeconds])).toEqual([
      ['lifi', 12],
      ['across', 900],
    ])
  })

  it('retries a 429 and still shows both routes', async () => {
    const limited = { status: 429, headers: { 'retry-after': '0' }, body: { message: 'Too Many Requests' } }
    bed.server.setRoutes({
      '/v1/quote': [limited, { body: lifiFixtures.quote }],
      '/api/suggested-fees': [limited, { body: fees() }],
    })
    const { routes } = await fetchRoutes({ request: bed.usdcRequest, providers: providers() })
    expect(routes.map((route) => route.providerId).sort()).toEqual(['across', 'lifi'])
  })

  it("keeps one provider's route when the other times out or answers malformed JSON", async () => {
    bed.server.setRoutes({ '/v1/quote': { body: lifiFixtures.quote, delayMs: 1_500 } })
    const slow = await fetchRoutes({ request: bed.usdcRequest, providers: providers() })
    expect(errorOf(slow.outcomes, 'lifi')).toBeInstanceOf(HttpTimeoutError)
    expect(slow.routes.map((route) => route.providerId)).toEqual(['across'])

    bed.server.setRoutes({
      '/v1/quote': { body: lifiFixtures.quote },
      '/api/suggested-fees': { rawBody: '{"estimatedFillTimeSec": 4, "timestamp": ' },
    })
    const broken = await fetchRoutes({ request: bed.usdcRequest, providers: providers() })
    expect(errorOf(broken.outcomes, 'across')).toBeInstanceOf(HttpParseError)
    expect(broken.routes.map((route) => route.providerId)).toEqual(['lifi'])
  })

  it("shows why a provider has no route: LI.FI's 404 and Across's amount too low", async () => {
    bed.server.setRoutes({
      '/v1/quote': { status: 404, body: lifiFixtures.noQuotes },
      '/api/suggested-fees': { status: 400, body: acrossFixtures.amountTooLow },
    })
    const { routes, outcomes } = await fetchRoutes({ request: bed.usdcRequest, providers: providers() })
    expect(routes).toEqual([])
    for (const providerId of ['lifi', 'across']) {
      const error = errorOf(outcomes, providerId)
      expect(error).toBeInstanceOf(RouteUnavailableError)
      expect(error).toMatchObject({ providerId, reason: 'amountTooLow' })
    }
    expect(errorOf(outcomes, 'lifi')).toMatchObject({ details: 'No available quotes for the requested transfer' })
  })

  it('shows "Unknown contract type" when an answer names a contract off the allowlist', async () => {
    bed.server.setRoutes({
      '/v1/quote': {
        body: {
          ...lifiFixtures.quote,
          transactionRequest: { ...lifiFixtures.quote.transactionRequest, to: OTHER_CONTRACT },
        },
      },
      '/api/suggested-fees': { body: { ...fees(), spokePoolAddress: OTHER_CONTRACT } },
    })
    const { routes, outcomes } = await fetchRoutes({ request: bed.usdcRequest, providers: providers() })
    expect(routes).toEqual([])
    for (const providerId of ['lifi', 'across']) {
      const error = errorOf(outcomes, providerId)
      expect(error).toBeInstanceOf(UnknownContractError)
      expect(error?.message).toBe(`Unknown contract type: ${OTHER_CONTRACT}`)
    }
  })
})

describe('executeRoute with LI.FI and Across', () => {
  const wallet = (): WalletAdapter & { sendTransaction: ReturnType<typeof vi.fn> } => ({
    account: FIXTURE_ACCOUNT,
    getChainId: async () => 42161,
    switchChain: async () => {},
    sendTransaction: vi.fn(async () => `0x${'1'.repeat(64)}` as const),
  })

  it('sends nothing when the quote refreshed before signing names an unknown contract', async () => {
    const route = (await bed.lifi.getQuote(bed.usdcRequest)) as Route
    bed.server.setRoutes({
      '/v1/quote': {
        body: {
          ...lifiFixtures.quote,
          transactionRequest: { ...lifiFixtures.quote.transactionRequest, to: OTHER_CONTRACT },
        },
      },
    })
    const person = wallet()
    const onUpdate = vi.fn()
    const error = await executeRoute({
      route: { ...route, expiresAt: Date.now() - 1 },
      provider: bed.lifi,
      wallet: person,
      clients: bed.clients,
      refreshRoute: () => bed.lifi.getQuote(bed.usdcRequest),
      onUpdate,
    }).catch((e) => e)
    expect(error).toBeInstanceOf(UnknownContractError)
    expect(error.message).toBe(`Unknown contract type: ${OTHER_CONTRACT}`)
    expect(person.sendTransaction).not.toHaveBeenCalled()
    expect(onUpdate).not.toHaveBeenCalled()
  })

  it('sends nothing when an Across route points at another contract than the listed SpokePool', async () => {
    const route = (await bed.across.getQuote(bed.usdcRequest)) as Route
    const person = wallet()
    const error = await executeRoute({
      route: { ...route, depositAddress: OTHER_CONTRACT },
      provider: bed.across,
      wallet: person,
      clients: bed.clients,
      refreshRoute: () => bed.across.getQuote(bed.usdcRequest),
      onUpdate: () => {},
    }).catch((e) => e)
    expect(error).toBeInstanceOf(UnknownContractError)
    expect(person.sendTransaction).not.toHaveBeenCalled()
  })
})
