import type { ProviderOutcome, Route } from '@multi-bridge/core'
import { beforeEach, describe, expect, it } from 'vitest'
import { hiddenProvidersStore, isKeptHiddenList, withoutHidden } from './hiddenProviders.ts'

const route = (providerId: string) => ({ id: `${providerId}:0`, providerId }) as unknown as Route
const outcome = (providerId: string, status: ProviderOutcome['status']) =>
  ({ providerId, providerName: `${providerId} bridge`, receivedAt: 1, status }) as ProviderOutcome
const hidden = (providerId: string) => ({ providerId, providerName: `${providerId} bridge` })

describe('withoutHidden', () => {
  const quoted = {
    routes: [route('pool'), route('intent'), route('across')],
    outcomes: [outcome('pool', 'route'), outcome('intent', 'route'), outcome('relay', 'error')],
    loading: false,
  }

  it('leaves out the routes and answers of hidden providers, and names those that had one here', () => {
    const kept = withoutHidden(quoted, [hidden('lifi'), hidden('relay'), hidden('pool')])
    expect(kept.routes.map((r) => r.providerId)).toEqual(['intent', 'across'])
    expect(kept.outcomes.map((o) => o.providerId)).toEqual(['intent'])
    // LI.FI did not answer this request: hidden, but not said to have left anything out here.
    expect(kept.hiddenHere.map((p) => p.providerId)).toEqual(['relay', 'pool'])
    expect(kept.loading).toBe(false)
  })

  it('is the request as it was when nothing is hidden', () => {
    const kept = withoutHidden(quoted, [])
    expect(kept.routes).toBe(quoted.routes)
    expect(kept.outcomes).toBe(quoted.outcomes)
    expect(kept.hiddenHere).toEqual([])
  })

  it('empties the list when every route is from a hidden provider', () => {
    const kept = withoutHidden(quoted, [hidden('pool'), hidden('intent'), hidden('across')])
    expect(kept.routes).toEqual([])
    expect(kept.hiddenHere).toHaveLength(3)
  })
})

describe('hiddenProvidersStore', () => {
  beforeEach(() => hiddenProvidersStore.setState({ hidden: [] }))

  it('hides a provider once, however often it is hidden, and shows it again', () => {
    const { hide, show } = hiddenProvidersStore.getState()
    hide(hidden('pool'))
    hide(hidden('intent'))
    hide(hidden('pool'))
    expect(hiddenProvidersStore.getState().hidden.map((p) => p.providerId)).toEqual(['intent', 'pool'])
    show('intent')
    expect(hiddenProvidersStore.getState().hidden).toEqual([hidden('pool')])
  })

  it('keeps only a list it wrote: ids and names of sane size, no more of them than providers could be', () => {
    expect(isKeptHiddenList({ hidden: [hidden('pool'), hidden('li-fi')] })).toBe(true)
    expect(isKeptHiddenList({ hidden: [] })).toBe(true)
    for (const corrupt of [
      null,
      {},
      { hidden: 'pool' },
      { hidden: [{ providerId: 'pool' }] },
      { hidden: [{ providerId: 'Pool Bridge', providerName: 'Pool Bridge' }] },
      { hidden: [{ providerId: 'pool', providerName: 'x'.repeat(81) }] },
      { hidden: Array.from({ length: 33 }, (_, i) => hidden(`p${i}`)) },
    ]) {
      expect(isKeptHiddenList(corrupt), JSON.stringify(corrupt)?.slice(0, 80)).toBe(false)
    }
  })
})
