import {
  envPublicKey,
  envUrl,
  envValue,
  keyBelongsInProxy,
  ProductionConfigError,
  refuseVariable,
} from '../../config/envValues.ts'
import type { ProviderProduction } from '../module.ts'
import { RELAY_CONTRACTS, RELAY_PROVIDER_ID, type RelayConfig } from './relayConfig.ts'

const ENV = {
  apiUrl: 'MULTIBRIDGE_RELAY_API_URL',
  referrer: 'MULTIBRIDGE_RELAY_REFERRER',
  apiKey: 'MULTIBRIDGE_RELAY_API_KEY',
  publicKey: 'MULTIBRIDGE_RELAY_PUBLIC_KEY',
} as const
export const RELAY_DEFAULTS = { apiUrl: 'https://api.relay.link', referrer: 'multi-bridge' } as const

/** Relay's production section from the environment (`setup/production.ts`; never in the app's code). */
export const relayProduction: ProviderProduction<typeof RELAY_PROVIDER_ID, RelayConfig> = {
  id: RELAY_PROVIDER_ID,
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
}
