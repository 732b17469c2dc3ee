import type { Address, Chain } from 'viem'
import { arbitrum, base, bsc, mainnet, optimism, polygon } from 'viem/chains'
import { BaseError } from '../errors/BaseError.ts'
import {
  type Manifest,
  type ManifestChain,
  type ManifestToken,
  NATIVE_TOKEN_ADDRESS,
  type ProvidersConfig,
  parseManifest,
} from './manifest.ts'

/** A production setting from the environment that cannot be used. */
export class ProductionConfigError extends BaseError {
  override name = 'ProductionConfigError'
  constructor(
    readonly variable: string,
    reason: string,
  ) {
    super(`Invalid ${variable}: ${reason}`, { code: 'invalidConfig' })
  }
}

/** The environment variables `productionManifest` reads (all optional). */
export const PRODUCTION_ENV = {
  /** `MULTIBRIDGE_RPC_<chainId>`: comma-separated http(s) RPC URLs for that chain, the first one used. */
  rpcPrefix: 'MULTIBRIDGE_RPC_',
  lifiApiUrl: 'MULTIBRIDGE_LIFI_API_URL',
  lifiIntegrator: 'MULTIBRIDGE_LIFI_INTEGRATOR',
  acrossApiUrl: 'MULTIBRIDGE_ACROSS_API_URL',
  acrossIntegratorId: 'MULTIBRIDGE_ACROSS_INTEGRATOR_ID',
  /** Sent as `Authorization: Bearer`; public in the built config (see README: a key-adding proxy instead). */
  acrossApiKey: 'MULTIBRIDGE_ACROSS_API_KEY',
} as const

export const PRODUCTION_DEFAULTS = {
  lifiApiUrl: 'https://li.quest/v1',
  lifiIntegrator: 'multi-bridge',
  acrossApiUrl: 'https://app.across.to/api',
} as const

/** LI.FI's diamond: the same address on every chain here (lifinance/contracts deployments). */
export const LIFI_DIAMOND: Address = '0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE'

type TokenRow = [kind: ManifestToken['kind'], symbol: string, name: string, decimals: number, address: Address]

/** Per chain: its short name, its tokens (native coin first), Across's SpokePool and wrapped native coin. */
const PRODUCTION_CHAINS: {
  chain: Chain
  shortName: string
  tokens: TokenRow[]
  spokePool: Address
  /** Only where the native coin is ETH, which Across bridges as WETH. */
  acrossWrappedNative?: Address
}[] = [
  {
    chain: mainnet,
    shortName: 'ETH',
    tokens: [
      ['usdc', 'USDC', 'USD Coin', 6, '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'],
      ['usdt', 'USDT', 'Tether USD', 6, '0xdAC17F958D2ee523a2206206994597C13D831ec7'],
      ['weth', 'WETH', 'Wrapped Ether', 18, '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2'],
    ],
    spokePool: '0x5c7BCd6E7De5423a257D81B442095A1a6ced35C5',
    acrossWrappedNative: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
  },
  {
    chain: arbitrum,
    shortName: 'ARB',
    tokens: [
      ['usdc', 'USDC', 'USD Coin', 6, '0xaf88d065e77c8cC2239327C5EDb3A432268e5831'],
      ['usdt', 'USDT', 'Tether USD', 6, '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9'],
      ['weth', 'WETH', 'Wrapped Ether', 18, '0x82aF49447D8a07e3bd95BD0d56f35241523fBab1'],
    ],
    spokePool: '0xe35e9842fceaCA96570B734083f4a58e8F7C5f2A',
    acrossWrappedNative: '0x82aF49447D8a07e3bd95BD0d56f35241523fBab1',
  },
  {
    chain: optimism,
    shortName: 'OP',
    tokens: [
      ['usdc', 'USDC', 'USD Coin', 6, '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85'],
      ['usdt', 'USDT', 'Tether USD', 6, '0x94b008aA00579c1307B0EF2c499aD98a8ce58e58'],
      ['weth', 'WETH', 'Wrapped Ether', 18, '0x4200000000000000000000000000000000000006'],
    ],
    spokePool: '0x6f26Bf09B1C792e3228e5467807a900A503c0281',
    acrossWrappedNative: '0x4200000000000000000000000000000000000006',
  },
  {
    chain: base,
    shortName: 'BASE',
    tokens: [
      ['usdc', 'USDC', 'USD Coin', 6, '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'],
      ['usdt', 'USDT', 'Bridged Tether USD', 6, '0xfde4C96c8593536E31F229EA8f37b2ADa2699bb2'],
      ['weth', 'WETH', 'Wrapped Ether', 18, '0x4200000000000000000000000000000000000006'],
    ],
    spokePool: '0x09aea4b2242abC8bb4BB78D537A67a245A7bEC64',
    acrossWrappedNative: '0x4200000000000000000000000000000000000006',
  },
  {
    chain: polygon,
    shortName: 'POL',
    tokens: [
      ['usdc', 'USDC', 'USD Coin', 6, '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359'],
      ['usdt', 'USDT', 'Tether USD', 6, '0xc2132D05D31c914a87C6611C10748AEb04B58e8F'],
      // Bridged ETH, not Polygon's wrapped native coin.
      ['erc20', 'WETH', 'Wrapped Ether', 18, '0x7ceB23fD6bC0adD59E62ac25578270cFf1b9f619'],
    ],
    spokePool: '0x9295ee1d8C5b022Be115A2AD3c30C72E34e7F096',
  },
  {
    chain: bsc,
    shortName: 'BNB',
    tokens: [
      ['usdc', 'USDC', 'Binance-Peg USD Coin', 18, '0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d'],
      ['usdt', 'USDT', 'Binance-Peg Tether USD', 18, '0x55d398326f99059fF775485246999027B3197955'],
      ['erc20', 'ETH', 'Binance-Peg Ethereum', 18, '0x2170Ed0880ac9A755fd29B2688956BD959F933F8'],
    ],
    spokePool: '0x4e8E101924eDE233C13e2D8622DC8aED2872d505',
  },
]

