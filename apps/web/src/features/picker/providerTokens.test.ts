import type { ManifestToken, RouteProvider } from '@multi-bridge/core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { loadProviderTokens } from './providerTokens.ts'

const token = (n: number, symbol: string): ManifestToken => ({
  address: `0x${n.toString(16).padStart(40, '0')}`,
  symbol,
  name: `${symbol} token`,
  decimals: 18,
  kind: 'erc20',
})

/** Only what the picker uses of a provider: its name and, maybe, a token list. */
const provider = (name: string, listTokens?: () => Promise<Map<number, ManifestToken[]>>) =>
  ({ id: name.toLowerCase(), name, ...(listTokens ? { listTokens } : {}) }) as unknown as RouteProvider

afterEach(() => vi.restoreAllMocks())

describe('loadProviderTokens', () => {
  it('merges the lists of the providers that have one, each chain and address once, as listed tokens', async () => {
    const lower = { ...token(0xab, 'ABC'), address: token(0xab, 'ABC').address.toLowerCase() as `0x${string}` }
    const { tokens } = await loadProviderTokens([
      provider('Devnet'),
      provider('First', async () => new Map([[1, [token(0xab, 'ABC'), token(0xcd, 'CDE')]]])),
      provider(
        'Second',
        async () =>
          new Map([
            [1, [lower, token(0xef, 'EFG')]],
            [2, [token(0xab, 'ABC')]],
          ]),
      ),
    ])
    expect(tokens.get(1)?.map((t) => t.symbol)).toEqual(['ABC', 'CDE', 'EFG'])
    expect(tokens.get(2)).toEqual([{ ...token(0xab, 'ABC'), chainId: 2, listed: true }])
  })

  it('has nothing to add when no provider lists tokens (the devnet)', async () => {
    expect(await loadProviderTokens([provider('Intent'), provider('Pool')])).toEqual({ tokens: new Map(), failed: [] })
  })

  it('logs and names a failing list, and keeps the others', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const { tokens, failed } = await loadProviderTokens([
      provider('Broken', async () => {
        throw new Error('429')
      }),
      provider('Working', async () => new Map([[1, [token(1, 'ONE')]]])),
    ])
    expect(tokens.get(1)?.map((t) => t.symbol)).toEqual(['ONE'])
    expect(failed).toEqual(['Broken'])
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Broken token list failed'), expect.any(Error))
  })

  it('names every list that failed, so the picker can say so and offer a retry', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const failure = new Error('offline')
    expect(
      await loadProviderTokens([
        provider('LI.FI', async () => {
          throw failure
        }),
      ]),
    ).toEqual({ tokens: new Map(), failed: ['LI.FI'] })
  })
})
