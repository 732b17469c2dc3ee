import { getAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { ProductionConfigError } from '../config/envValues.ts'
import { NATIVE_TOKEN_ADDRESS } from '../config/manifest.ts'
import { LIFI_DIAMOND } from '../providers/lifi/lifiConfig.ts'
import { LIFI_DEFAULTS } from '../providers/lifi/production.ts'
import { checkManifest } from './manifest.ts'
import { productionManifest } from './production.ts'

describe('productionManifest', () => {
  it('builds a valid production manifest for the six networks, from viem/chains', () => {
    const manifest = productionManifest()
    expect(checkManifest(manifest)).toEqual({ manifest })
    expect(manifest.mode).toBe('production')
    expect(manifest.devnet).toBeUndefined()
    expect(manifest.chains.map((chain) => [chain.id, chain.name, chain.nativeCurrency.symbol])).toEqual([
      [1, 'Ethereum', 'ETH'],
      [42161, 'Arbitrum One', 'ETH'],
      [10, 'OP Mainnet', 'ETH'],
      [8453, 'Base', 'ETH'],
      [137, 'Polygon', 'POL'],
      [56, 'BNB Smart Chain', 'BNB'],
    ])
    for (const chain of manifest.chains) {
      expect(chain.testnet).toBe(false)
      expect(chain.rpcUrls[0]).toMatch(/^https:\/\//)
      expect(chain.blockTime).toBeGreaterThan(0)
      expect(chain.contracts.multicall3).toBe('0xcA11bde05977b3631167028862bE2a173976CA11')
    }
  })

  it('lists the native coin, USDC, USDT (with its approval quirk) and WETH on every chain, checksummed', () => {
    const manifest = productionManifest()
    for (const chain of manifest.chains) {
      const kinds = chain.tokens.map((token) => token.kind)
      expect(kinds[0]).toBe('native')
      expect(chain.tokens[0]?.address).toBe(NATIVE_TOKEN_ADDRESS)
      expect(kinds).toContain('usdc')
      expect(kinds).toContain('usdt')
      for (const token of chain.tokens) expect(token.address).toBe(getAddress(token.address.toLowerCase()))
    }
    const usdt = manifest.chains.find((chain) => chain.id === 1)?.tokens.find((token) => token.kind === 'usdt')
    expect(usdt).toMatchObject({ address: '0xdAC17F958D2ee523a2206206994597C13D831ec7', decimals: 6 })
    const bscUsdc = manifest.chains.find((chain) => chain.id === 56)?.tokens.find((token) => token.kind === 'usdc')
    expect(bscUsdc?.decimals).toBe(18)
  })

  it('carries the allowlists: LI.FI diamond and the Across SpokePool of each chain', () => {
    const { providers } = productionManifest()
    expect(providers?.lifi?.apiUrl).toBe(LIFI_DEFAULTS.apiUrl)
    expect(providers?.lifi?.integrator).toBe('multi-bridge')
    expect(Object.keys(providers?.lifi?.contracts ?? {}).sort()).toEqual(['1', '10', '137', '42161', '56', '8453'])
    for (const list of Object.values(providers?.lifi?.contracts ?? {})) expect(list).toEqual([LIFI_DIAMOND])
    expect(providers?.across?.spokePools).toEqual({
      1: '0x5c7BCd6E7De5423a257D81B442095A1a6ced35C5',
      42161: '0xe35e9842fceaCA96570B734083f4a58e8F7C5f2A',
      10: '0x6f26Bf09B1C792e3228e5467807a900A503c0281',
      8453: '0x09aea4b2242abC8bb4BB78D537A67a245A7bEC64',
      137: '0x9295ee1d8C5b022Be115A2AD3c30C72E34e7F096',
      56: '0x4e8E101924eDE233C13e2D8622DC8aED2872d505',
    })
    // Only chains whose native coin is ETH deposit it to Across as WETH.
    expect(Object.keys(providers?.across?.wrappedNativeTokens ?? {}).sort()).toEqual(['1', '10', '42161', '8453'])
  })

  it('takes RPC URLs, API URLs and integrator ids from the environment', () => {
    const manifest = productionManifest({
      MULTIBRIDGE_RPC_1: 'https://eth.example.org/key, https://backup.example.org/',
      MULTIBRIDGE_RPC_56: 'http://127.0.0.1:8545',
      MULTIBRIDGE_LIFI_API_URL: 'http://127.0.0.1:9999/v1/',
      MULTIBRIDGE_LIFI_INTEGRATOR: 'my-app',
      MULTIBRIDGE_ACROSS_API_URL: 'https://across.example.org/api',
      MULTIBRIDGE_ACROSS_INTEGRATOR_ID: '0x00ab',
      MULTIBRIDGE_RELAY_PUBLIC_KEY: ' k3y-for-everyone ',
    })
    expect(manifest.chains.find((chain) => chain.id === 1)?.rpcUrls).toEqual([
      'https://eth.example.org/key',
      'https://backup.example.org',
    ])
    expect(manifest.chains.find((chain) => chain.id === 56)?.rpcUrls).toEqual(['http://127.0.0.1:8545'])
    expect(manifest.providers?.lifi).toMatchObject({ apiUrl: 'http://127.0.0.1:9999/v1', integrator: 'my-app' })
    expect(manifest.providers?.across).toEqual(
      expect.objectContaining({ apiUrl: 'https://across.example.org/api', integratorId: '0x00ab' }),
    )
    expect(manifest.providers?.across).not.toHaveProperty('apiKey')
    expect(manifest.providers?.relay?.apiKey).toBe('k3y-for-everyone')
  })

  it('refuses unusable settings with a message naming the variable', () => {
    expect(() => productionManifest({ MULTIBRIDGE_RPC_10: 'not a url' })).toThrow(
      'Invalid MULTIBRIDGE_RPC_10: "not a url" is not a URL',
    )
    expect(() => productionManifest({ MULTIBRIDGE_RPC_10: 'ftp://x.org' })).toThrow(ProductionConfigError)
    expect(() => productionManifest({ MULTIBRIDGE_RPC_10: ' , ' })).toThrow('no URL given')
    expect(() => productionManifest({ MULTIBRIDGE_LIFI_API_URL: 'javascript:alert(1)' })).toThrow(
      /MULTIBRIDGE_LIFI_API_URL/,
    )
    expect(() => productionManifest({ MULTIBRIDGE_LIFI_INTEGRATOR: 'has spaces in it' })).toThrow(
      /providers\.lifi\.integrator/,
    )
    expect(() => productionManifest({ MULTIBRIDGE_ACROSS_INTEGRATOR_ID: '0x1' })).toThrow(/integratorId/)
    expect(() => productionManifest({ MULTIBRIDGE_RELAY_PUBLIC_KEY: 'has spaces in it' })).toThrow(
      'Invalid MULTIBRIDGE_RELAY_PUBLIC_KEY: printable, no spaces, 8 to 512 characters',
    )
  })

  it('offers WalletConnect only with its project id, and takes its relay as wss (ws only to a loopback address)', () => {
    expect(productionManifest().wallets?.walletConnect).toBeUndefined()
    expect(
      productionManifest({ MULTIBRIDGE_WALLETCONNECT_PROJECT_ID: ' 0123abcdef0123abcdef0123abcdef01 ' }).wallets
        ?.walletConnect,
    ).toEqual({ projectId: '0123abcdef0123abcdef0123abcdef01' })
    const own = productionManifest({
      MULTIBRIDGE_WALLETCONNECT_PROJECT_ID: 'p1',
      MULTIBRIDGE_WALLETCONNECT_RELAY_URL: 'wss://relay.example.org',
    })
    expect(own.wallets?.walletConnect?.relayUrl).toBe('wss://relay.example.org')
    expect(
      productionManifest({
        MULTIBRIDGE_WALLETCONNECT_PROJECT_ID: 'p1',
        MULTIBRIDGE_WALLETCONNECT_RELAY_URL: 'ws://127.0.0.1:9',
      }).wallets?.walletConnect?.relayUrl,
    ).toBe('ws://127.0.0.1:9')
    expect(() =>
      productionManifest({
        MULTIBRIDGE_WALLETCONNECT_PROJECT_ID: 'p1',
        MULTIBRIDGE_WALLETCONNECT_RELAY_URL: 'ws://relay.example.org',
      }),
    ).toThrow(/wss URL \(ws only to a loopback address\)/)
    expect(() => productionManifest({ MULTIBRIDGE_WALLETCONNECT_PROJECT_ID: 'has spaces' })).toThrow(
      /wallets\.walletConnect\.projectId/,
    )
    expect(() => productionManifest({ MULTIBRIDGE_WALLETCONNECT_RELAY_URL: 'wss://relay.example.org' })).toThrow(
      'Invalid MULTIBRIDGE_WALLETCONNECT_RELAY_URL: set without MULTIBRIDGE_WALLETCONNECT_PROJECT_ID',
    )
  })

  it("answers Safe{Wallet}'s own origin unless told other Safe hosts, each an origin", () => {
    expect(productionManifest().wallets?.safe).toBeUndefined()
    expect(
      productionManifest({ MULTIBRIDGE_SAFE_HOSTS: 'https://app.safe.global, https://safe.example.org' }).wallets,
    ).toMatchObject({ safe: { hosts: ['https://app.safe.global', 'https://safe.example.org'] } })
    expect(() => productionManifest({ MULTIBRIDGE_SAFE_HOSTS: 'https://safe.example.org/apps' })).toThrow(
      /an origin \(https; http only on a loopback address\), with no path/,
    )
    expect(() => productionManifest({ MULTIBRIDGE_SAFE_HOSTS: 'http://safe.example.org' })).toThrow(/plain http/)
  })

  it("offers MetaMask's and Coinbase's SDKs unless told which (or none), and refuses a wallet it does not know", () => {
    expect(productionManifest().wallets?.sdks).toEqual(['metaMask', 'coinbaseWallet'])
    expect(productionManifest({ MULTIBRIDGE_SDK_WALLETS: ' coinbasewallet ' }).wallets?.sdks).toEqual([
      'coinbaseWallet',
    ])
    expect(productionManifest({ MULTIBRIDGE_SDK_WALLETS: 'none' }).wallets?.sdks).toEqual([])
    expect(() => productionManifest({ MULTIBRIDGE_SDK_WALLETS: 'metaMask, rabby' })).toThrow(
      'Invalid MULTIBRIDGE_SDK_WALLETS: rabby is none of metaMask, coinbaseWallet',
    )
  })

  it('takes plain http only for a loopback address, for RPCs and APIs alike', () => {
    expect(() => productionManifest({ MULTIBRIDGE_RPC_8453: 'http://base-rpc.example.org' })).toThrow(
      'Invalid MULTIBRIDGE_RPC_8453: "http://base-rpc.example.org" is plain http: use https',
    )
    // One plain-http URL in a list is enough to refuse it.
    expect(() =>
      productionManifest({ MULTIBRIDGE_RPC_1: 'https://eth.example.org, http://192.168.1.10:8545' }),
    ).toThrow(/MULTIBRIDGE_RPC_1: "http:\/\/192\.168\.1\.10:8545" is plain http/)
    for (const variable of ['MULTIBRIDGE_LIFI_API_URL', 'MULTIBRIDGE_ACROSS_API_URL', 'MULTIBRIDGE_RELAY_API_URL']) {
      expect(() => productionManifest({ [variable]: 'http://proxy.example.org/api' }), variable).toThrow(
        new RegExp(`Invalid ${variable}: .* is plain http`),
      )
    }
    expect(() => productionManifest({ MULTIBRIDGE_RPC_10: 'http://127.0.0.1.example.org' })).toThrow(/plain http/)
    const local = productionManifest({
      MULTIBRIDGE_RPC_1: 'http://localhost:8545',
      MULTIBRIDGE_RPC_10: 'http://127.0.0.2:8545',
      MULTIBRIDGE_RPC_8453: 'http://[::1]:8545',
      MULTIBRIDGE_RELAY_API_URL: 'http://relay.localhost:8080',
    })
    expect(local.chains.map((chain) => chain.rpcUrls[0]).slice(0, 4)).toEqual([
      'http://localhost:8545',
      expect.stringMatching(/^https:/),
      'http://127.0.0.2:8545',
      'http://[::1]:8545',
    ])
    expect(local.providers?.relay?.apiUrl).toBe('http://relay.localhost:8080')
  })

  it('refuses an API key for the public config, saying to put it in a proxy; Relay takes one named public', () => {
    expect(() => productionManifest({ MULTIBRIDGE_ACROSS_API_KEY: 'k3y-from-across' })).toThrow(
      /^Invalid MULTIBRIDGE_ACROSS_API_KEY: the built config is public.*Run a proxy .* point MULTIBRIDGE_ACROSS_API_URL at it$/,
    )
    expect(() => productionManifest({ MULTIBRIDGE_RELAY_API_KEY: 'k3y-from-relay' })).toThrow(
      /^Invalid MULTIBRIDGE_RELAY_API_KEY: .*point MULTIBRIDGE_RELAY_API_URL at it; to publish a key on purpose, name it MULTIBRIDGE_RELAY_PUBLIC_KEY$/,
    )
    // Across takes its key only in an Authorization header, which its CORS rules keep browsers from sending.
    expect(() => productionManifest({ MULTIBRIDGE_ACROSS_PUBLIC_KEY: 'k3y-for-everyone' })).toThrow(
      /^Invalid MULTIBRIDGE_ACROSS_PUBLIC_KEY: Across takes its key only in an Authorization header.*MULTIBRIDGE_ACROSS_API_URL/,
    )
    // Blank is unset, as for every variable.
    expect(
      productionManifest({ MULTIBRIDGE_ACROSS_API_KEY: ' ', MULTIBRIDGE_RELAY_API_KEY: '' }).providers?.relay,
    ).not.toHaveProperty('apiKey')
    expect(JSON.stringify(productionManifest({ MULTIBRIDGE_RELAY_PUBLIC_KEY: 'k3y-for-everyone' }))).toContain(
      'k3y-for-everyone',
    )
  })

  it('refuses an RPC variable for a chain it does not have, and any MULTIBRIDGE_ variable it does not read', () => {
    expect(() => productionManifest({ MULTIBRIDGE_RPC_8543: 'https://base.example.org' })).toThrow(
      'Invalid MULTIBRIDGE_RPC_8543: the production config has no chain 8543; its chains are 1, 42161, 10, 8453, 137, 56',
    )
    expect(() => productionManifest({ MULTIBRIDGE_RPC_base: 'https://base.example.org' })).toThrow(/no chain base/)
    expect(() => productionManifest({ MULTIBRIDGE_LIFI_API: 'https://lifi.example.org' })).toThrow(
      /^Invalid MULTIBRIDGE_LIFI_API: not a variable of the production config, which reads .*MULTIBRIDGE_LIFI_API_URL/,
    )
    // The other tools' variables, a blank one, and anything not ours pass.
    const manifest = productionManifest({
      MULTIBRIDGE_MANIFEST: '/tmp/manifest.json',
      MULTIBRIDGE_STATE_DIR: '/tmp/state',
      MULTIBRIDGE_RPC_8543: '',
      PATH: '/usr/bin',
    })
    expect(manifest.mode).toBe('production')
  })
})
