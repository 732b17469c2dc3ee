import type { ProviderOutcome } from '@multi-bridge/core'
import { describe, expect, it, vi } from 'vitest'
import { IDLE_AFTER_MS, minRefreshMs, providersDue, refreshPause, watchPageUse } from './quoteRefresh.ts'

const answered = (providerId: string, receivedAt: number): ProviderOutcome => ({
  providerId,
  providerName: providerId,
  receivedAt,
  status: 'none',
})
const providers = [{ id: 'lifi' }, { id: 'across' }, { id: 'relay' }]

describe('refreshPause', () => {
  it('runs while the tab is seen and used; pauses when hidden, and after a minute without input', () => {
    expect(refreshPause({ hidden: false, lastInputAt: 0, now: IDLE_AFTER_MS - 1 })).toBeUndefined()
    expect(refreshPause({ hidden: true, lastInputAt: 0, now: 1 })).toBe('hidden')
    expect(refreshPause({ hidden: false, lastInputAt: 0, now: IDLE_AFTER_MS })).toBe('idle')
    // Back in a tab left for a minute: idle, not a reason to refresh.
    expect(refreshPause({ hidden: true, lastInputAt: 0, now: IDLE_AFTER_MS })).toBe('idle')
  })
})

describe('providersDue', () => {
  it('holds LI.FI to its keyless quota, 75 quotes per two hours (one per 96 s), and the others to the countdown', () => {
    expect(minRefreshMs('lifi')).toBe(96_000)
    expect(minRefreshMs('across')).toBe(0)
    const previous = [answered('lifi', 1_000), answered('across', 1_000), answered('relay', 1_000)]
    const ids = (now: number) => providersDue(providers, previous, now).map((provider) => provider.id)
    expect(ids(21_000)).toEqual(['across', 'relay'])
    expect(ids(96_999)).toEqual(['across', 'relay'])
    expect(ids(97_000)).toEqual(['lifi', 'across', 'relay'])
  })

  it('asks every provider that has not answered this request yet, LI.FI included', () => {
    expect(providersDue(providers, [], 0)).toEqual(providers)
    expect(providersDue(providers, [answered('across', 0)], 1).map((provider) => provider.id)).toEqual([
      'lifi',
      'across',
      'relay',
    ])
  })
})

describe('watchPageUse', () => {
  it('counts clicks, keys and typing as input, tells visibility changes, and stops when unsubscribed', () => {
    const page = new EventTarget()
    const onInput = vi.fn()
    const onVisibility = vi.fn()
    const stop = watchPageUse(page, { onInput, onVisibility })
    for (const type of ['pointerdown', 'keydown', 'input', 'mousemove', 'scroll']) page.dispatchEvent(new Event(type))
    expect(onInput).toHaveBeenCalledTimes(3)
    page.dispatchEvent(new Event('visibilitychange'))
    expect(onVisibility).toHaveBeenCalledTimes(1)
    stop()
    page.dispatchEvent(new Event('keydown'))
    page.dispatchEvent(new Event('visibilitychange'))
    expect(onInput).toHaveBeenCalledTimes(3)
    expect(onVisibility).toHaveBeenCalledTimes(1)
  })
})
