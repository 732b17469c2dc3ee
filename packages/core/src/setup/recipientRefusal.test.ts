import type { Address } from 'viem'
import { describe, expect, it } from 'vitest'
import type { Manifest } from '../config/manifest.ts'
import type { TokenRef } from '../routes/types.ts'
import { isContractCode, recipientRefusal } from './recipientRefusal.ts'

const B = 1337002
const USDC_B: Address = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const SETTLER_B: Address = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0'
const MULTICALL: Address = '0xcA11bde05977b3631167028862bE2a173976CA11'
const RELAY_DEPOSITORY: Address = '0x4cD00E387622C35bDDB9b4c962C136462338BC31'
const WALLET: Address = '0x8ba1f109551bD432803012645Ac136ddd64DBA72'

const manifest = {
  chains: [
    {
      id: B,
      name: 'Local Chain B',
      contracts: { multicall3: MULTICALL, intentDestinationSettler: SETTLER_B },
      tokens: [
        {
          address: '0x0000000000000000000000000000000000000000',
          symbol: 'ETH',
          name: 'Ether',
          decimals: 18,
          kind: 'native',
        },
        { address: USDC_B, symbol: 'USDC', name: 'USD Coin', decimals: 6, kind: 'usdc' },
      ],
    },
  ],
} as unknown as Manifest

describe('recipientRefusal', () => {
  it("refuses a token's own contract listed on the destination, in any case", () => {
    expect(recipientRefusal({ manifest, chainId: B, recipient: USDC_B })).toEqual({ kind: 'token', symbol: 'USDC' })
    expect(recipientRefusal({ manifest, chainId: B, recipient: USDC_B.toLowerCase() as Address })).toEqual({
      kind: 'token',
      symbol: 'USDC',
    })
  })

  it('refuses the token delivered even when the manifest does not list it', () => {
    const pasted: TokenRef = { chainId: B, address: WALLET, symbol: 'PEPE', decimals: 18, kind: 'erc20' }
    expect(recipientRefusal({ manifest, chainId: B, recipient: WALLET, destination: pasted })).toEqual({
      kind: 'token',
      symbol: 'PEPE',
    })
  })

  it("refuses every contract the manifest names on the chain, and the providers' allowlisted ones", () => {
    expect(recipientRefusal({ manifest, chainId: B, recipient: SETTLER_B })).toEqual({
      kind: 'contract',
      name: 'Intent Destination Settler',
    })
    expect(recipientRefusal({ manifest, chainId: B, recipient: MULTICALL })).toEqual({
      kind: 'contract',
      name: 'Multicall3',
    })
    const knownContracts = [{ name: 'Relay', addresses: [RELAY_DEPOSITORY] }]
    expect(recipientRefusal({ manifest, chainId: B, recipient: RELAY_DEPOSITORY, knownContracts })).toEqual({
      kind: 'contract',
      name: 'Relay',
    })
  })

  it("refuses what a production provider's section names for the chain: allowlist, fee collector, pool", () => {
    const LIFI_DIAMOND: Address = '0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE'
    const FEE_COLLECTOR: Address = '0xbD6C7B0d2f68c2b7805d88388319cfB6EcB50eA9'
    const production = {
      ...manifest,
      providers: {
        lifi: {
          apiUrl: 'https://li.quest/v1',
          contracts: { [B]: [LIFI_DIAMOND] },
          feeCollectors: { [B]: FEE_COLLECTOR },
        },
        across: { spokePools: { 1: WALLET } },
      },
    } as unknown as Manifest
    for (const recipient of [LIFI_DIAMOND, FEE_COLLECTOR]) {
      expect(recipientRefusal({ manifest: production, chainId: B, recipient })).toEqual({
        kind: 'contract',
        name: 'LI.FI',
      })
    }
    // Another chain's pool is not this chain's.
    expect(recipientRefusal({ manifest: production, chainId: B, recipient: WALLET })).toBeUndefined()
  })

  it('accepts any other address, and looks only at the destination chain', () => {
    expect(recipientRefusal({ manifest, chainId: B, recipient: WALLET })).toBeUndefined()
    expect(recipientRefusal({ manifest, chainId: 1, recipient: USDC_B })).toBeUndefined()
    const otherChainToken: TokenRef = { chainId: 1, address: WALLET, symbol: 'X', decimals: 18, kind: 'erc20' }
    expect(recipientRefusal({ manifest, chainId: B, recipient: WALLET, destination: otherChainToken })).toBeUndefined()
  })
})

describe('isContractCode', () => {
  it('tells a contract from a wallet, counting an EIP-7702 delegation as a wallet', () => {
    expect(isContractCode(undefined)).toBe(false)
    expect(isContractCode(null)).toBe(false)
    expect(isContractCode('0x')).toBe(false)
    expect(isContractCode(`0xef0100${'ab'.repeat(20)}`)).toBe(false)
    expect(isContractCode('0x6080604052')).toBe(true)
    expect(isContractCode(`0xef0100${'ab'.repeat(21)}`)).toBe(true)
  })
})
