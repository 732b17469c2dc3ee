import type { Address, Chain } from 'viem'
import { arbitrum, base, bsc, mainnet, optimism, polygon } from 'viem/chains'
import { envUrlList, ProductionConfigError, type ProductionEnv } from '../config/envValues.ts'
import {
  type ManifestChain,
  type ManifestToken,
  NATIVE_TOKEN_ADDRESS,
  SDK_WALLETS,
  type SdkWallet,
} from '../config/manifest.ts'
import { acrossProduction } from '../providers/across/production.ts'
import { lifiProduction } from '../providers/lifi/production.ts'
import type { ProviderModule, ProviderProduction } from '../providers/module.ts'
import { relayProduction } from '../providers/relay/production.ts'
import { type Manifest, manifestChecks, type ProvidersConfig } from './manifest.ts'
import { PROVIDER_MODULES } from './modules.ts'

/** `MULTIBRIDGE_RPC_<chainId>`: comma-separated https RPC URLs for that chain, the first one used. */
export const RPC_ENV_PREFIX = 'MULTIBRIDGE_RPC_'
/** Every variable of this app starts so: one the production config does not know is a typo, not ignored. */
const ENV_PREFIX = 'MULTIBRIDGE_'
/** The repository's other tools' variables (devnet CLI and dev server, start script, build probe): not typos. */
const OTHER_TOOLS_ENV = ['MULTIBRIDGE_MANIFEST', 'MULTIBRIDGE_STATE_DIR', 'MULTIBRIDGE_CHUNK_PROBE']

/** WalletConnect's project id: the app offers WalletConnect only when it is set (issue #54). */
export const WALLETCONNECT_PROJECT_ID_ENV = 'MULTIBRIDGE_WALLETCONNECT_PROJECT_ID'
/** A relay of the deployment's own instead of WalletConnect's (wss). */
export const WALLETCONNECT_RELAY_URL_ENV = 'MULTIBRIDGE_WALLETCONNECT_RELAY_URL'

/** The Safe{Wallet} origins the app answers as a Safe App (default Safe{Wallet}'s own). */
export const SAFE_HOSTS_ENV = 'MULTIBRIDGE_SAFE_HOSTS'

/** The wallets offered through their SDKs (default all: MetaMask's and Coinbase's; `none` for none). */
export const SDK_WALLETS_ENV = 'MULTIBRIDGE_SDK_WALLETS'

/** How each API provider writes its production section (one line per provider with one, beside `PROVIDER_MODULES`). */
export const PRODUCTION_PARTS: readonly ProviderProduction[] = [lifiProduction, acrossProduction, relayProduction]

/** Every environment variable `productionManifest` reads (all optional), with what it sets: the RPCs', then each provider's. */
export const productionEnv = (parts: readonly ProviderProduction[]): Readonly<Record<string, string>> => ({
  [`${RPC_ENV_PREFIX}<chainId>`]:
    "Comma-separated https RPC URLs for that chain (default viem's public RPC), the first one used",
  [WALLETCONNECT_PROJECT_ID_ENV]:
    "WalletConnect's project id (from Reown's dashboard; public). Without it the app does not offer WalletConnect",
  [WALLETCONNECT_RELAY_URL_ENV]: "A WalletConnect relay's wss URL (default WalletConnect's own)",
  [SAFE_HOSTS_ENV]:
    'Comma-separated origins of the Safe{Wallet} the app answers as a Safe App (default https://app.safe.global)',
  [SDK_WALLETS_ENV]: `Comma-separated wallets offered through their SDKs: ${SDK_WALLETS.join(', ')} (default all), or none`,
  ...Object.assign({}, ...parts.map((part) => part.env)),
})

/** The variables of the app's production config (`productionEnv` of every provider's production part). */
export const PRODUCTION_ENV = productionEnv(PRODUCTION_PARTS)

type TokenRow = [kind: ManifestToken['kind'], symbol: string, name: string, decimals: number, address: Address]

/** Per chain: its short name and its tokens (the native coin comes first, from viem). */
const PRODUCTION_CHAINS: { chain: Chain; shortName: string; tokens: TokenRow[] }[] = [
  {
    chain: mainnet,
    shortName: 'ETH',
    tokens: [
      ['usdc', 'USDC', 'USD Coin', 6, '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'],
      ['usdt', 'USDT', 'Tether USD', 6, '0xdAC17F958D2ee523a2206206994597C13D831ec7'],
      ['weth', 'WETH', 'Wrapped Ether', 18, '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2'],
    ],
  },
  {
    chain: arbitrum,
    shortName: 'ARB',
    tokens: [
      ['usdc', 'USDC', 'USD Coin', 6, '0xaf88d065e77c8cC2239327C5EDb3A432268e5831'],
      ['usdt', 'USDT', 'Tether USD', 6, '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9'],
      ['weth', 'WETH', 'Wrapped Ether', 18, '0x82aF49447D8a07e3bd95BD0d56f35241523fBab1'],
    ],
  },
  {
    chain: optimism,
    shortName: 'OP',
    tokens: [
      ['usdc', 'USDC', 'USD Coin', 6, '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85'],
      ['usdt', 'USDT', 'Tether USD', 6, '0x94b008aA00579c1307B0EF2c499aD98a8ce58e58'],
      ['weth', 'WETH', 'Wrapped Ether', 18, '0x4200000000000000000000000000000000000006'],
    ],
  },
  {
    chain: base,
    shortName: 'BASE',
    tokens: [
      ['usdc', 'USDC', 'USD Coin', 6, '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'],
      ['usdt', 'USDT', 'Bridged Tether USD', 6, '0xfde4C96c8593536E31F229EA8f37b2ADa2699bb2'],
      ['weth', 'WETH', 'Wrapped Ether', 18, '0x4200000000000000000000000000000000000006'],
    ],
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
  },
  {
    chain: bsc,
    shortName: 'BNB',
    tokens: [
      ['usdc', 'USDC', 'Binance-Peg USD Coin', 18, '0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d'],
      ['usdt', 'USDT', 'Binance-Peg Tether USD', 18, '0x55d398326f99059fF775485246999027B3197955'],
      ['erc20', 'ETH', 'Binance-Peg Ethereum', 18, '0x2170Ed0880ac9A755fd29B2688956BD959F933F8'],
    ],
  },
]

