import { type ManifestChain, NATIVE_TOKEN_ADDRESS } from '@multi-bridge/core'
import { describe, expect, it } from 'vitest'
import { pickerTokensForChain, toPickerToken } from './pickerTokens.ts'
import { makeToken } from './testTokens.ts'

const usdcAddress = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const chain = {
  id: 10,
  name: 'Test',
  shortName: 'test',
  rpcUrls: ['http://127.0.0.1:1'],
  blockTime: 1,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  testnet: true,
  contracts: { multicall3: '0xcA11bde05977b3631167028862bE2a173976CA11' },
  tokens: [
    { address: NATIVE_TOKEN_ADDRESS, symbol: 'ETH', name: 'Ether', decimals: 18, kind: 'native' },
    { address: usdcAddress, symbol: 'USDC', name: 'USD Coin', decimals: 6, kind: 'usdc' },
  ],
} satisfies ManifestChain

describe('toPickerToken', () => {
  it('offers a manifest or provider-list token on its chain as a listed token, with its logo when it has one', () => {
    const token = { address: usdcAddress, symbol: 'USDC', name: 'USD Coin', decimals: 6, kind: 'usdc' } as const
    expect(toPickerToken(137, { ...token, logoURI: 'https://example.org/usdc.png' })).toEqual({
      chainId: 137,
      ...token,
      listed: true,
      logoURI: 'https://example.org/usdc.png',
    })
    expect(toPickerToken(137, token)).not.toHaveProperty('logoURI')
  })
})

describe('pickerTokensForChain', () => {
  it('lists the manifest tokens first, in manifest order, as listed tokens of that chain', () => {
    expect(pickerTokensForChain(chain)).toEqual([
      {
        chainId: 10,
        address: NATIVE_TOKEN_ADDRESS,
        symbol: 'ETH',
        name: 'Ether',
        decimals: 18,
        kind: 'native',
        listed: true,
      },
      { chainId: 10, address: usdcAddress, symbol: 'USDC', name: 'USD Coin', decimals: 6, kind: 'usdc', listed: true },
    ])
  })

  it("adds extra tokens of the same chain only, once, after the manifest's", () => {
    const extra = makeToken(7, { chainId: 10, symbol: 'EXT' })
    const tokens = pickerTokensForChain(chain, [
      extra,
      makeToken(8, { chainId: 11, symbol: 'OTHER' }),
      makeToken(9, { chainId: 10, symbol: 'DUP', address: usdcAddress.toLowerCase() as `0x${string}` }),
      extra,
    ])
    expect(tokens.map((token) => token.symbol)).toEqual(['ETH', 'USDC', 'EXT'])
  })
})
