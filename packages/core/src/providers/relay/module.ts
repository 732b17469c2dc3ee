import {
  envPublicKey,
  envUrl,
  envValue,
  keyBelongsInProxy,
  ProductionConfigError,
  refuseVariable,
} from '../../config/envValues.ts'
import { PROVIDER_GAS_ESTIMATE } from '../../routes/types.ts'
import type { ProviderModule } from '../module.ts'
import { RELAY_CONTRACTS, RELAY_PROVIDER_ID, type RelayConfig, relayConfigSchema } from './relayConfig.ts'

const ENV = {
  apiUrl: 'MULTIBRIDGE_RELAY_API_URL',
  referrer: 'MULTIBRIDGE_RELAY_REFERRER',
  apiKey: 'MULTIBRIDGE_RELAY_API_KEY',
  publicKey: 'MULTIBRIDGE_RELAY_PUBLIC_KEY',
} as const
export const RELAY_DEFAULTS = { apiUrl: 'https://api.relay.link', referrer: 'multi-bridge' } as const

/** Relay (relay.link): a solver fills from its own inventory; a fill that fails is refunded by Relay itself. */
export const relayModule: ProviderModule<'relay', RelayConfig> = {
  id: RELAY_PROVIDER_ID,
  name: 'Relay',
  configSchema: relayConfigSchema,
  env: {
    [ENV.apiUrl]: `Relay's API (default ${RELAY_DEFAULTS.apiUrl})`,
    [ENV.referrer]: `Relay's \`referrer\` (default ${RELAY_DEFAULTS.referrer})`,
    [ENV.publicKey]:
      'A Relay API key you accept to be public: written into the built config, sent as `x-api-key` (restoring History needs a key)',
    [ENV.apiKey]: `Refused: the built config is public. Run a proxy that adds the key and set ${ENV.apiUrl} to it`,
  },
  productionConfig: (env, chainIds) => {
    const referrer = envValue(env, ENV.referrer) ?? RELAY_DEFAULTS.referrer
    if (!/^[\x21-\x7e]{1,64}$/.test(referrer)) {
      throw new ProductionConfigError(ENV.referrer, 'printable, no spaces, at most 64 characters')
    }
    refuseVariable(
      env,
      ENV.apiKey,
      `${keyBelongsInProxy(ENV.apiUrl)}; to publish a key on purpose, name it ${ENV.publicKey}`,
    )
    const apiKey = envPublicKey(env, ENV.publicKey)
    return {
      apiUrl: envUrl(ENV.apiUrl, envValue(env, ENV.apiUrl) ?? RELAY_DEFAULTS.apiUrl),
      referrer,
      contracts: Object.fromEntries(chainIds.map((id) => [String(id), [...RELAY_CONTRACTS]])),
      ...(apiKey ? { apiKey } : {}),
    }
  },
  // Relay's request statuses (GET /intents/status/v3).
  statusWording: {
    waiting: 'Relay is waiting to see the deposit',
    depositing: 'Relay is confirming the deposit',
    pending: 'Relay is filling it on the destination chain',
    submitted: 'The fill is sent on the destination chain',
    delayed: 'The fill is delayed; Relay is still working on it',
    failure: 'Relay could not fill it; it refunds failed fills by itself',
    refund: 'Relay returned the tokens',
  },
  // Its sentences in the app's other languages (the English text is the key).
  words: {
    zh: {
      // Its fee labels.
      'Relayer fee': '中繼者費用',
      [PROVIDER_GAS_ESTIMATE]: '網路成本（供應商估算）',
      'Relay is waiting to see the deposit': 'Relay 正在等待看到存入',
      'Relay is confirming the deposit': 'Relay 正在確認存入',
      'Relay is filling it on the destination chain': 'Relay 正在目標鏈上交付',
      'The fill is sent on the destination chain': '交付交易已在目標鏈上送出',
      'The fill is delayed; Relay is still working on it': '交付延遲；Relay 仍在處理',
      'Relay could not fill it; it refunds failed fills by itself': 'Relay 無法交付；失敗的交付會由 Relay 自行退款',
      'Relay returned the tokens': 'Relay 已退回代幣',
    },
  },
  feeLabels: ['Relayer fee', PROVIDER_GAS_ESTIMATE],
  refunds: 'provider',
  isConfigured: (manifest) => manifest.providers?.relay !== undefined,
  load: () => import('./relayProvider.ts').then((code) => code.createRelayProvider),
}
