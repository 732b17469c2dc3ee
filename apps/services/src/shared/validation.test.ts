import type { Manifest } from '@multi-bridge/core'
import { describe, expect, it } from 'vitest'
import { HttpError } from './http.ts'
import { parseAmount, parseBytes32, parseChain, parseFlag, parseToken, requireParam } from './validation.ts'

const chain = {
  id: 7,
  name: 'Local Seven',
  shortName: 'l7',
  rpcUrls: ['http://127.0.0.1:1'],
  blockTime: 1,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  testnet: true,
  contracts: { multicall3: '0xcA11bde05977b3631167028862bE2a173976CA11' as const },
  tokens: [
    {
      address: '0x5FbDB2315678afecb367f032d93F642f64180aa3' as const,
      symbol: 'USDC',
      name: 'USDC',
      decimals: 6,
      kind: 'usdc' as const,
    },
  ],
}
const manifest = { version: 1, mode: 'devnet', generatedAt: '', chains: [chain], services: {} } as Manifest

const code = (fn: () => unknown) => {
  try {
    fn()
  } catch (error) {
    if (error instanceof HttpError) return `${error.status} ${error.code}`
    throw error
  }
  return 'ok'
}

describe('request validation', () => {
  it('rejects zero, negative, fractional, non-numeric and oversized amounts', () => {
    expect(parseAmount('1500000', 'amount')).toBe(1_500_000n)
    for (const bad of ['0', '-1', '1.5', 'abc', '1e18', '0x10', ' ', '9'.repeat(79), `2${'0'.repeat(77)}`]) {
      expect(
        code(() => parseAmount(bad, 'amount')),
        bad,
      ).toBe('400 INVALID_AMOUNT')
    }
  })

  it('rejects unknown and malformed chains', () => {
    expect(parseChain(manifest, '7', 'chain').id).toBe(7)
    expect(code(() => parseChain(manifest, '8', 'chain'))).toBe('400 UNSUPPORTED_CHAIN')
    expect(code(() => parseChain(manifest, 'seven', 'chain'))).toBe('400 INVALID_CHAIN')
  })

  it('accepts listed tokens in any address case and rejects others', () => {
    expect(parseToken(chain, '0x5fbdb2315678afecb367f032d93f642f64180aa3', 'token').symbol).toBe('USDC')
    expect(code(() => parseToken(chain, '0x0000000000000000000000000000000000000001', 'token'))).toBe(
      '400 UNSUPPORTED_TOKEN',
    )
    expect(code(() => parseToken(chain, '0x123', 'token'))).toBe('400 INVALID_TOKEN')
  })

  it('rejects malformed order ids and missing parameters', () => {
    expect(parseBytes32(`0x${'A'.repeat(64)}`, 'id')).toBe(`0x${'a'.repeat(64)}`)
    expect(code(() => parseBytes32('0x1234', 'id'))).toBe('400 INVALID_ID')
    expect(code(() => parseBytes32(undefined, 'id'))).toBe('400 INVALID_ID')
    expect(code(() => requireParam({ a: '1' }, 'b'))).toBe('400 MISSING_PARAMETER')
    expect(code(() => requireParam({ b: '  ' }, 'b'))).toBe('400 MISSING_PARAMETER')
    expect(requireParam({ b: ' 7 ' }, 'b')).toBe('7')
  })

  it('reads a yes/no flag and refuses anything but true or false', () => {
    expect(parseFlag({}, 'gasOnArrival')).toBe(false)
    expect(parseFlag({ gasOnArrival: 'false' }, 'gasOnArrival')).toBe(false)
    expect(parseFlag({ gasOnArrival: 'true' }, 'gasOnArrival')).toBe(true)
    for (const value of ['1', 'yes', 'TRUE', '']) {
      expect(code(() => parseFlag({ gasOnArrival: value }, 'gasOnArrival'))).toBe('400 INVALID_PARAMETER')
    }
  })
})
