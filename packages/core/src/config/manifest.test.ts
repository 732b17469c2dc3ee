import { describe, expect, it } from 'vitest'
import { checkManifest, parseManifest } from '../setup/manifest.ts'
import { productionManifest } from '../setup/production.ts'
import { checkToken, supportsGaslessIntents } from './manifest.ts'

const valid = () =>
  structuredClone(productionManifest()) as unknown as Record<string, unknown> & {
    chains: Record<string, unknown>[]
  }

describe('parseManifest', () => {
  it('checksums addresses, applies defaults and drops unknown fields', () => {
    const input = valid()
    const firstChain = input.chains[0] as { contracts: { multicall3: string } }
    firstChain.contracts.multicall3 = firstChain.contracts.multicall3.toLowerCase()
    input.devnet = {
      mnemonic: 'test test test test test test test test test test test junk',
      accounts: { deployer: 0, solver: 1, relayer: 2, attesters: [3, 11, 12], users: [4, 5], wallet: 4 },
    }
    input.extra = 'ignored'
    const manifest = parseManifest(input)
    expect(manifest.chains[0]?.contracts.multicall3).toBe('0xcA11bde05977b3631167028862bE2a173976CA11')
    expect(manifest.devnet?.inAppWallet).toBe(true)
    expect(manifest).not.toHaveProperty('extra')
  })

  it('lists every problem with its path, in words', () => {
    const input = valid()
    const chain = input.chains[0] as { rpcUrls: unknown; tokens: { decimals: unknown; address: unknown }[] }
    chain.rpcUrls = []
    const [token] = chain.tokens
    if (!token) throw new Error('the production config lists tokens')
    token.decimals = 37
    token.address = '0x1234'
    input.version = 2
    const checked = checkManifest(input)
    expect('problems' in checked && checked.problems).toEqual([
      expect.stringMatching(/^version: /),
      'chains.0.rpcUrls: needs at least one',
      'chains.0.tokens.0.address: not an EVM address',
      'chains.0.tokens.0.decimals: at most 36',
    ])
    expect(() => parseManifest(input)).toThrow(/^Invalid manifest: version: .*; chains\.0\.rpcUrls: needs at least one/)
  })

  it('refuses a chain whose finality is zero confirmations: the latest block is not final', () => {
    const input = valid()
    const chain = input.chains[0] as { confirmations?: number; finalityTag?: string }
    delete chain.finalityTag
    chain.confirmations = 0
    const checked = checkManifest(input)
    expect('problems' in checked && checked.problems).toEqual([
      'chains.0.confirmations: at least 1 (0 would treat the latest block as final)',
    ])
    chain.confirmations = 1
    expect(checkManifest(input)).not.toHaveProperty('problems')
  })

  it("takes a chain's WebSocket endpoint for the services: wss, or ws to this machine only", () => {
    const input = valid()
    const chain = input.chains[0] as { webSocketUrls?: string[] }
    chain.webSocketUrls = ['wss://node.example.org/ws', 'ws://127.0.0.1:8545']
    expect(parseManifest(input).chains[0]?.webSocketUrls).toEqual(chain.webSocketUrls)
    chain.webSocketUrls = ['ws://node.example.org', 'https://node.example.org']
    const checked = checkManifest(input)
    expect('problems' in checked && checked.problems).toEqual([
      'chains.0.webSocketUrls.0: a wss URL (ws only to a loopback address)',
      'chains.0.webSocketUrls.1: a wss URL (ws only to a loopback address)',
    ])
  })

  it('lists the attesters with a threshold, and refuses a threshold above their count', () => {
    const input = valid()
    const urls = ['http://127.0.0.1:1', 'http://127.0.0.1:2', 'http://127.0.0.1:3']
    input.services = { attesters: { threshold: 2, urls } }
    expect(parseManifest(input).services.attesters).toEqual({ threshold: 2, urls })
    input.services = { attesters: { threshold: 4, urls } }
    expect('problems' in checkManifest(input) && checkManifest(input)).toEqual({
      problems: [
        'services.attesters.threshold: above the number of attesters listed (urls): no attestation could ever be made',
      ],
    })
    input.services = { attesters: { threshold: 0, urls: [] } }
    expect(checkManifest(input)).toEqual({
      problems: ['services.attesters.threshold: at least 1', 'services.attesters.urls: needs at least one'],
    })
  })

  it('refuses what is not a manifest at all', () => {
    for (const input of [undefined, null, 'manifest', [], { version: 1 }]) {
      expect(() => parseManifest(input)).toThrow(/^Invalid manifest: /)
    }
  })
})

describe('checkToken', () => {
  const token = { address: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48', symbol: 'USDC', name: 'USD Coin', decimals: 6 }

  it('returns the token with its address checksummed', () => {
    expect(checkToken({ ...token, kind: 'usdc' })).toEqual({
      ...token,
      kind: 'usdc',
      address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
    })
  })

  it('returns nothing for a bad entry', () => {
    expect(checkToken({ ...token, kind: 'meme' })).toBeUndefined()
    expect(checkToken({ ...token, kind: 'usdc', symbol: '' })).toBeUndefined()
    expect(checkToken({ ...token, kind: 'usdc', decimals: 1.5 })).toBeUndefined()
    expect(checkToken({ ...token, kind: 'usdc', authorizations: ['eip9999'] })).toBeUndefined()
  })

  it('says which tokens a gasless intent can pull with one signature (EIP-3009)', () => {
    const usdc = checkToken({ ...token, kind: 'usdc', authorizations: ['eip2612', 'eip3009'] })
    expect(usdc && supportsGaslessIntents(usdc)).toBe(true)
    const permitOnly = checkToken({ ...token, kind: 'usdc', authorizations: ['eip2612'] })
    expect(permitOnly && supportsGaslessIntents(permitOnly)).toBe(false)
    const plain = checkToken({ ...token, kind: 'usdt' })
    expect(plain && supportsGaslessIntents(plain)).toBe(false)
  })
})
