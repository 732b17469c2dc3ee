import type { Address } from 'viem'
import { describe, expect, it, vi } from 'vitest'
import { ECHO_CONTRACT, echoModule, echoProduction } from '../../test/fixtures/echo/module.ts'
import { createChainClients } from '../chains/chainClients.ts'
import { NATIVE_TOKEN_ADDRESS } from '../config/manifest.ts'
import type { TokenRef } from '../routes/types.ts'
import { manifestChecks } from './manifest.ts'
import { PROVIDER_MODULES, providerModule } from './modules.ts'
import { PRODUCTION_PARTS, productionManifest } from './production.ts'
import { createProviders } from './registry.ts'

// Adding a provider is one folder (test/fixtures/echo: its module, config and code) and one line in setup/: the
// line below is the one a new provider adds to PROVIDER_MODULES (an API provider adds its production part to
// PRODUCTION_PARTS too). Nothing else of core changes for it.
const MODULES = [...PROVIDER_MODULES, echoModule]
const PARTS = [...PRODUCTION_PARTS, echoProduction]

const A = 31001
const B = 31002
const USDC = (chainId: number): TokenRef => ({
  chainId,
  address: '0x00000000000000000000000000000000000000c1',
  symbol: 'USDC',
  decimals: 6,
  kind: 'usdc',
})
const chain = (id: number) => ({
  id,
  name: `Local ${id}`,
  shortName: `l${id}`,
  rpcUrls: ['http://127.0.0.1:1'],
  blockTime: 1,
  confirmations: 1,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  testnet: true,
  contracts: { multicall3: '0xcA11bde05977b3631167028862bE2a173976CA11' },
  tokens: [
    { address: NATIVE_TOKEN_ADDRESS, symbol: 'ETH', name: 'Ether', decimals: 18, kind: 'native' },
    { ...USDC(id), name: 'USD Coin' },
  ],
})
const manifestWith = (providers?: Record<string, unknown>) => ({
  version: 1,
  mode: 'devnet',
  generatedAt: new Date().toISOString(),
  chains: [chain(A), chain(B)],
  services: {},
  ...(providers ? { providers } : {}),
})
const echoSection = { contracts: { [A]: ECHO_CONTRACT, [B]: ECHO_CONTRACT }, feeBps: 30 }

describe('a provider added in one folder and one line of setup/', () => {
  it('has its manifest section checked by its own schema, which no other module knows', () => {
    const { checkManifest, parseManifest } = manifestChecks(MODULES)
    expect(parseManifest(manifestWith({ echo: echoSection })).providers).toEqual({ echo: echoSection })
    expect(checkManifest(manifestWith({ echo: { ...echoSection, feeBps: 10_001 } }))).toEqual({
      problems: ['providers.echo.feeBps: at most 10000'],
    })
    // Without its line, the section is nobody's: dropped, not checked.
    const without = manifestChecks(PROVIDER_MODULES).parseManifest(manifestWith({ echo: { feeBps: 'x' } }))
    expect(without.providers).toEqual({})
  })

  it('writes its production section from its own variable, which the production config then reads', () => {
    const manifest = productionManifest({ MULTIBRIDGE_ECHO_FEE_BPS: '12' }, MODULES, PARTS)
    expect(manifest.providers).toHaveProperty('echo', {
      contracts: Object.fromEntries(manifest.chains.map((entry) => [String(entry.id), ECHO_CONTRACT])),
      feeBps: 12,
    })
    // The app's own config does not read it: there, it is a typo.
    expect(() => productionManifest({ MULTIBRIDGE_ECHO_FEE_BPS: '12' })).toThrow(
      /^Invalid MULTIBRIDGE_ECHO_FEE_BPS: not a variable of the production config/,
    )
  })

  it('loads its code only where the manifest configures it, and serves routes from it', async () => {
    const load = vi.fn(echoModule.load)
    const modules = [...PROVIDER_MODULES, { ...echoModule, load }]
    const { parseManifest } = manifestChecks(modules)
    const bare = parseManifest(manifestWith())
    expect([...(await createProviders({ manifest: bare, clients: createChainClients(bare) }, modules)).keys()]).toEqual(
      [],
    )
    expect(load).not.toHaveBeenCalled()

    const manifest = parseManifest(manifestWith({ echo: echoSection }))
    const providers = await createProviders({ manifest, clients: createChainClients(manifest) }, modules)
    expect(load).toHaveBeenCalledOnce()
    const echo = providers.get('echo')
    const account: Address = '0x8ba1f109551bD432803012645Ac136ddd64DBA72'
    const request = { origin: USDC(A), destination: USDC(B), amount: 100_000_000n, sender: account, recipient: account }
    expect(await echo?.getQuote(request)).toMatchObject({
      providerName: 'Echo',
      outputAmount: 99_700_000n,
      fees: [{ label: 'Echo fee', amount: 300_000n }],
      depositAddress: ECHO_CONTRACT,
    })
    expect(echo?.knownContracts(B)).toEqual([ECHO_CONTRACT])
  })

  it('gives the app its name, words and who refunds, by its id', () => {
    expect(providerModule('echo', MODULES)).toMatchObject({
      name: 'Echo',
      statusWording: { ECHOING: 'The echo is on its way back' },
      feeLabels: ['Echo fee'],
      refunds: 'provider',
    })
    expect(providerModule('echo')).toBeUndefined()
  })
})
