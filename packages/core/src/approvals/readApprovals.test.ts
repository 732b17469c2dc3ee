import type { Address } from 'viem'
import { describe, expect, it } from 'vitest'
import type { Manifest, ManifestChain } from '../config/manifest.ts'
import type { TokenRef } from '../config/tokenRef.ts'
import { PROVIDER_MODULES } from '../setup/modules.ts'
import { DRAINED_SPENDERS } from './drainedSpenders.ts'
import { type Approval, approvalTokens, knownSpenders, sortApprovals } from './readApprovals.ts'

const DIAMOND: Address = '0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE'
const SOCKET: Address = '0x3a23F943181408EAC424116Af7b7790c94Cb97a5'
const SPOKE: Address = '0x5c7BCd6E7De5423a257D81B442095A1a6ced35C5'
const DEPOSITORY: Address = '0x4cD00E387622C35bDDB9b4c962C136462338BC31'
const USDC: Address = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'

const chain = (id: number, contracts: Partial<ManifestChain['contracts']> = {}): ManifestChain =>
  ({
    id,
    name: `Chain ${id}`,
    contracts: { multicall3: '0xcA11bde05977b3631167028862bE2a173976CA11', ...contracts },
    tokens: [
      {
        address: '0x0000000000000000000000000000000000000000',
        symbol: 'ETH',
        name: 'Ether',
        decimals: 18,
        kind: 'native',
      },
      { address: USDC, symbol: 'USDC', name: 'USD Coin', decimals: 6, kind: 'usdc' },
    ],
  }) as ManifestChain

const production = {
  chains: [chain(1), chain(31337)],
  providers: {
    lifi: { contracts: { '1': [DIAMOND] } },
    across: { spokePools: { '1': SPOKE } },
    relay: { contracts: { '1': [DEPOSITORY] } },
  },
} as unknown as Manifest

describe('knownSpenders', () => {
  it("names each provider's deposit contract, and a contract that drained approvals", () => {
    const spenders = knownSpenders(production, 1, PROVIDER_MODULES)
    expect(spenders.map((spender) => [spender.name, spender.providerId, spender.drained?.drainedOn])).toEqual([
      ['LI.FI Diamond', 'lifi', '2024-07-16'],
      ['Across SpokePool', 'across', undefined],
      ['Relay Depository', 'relay', undefined],
      ['Socket Gateway (Bungee)', undefined, '2024-01-16'],
      ['SushiSwap RouteProcessor2', undefined, '2023-04-09'],
      ['Multichain (Anyswap) Router V4', undefined, '2022-01-18'],
    ])
    expect(spenders.find((spender) => spender.address === SOCKET)?.drained?.source).toMatch(/^https:\/\//)
  })

  it('reads the local bridges from the chain’s contracts, configured or not; a chain of no deployment has none', () => {
    const local = {
      chains: [chain(31337, { intentOriginSettler: SPOKE, poolBridge: DEPOSITORY })],
      services: {},
    } as unknown as Manifest
    expect(knownSpenders(local, 31337, PROVIDER_MODULES).map((spender) => spender.name)).toEqual([
      'Intent Origin Settler',
      'Pool Bridge',
    ])
    expect(knownSpenders(production, 31337, PROVIDER_MODULES)).toEqual([])
  })

  it('ships every drained contract with its day, what happened and a public source', () => {
    for (const drained of DRAINED_SPENDERS) {
      expect(drained.drainedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/)
      expect(drained.source).toMatch(/^https:\/\//)
      expect(Object.keys(drained.addresses).length).toBeGreaterThan(0)
    }
  })
})

describe('approvalTokens', () => {
  it('reads the listed ERC-20s and the swapped ones on that chain once each, never the native coin', () => {
    const other: TokenRef = { chainId: 1, address: SOCKET, symbol: 'XYZ', decimals: 18, kind: 'erc20' }
    const elsewhere: TokenRef = { ...other, chainId: 10 }
    const again: TokenRef = {
      chainId: 1,
      address: USDC.toLowerCase() as Address,
      symbol: 'USDC',
      decimals: 6,
      kind: 'usdc',
    }
    expect(approvalTokens(chain(1), [other, elsewhere, again]).map((token) => token.symbol)).toEqual(['USDC', 'XYZ'])
  })
})

describe('sortApprovals', () => {
  const approval = (symbol: string, name: string, unlimited: boolean, drained = false): Approval => ({
    chainId: 1,
    token: { chainId: 1, address: USDC, symbol, decimals: 6, kind: 'usdc' },
    spender: { address: DIAMOND, name, ...(drained ? { drained: DRAINED_SPENDERS[0]! } : {}) },
    allowance: 1n,
    unlimited,
  })

  it('puts drained spenders first, then unlimited allowances, then the rest', () => {
    const sorted = sortApprovals([
      approval('USDC', 'Pool', false),
      approval('DAI', 'Pool', true),
      approval('USDT', 'LI.FI', false, true),
      approval('USDC', 'Across', true),
    ])
    expect(sorted.map((item) => `${item.token.symbol} ${item.spender.name}`)).toEqual([
      'USDT LI.FI',
      'DAI Pool',
      'USDC Across',
      'USDC Pool',
    ])
  })
})