export type ProductionEnv = Record<string, string | undefined>

/**
 * The production config, the same shape as the devnet manifest: Ethereum, Arbitrum, Optimism, Base,
 * Polygon and BNB Chain from `viem/chains`, a few well-known tokens each, and the LI.FI and Across
 * providers with their allowlists (LI.FI's diamond, Across's SpokePools). Everything that differs
 * between deployments comes from `env` (see PRODUCTION_ENV); a value that cannot be used throws a
 * ProductionConfigError naming the variable.
 */
export function productionManifest(env: ProductionEnv = {}): Manifest {
  const chains: ManifestChain[] = PRODUCTION_CHAINS.map(({ chain, shortName, tokens }) => {
    const multicall3 = chain.contracts?.multicall3?.address
    if (!multicall3) throw new ProductionConfigError(`chain ${chain.id}`, 'viem knows no Multicall3 for it')
    const variable = `${PRODUCTION_ENV.rpcPrefix}${chain.id}`
    return {
      id: chain.id,
      name: chain.name,
      shortName,
      rpcUrls: env[variable] ? urlList(variable, env[variable]) : [...chain.rpcUrls.default.http],
      blockTime: chain.blockTime ? chain.blockTime / 1000 : 2,
      nativeCurrency: { ...chain.nativeCurrency },
      ...(chain.blockExplorers ? { blockExplorerUrl: chain.blockExplorers.default.url } : {}),
      testnet: false,
      contracts: { multicall3 },
      tokens: [
        {
          address: NATIVE_TOKEN_ADDRESS,
          symbol: chain.nativeCurrency.symbol,
          name: chain.nativeCurrency.name,
          decimals: chain.nativeCurrency.decimals,
          kind: 'native' as const,
        },
        ...tokens.map(([kind, symbol, name, decimals, address]) => ({ address, symbol, name, decimals, kind })),
      ],
    }
  })

  const byChain = <T>(pick: (entry: (typeof PRODUCTION_CHAINS)[number]) => T | undefined) =>
    Object.fromEntries(
      PRODUCTION_CHAINS.flatMap((entry) => {
        const value = pick(entry)
        return value === undefined ? [] : [[String(entry.chain.id), value]]
      }),
    ) as Record<string, T>

  const integratorId = env[PRODUCTION_ENV.acrossIntegratorId]
  const acrossApiKey = env[PRODUCTION_ENV.acrossApiKey]?.trim()
  const providers: ProvidersConfig = {
    lifi: {
      apiUrl: url(PRODUCTION_ENV.lifiApiUrl, env[PRODUCTION_ENV.lifiApiUrl] ?? PRODUCTION_DEFAULTS.lifiApiUrl),
      integrator: env[PRODUCTION_ENV.lifiIntegrator] ?? PRODUCTION_DEFAULTS.lifiIntegrator,
      contracts: byChain(() => [LIFI_DIAMOND]),
    },
    across: {
      apiUrl: url(PRODUCTION_ENV.acrossApiUrl, env[PRODUCTION_ENV.acrossApiUrl] ?? PRODUCTION_DEFAULTS.acrossApiUrl),
      spokePools: byChain((entry) => entry.spokePool),
      wrappedNativeTokens: byChain((entry) => entry.acrossWrappedNative),
      ...(integratorId ? { integratorId } : {}),
      ...(acrossApiKey ? { apiKey: acrossApiKey } : {}),
    },
  }

  try {
    return parseManifest({
      version: 1,
      mode: 'production',
      generatedAt: new Date().toISOString(),
      chains,
      services: {},
      providers,
    })
  } catch (error) {
    // The remaining free-form values (the integrator names) are checked by the schema.
    throw new ProductionConfigError('production config', error instanceof Error ? error.message : String(error))
  }
}

/** An http(s) URL without a trailing slash (paths are appended to it). */
function url(variable: string, value: string): string {
  let parsed: URL
  try {
    parsed = new URL(value.trim())
  } catch {
    throw new ProductionConfigError(variable, `"${value}" is not a URL`)
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new ProductionConfigError(variable, `"${value}" is not an http(s) URL`)
  }
  return parsed.toString().replace(/\/+$/, '')
}

function urlList(variable: string, value: string): string[] {
  const urls = value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
  if (urls.length === 0) throw new ProductionConfigError(variable, 'no URL given')
  return urls.map((part) => url(variable, part))
}
