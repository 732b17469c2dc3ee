import type { RouteProvider, TokenPrice } from '@multi-bridge/core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { loadTokenPrices, priceKey } from './tokenPrices.ts'

const A = '0x00000000000000000000000000000000000000aA'
const B = '0x00000000000000000000000000000000000000bb'

/** Only what the picker uses of a provider: its name and, maybe, its prices. */
const provider = (name: string, tokenPrices?: () => Promise<TokenPrice[]>) =>
  ({ id: name.toLowerCase(), name, ...(tokenPrices ? { tokenPrices } : {}) }) as unknown as RouteProvider

afterEach(() => vi.restoreAllMocks())

describe('loadTokenPrices', () => {
  it('merges the providers’ prices, each token once (the first wins), by chain and lowercase address', async () => {
    const table = await loadTokenPrices([
      provider('Relay'),
      provider('Solver', async () => [
        { chainId: 1, address: A, usd: '3000' },
        { chainId: 2, address: A, usd: '0.5' },
      ]),
      provider('Other', async () => [
        { chainId: 1, address: A.toLowerCase() as `0x${string}`, usd: '1' },
        { chainId: 1, address: B, usd: '1.25' },
      ]),
    ])
    expect(table).toEqual(
      new Map([
        [priceKey(1, A), 3000n * 10n ** 18n],
        [priceKey(2, A), 5n * 10n ** 17n],
        [priceKey(1, B), 125n * 10n ** 16n],
      ]),
    )
  })

  it('leaves out prices that are zero or not decimal text: no USD value rather than a guess', async () => {
    const table = await loadTokenPrices([
      provider('Odd', async () => [
        { chainId: 1, address: A, usd: '0' },
        { chainId: 1, address: B, usd: '1e3' },
      ]),
    ])
    expect(table.size).toBe(0)
  })

  it('logs a provider whose prices fail and keeps the others', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const table = await loadTokenPrices([
      provider('Broken', async () => {
        throw new Error('429')
      }),
      provider('Working', async () => [{ chainId: 1, address: B, usd: '2' }]),
    ])
    expect([...table.keys()]).toEqual([priceKey(1, B)])
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Broken prices failed'), expect.any(Error))
  })
})
