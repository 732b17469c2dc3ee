import { type ProviderOutcome, type Route, RouteUnavailableError } from '@multi-bridge/core'
import { describe, expect, it } from 'vitest'
import { chosenRouteGone } from './chosenRouteGone.ts'

const route = (providerId: string, gasless = false) =>
  ({ id: `${providerId}:${gasless}`, providerId, gasless }) as unknown as Route
const answered = (providerId: string, outcome: Partial<ProviderOutcome>) =>
  ({ providerId, providerName: `${providerId} bridge`, receivedAt: 1, ...outcome }) as ProviderOutcome

describe('chosenRouteGone', () => {
  const intent = route('intent')
  const intentOutcome = answered('intent', { status: 'route', route: intent, variants: [] })

  it("says why the chosen route went: its provider's reason, with the limit it named", () => {
    const limit = { amount: 150_000_000n, token: { chainId: 2, address: '0x01', symbol: 'USDC', decimals: 6 } }
    const error = new RouteUnavailableError('pool', 'insufficientLiquidity', limit as never)
    const outcomes = [intentOutcome, answered('pool', { status: 'error', error })]
    expect(chosenRouteGone('pool', [intent], outcomes)).toEqual({
      providerName: 'pool bridge',
      reason: {
        message: 'Not enough liquidity on the destination ({{amount}} available)',
        values: { amount: '150 USDC' },
      },
    })
  })

  it('says a provider that answered with no route, or without its way that needs no gas, has none now', () => {
    expect(chosenRouteGone('pool', [intent], [intentOutcome, answered('pool', { status: 'none' })])?.reason).toEqual({
      message: 'it has no route for this swap now',
    })
    expect(chosenRouteGone('intent/gasless', [intent], [intentOutcome])?.reason.message).toBe(
      'it offers no way without gas for this swap now',
    )
  })

  it('says nothing while the route is there, before its provider answers, without a choice, or with no route left', () => {
    expect(chosenRouteGone('intent', [intent], [intentOutcome])).toBeUndefined()
    expect(chosenRouteGone('pool', [intent], [intentOutcome])).toBeUndefined()
    expect(chosenRouteGone(undefined, [intent], [intentOutcome])).toBeUndefined()
    expect(chosenRouteGone('pool', [], [answered('pool', { status: 'none' })])).toBeUndefined()
  })
})
