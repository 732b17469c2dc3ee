import * as v from 'valibot'
import type { Address } from 'viem'
import {
  envPublicKey,
  envUrl,
  envValue,
  keyBelongsInProxy,
  ProductionConfigError,
  refuseVariable,
} from '../../config/envValues.ts'
import { address, chainIdKey, timeoutMs, url } from '../../config/schemaParts.ts'
import { PROVIDER_GAS_ESTIMATE } from '../../routes/types.ts'
import type { ProviderModule } from '../module.ts'

const ENV = {
  apiUrl: 'MULTIBRIDGE_RELAY_API_URL',
  referrer: 'MULTIBRIDGE_RELAY_REFERRER',
  apiKey: 'MULTIBRIDGE_RELAY_API_KEY',
  publicKey: 'MULTIBRIDGE_RELAY_PUBLIC_KEY',
} as const
export const RELAY_DEFAULTS = { apiUrl: 'https://api.relay.link', referrer: 'multi-bridge' } as const

export const RELAY_PROVIDER_ID = 'relay'

/** Relay's depository, the same address on the six chains here (relayprotocol/relay-depository deployments). */
export const RELAY_DEPOSITORY: Address = '0x4cD00E387622C35bDDB9b4c962C136462338BC31'

/**
 * The contracts a Relay deposit or approval may go to: the depository alone (`depositNative`, `depositErc20`, and
 * the approval's spender), whose calls the adapter decodes and checks against the request before signing. Relay's
 * routers and approval proxies run arbitrary calls (`multicall`, `transferAndMulticall`), and its solver and
 * RelayReceiver take plain transfers whose recipient lives only in Relay's own records: none of them is here, so a
 * quote that sends there is refused. Never read from a quote.
 */
export const RELAY_CONTRACTS: readonly Address[] = [RELAY_DEPOSITORY]

/** `providers.relay` of the manifest. */
const relayConfigSchema = v.object({
  /** Relay's API, e.g. https://api.relay.link. */
  apiUrl: url,
  /** Relay's `referrer`: the source its activity is attributed to (a domain or a name). */
  referrer: v.pipe(v.string(), v.regex(/^[\x21-\x7e]{1,64}$/, 'printable, no spaces, at most 64 characters')),
  /** Per chain id: the contracts Relay's deposits and approvals may target. */
  contracts: v.record(chainIdKey, v.pipe(v.array(address), v.minLength(1, 'needs at least one'))),
  /**
   * A Relay API key the operator publishes on purpose (MULTIBRIDGE_RELAY_PUBLIC_KEY), sent as `x-api-key`
   * (docs.relay.link, API keys; browsers may send it to api.relay.link). History's restore needs one. Relay asks to
   * keep keys server-side: a secret key goes in a proxy in front of the API that adds it (then `apiUrl` is the proxy).
   */
  apiKey: v.optional(v.pipe(v.string(), v.regex(/^[\x21-\x7e]{8,512}$/, 'printable, no spaces, 8 to 512 characters'))),
  /** Per-request time-out in ms (default 20000 for quotes, 15000 for the rest). */
  timeoutMs,
})
export type RelayConfig = v.InferOutput<typeof relayConfigSchema>

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
  feeLabels: ['Relayer fee', PROVIDER_GAS_ESTIMATE],
  refunds: 'provider',
  isConfigured: (manifest) => manifest.providers?.relay !== undefined,
  load: () => import('./relayProvider.ts').then((code) => code.createRelayProvider),
}