/**
 * The production config, the same shape as the devnet manifest: Ethereum, Arbitrum, Optimism, Base,
 * Polygon and BNB Chain from `viem/chains`, a few well-known tokens each, and every provider module with a
 * production config, each writing its own section with its allowlists. Everything that differs between
 * deployments comes from `env` (see PRODUCTION_ENV); a value that cannot be used throws a
 * ProductionConfigError naming the variable. `modules`: the app's provider modules unless a test names others.
 */
export function productionManifest(
  env: ProductionEnv = {},
  modules: readonly ProviderModule[] = PROVIDER_MODULES,
  parts: readonly ProviderProduction[] = PRODUCTION_PARTS,
): Manifest {
  checkVariableNames(
    env,
    PRODUCTION_CHAINS.map((entry) => entry.chain.id),
    productionEnv(parts),
  )
  const chains: ManifestChain[] = PRODUCTION_CHAINS.map(({ chain, shortName, tokens }) => {
    const multicall3 = chain.contracts?.multicall3?.address
    if (!multicall3) throw new ProductionConfigError(`chain ${chain.id}`, 'viem knows no Multicall3 for it')
    const variable = `${RPC_ENV_PREFIX}${chain.id}`
    return {
      id: chain.id,
      name: chain.name,
      shortName,
      rpcUrls: env[variable] ? envUrlList(variable, env[variable]) : [...chain.rpcUrls.default.http],
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

  const chainIds = PRODUCTION_CHAINS.map((entry) => entry.chain.id)
  const providers = Object.fromEntries(
    parts.map((part) => [part.id, part.productionConfig(env, chainIds)]),
  ) as ProvidersConfig

  try {
    return manifestChecks(modules).parseManifest({
      version: 1,
      mode: 'production',
      generatedAt: new Date().toISOString(),
      chains,
      services: {},
      ...walletsFromEnv(env),
      providers,
    })
  } catch (error) {
    // The remaining free-form values (the integrator names) are checked by the schema.
    throw new ProductionConfigError('production config', error instanceof Error ? error.message : String(error))
  }
}

/**
 * The `wallets` section (checked by the manifest's schema): WalletConnect when its project id is set; the Safe hosts
 * when other than Safe{Wallet}'s own; the SDK wallets offered.
 */
function walletsFromEnv(env: ProductionEnv): Pick<Manifest, 'wallets'> {
  const projectId = env[WALLETCONNECT_PROJECT_ID_ENV]?.trim()
  const relayUrl = env[WALLETCONNECT_RELAY_URL_ENV]?.trim()
  if (!projectId && relayUrl) {
    throw new ProductionConfigError(WALLETCONNECT_RELAY_URL_ENV, `set without ${WALLETCONNECT_PROJECT_ID_ENV}`)
  }
  const safeHosts = env[SAFE_HOSTS_ENV]?.trim()
  const wallets = {
    ...(projectId ? { walletConnect: { projectId, ...(relayUrl ? { relayUrl } : {}) } } : {}),
    ...(safeHosts ? { safe: { hosts: envUrlList(SAFE_HOSTS_ENV, safeHosts) } } : {}),
    sdks: sdkWalletsFromEnv(env[SDK_WALLETS_ENV]),
  }
  return { wallets }
}

/** `MULTIBRIDGE_SDK_WALLETS`: every SDK wallet when unset, none for `none`, else the ones named (each known). */
function sdkWalletsFromEnv(value: string | undefined): SdkWallet[] {
  const named = value?.trim()
  if (!named) return [...SDK_WALLETS]
  if (named === 'none') return []
  return named.split(',').map((item) => {
    const wallet = SDK_WALLETS.find((known) => known.toLowerCase() === item.trim().toLowerCase())
    if (!wallet) throw new ProductionConfigError(SDK_WALLETS_ENV, `${item.trim()} is none of ${SDK_WALLETS.join(', ')}`)
    return wallet
  })
}

/**
 * Refuses a set `MULTIBRIDGE_*` variable that the production config does not read: a typo (MULTIBRIDGE_RPC_8543
 * for Base's 8453) would otherwise leave the default in place without a word.
 */
function checkVariableNames(
  env: ProductionEnv,
  chainIds: readonly number[],
  variables: Readonly<Record<string, string>>,
): void {
  const known = new Set([...Object.keys(variables), ...OTHER_TOOLS_ENV])
  for (const [variable, value] of Object.entries(env)) {
    if (!variable.startsWith(ENV_PREFIX) || known.has(variable) || !value?.trim()) continue
    if (variable.startsWith(RPC_ENV_PREFIX)) {
      const id = variable.slice(RPC_ENV_PREFIX.length)
      if (chainIds.some((chainId) => String(chainId) === id)) continue
      throw new ProductionConfigError(
        variable,
        `the production config has no chain ${id}; its chains are ${chainIds.join(', ')}`,
      )
    }
    const reads = Object.keys(variables).join(', ')
    throw new ProductionConfigError(variable, `not a variable of the production config, which reads ${reads}`)
  }
}
