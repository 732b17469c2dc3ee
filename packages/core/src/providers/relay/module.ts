import * as v from 'valibot'
import type { Address } from 'viem'
import { envUrl, envValue, ProductionConfigError } from '../../config/envValues.ts'
import { address, chainIdKey, timeoutMs, url } from '../../config/schemaParts.ts'
import type { ProviderModule } from '../module.ts'

const ENV = {
  apiUrl: 'MULTIBRIDGE_RELAY_API_URL',
  referrer: 'MULTIBRIDGE_RELAY_REFERRER',
  apiKey: 'MULTIBRIDGE_RELAY_API_KEY',
} as const
export const RELAY_DEFAULTS = { apiUrl: 'https://api.relay.link', referrer: 'multi-bridge' } as const

/**
 * The contracts a Relay deposit or approval may go to, the same on the six chains here (docs.relay.link,
 * contract addresses and depository addresses; `GET /chains` `contracts` and `protocol.v2.depository`):
 * the depository (native `depositNative`, ERC-20 `depositErc20`, and the approval's spender), the solver and
 * the RelayReceiver (older native deposits), and the v3 and v3.2 router and approval proxy (routes with an
 * origin swap; both pairs are live during the October 2026 switch). Never read from a quote.
 */
export const RELAY_CONTRACTS: readonly Address[] = [
  '0x4cD00E387622C35bDDB9b4c962C136462338BC31', // depository
  '0xf70da97812CB96acDF810712Aa562db8dfA3dbEF', // solver
  '0xa5F565650890fBA1824Ee0F21EbBbF660a179934', // RelayReceiver
  '0xb92fe925DC43a0ECdE6c8b1a2709c170Ec4fFf4f', // v3 router
  '0xCcC88a9d1B4ED6b0EABA998850414b24f1c315bE', // v3 approval proxy
  '0x0729E2a4716d9f7dD17858d5d504426D228697f7', // v3.2 router
  '0x5567954cD026CEbFE486062cb75848e0f1c12E58', // v3.2 approval proxy
]

/** `providers.relay` of the manifest. */
const relayConfigSchema = v.object({
  /** Relay's API, e.g. https://api.relay.link. */
  apiUrl: url,
  /** Relay's `referrer`: the source its activity is attributed to (a domain or a name). */
  referrer: v.pipe(v.string(), v.regex(/^[\x21-\x7e]{1,64}$/, 'printable, no spaces, at most 64 characters')),
  /** Per chain id: the contracts Relay's deposits and approvals may target. */
  contracts: v.record(chainIdKey, v.pipe(v.array(address), v.minLength(1, 'needs at least one'))),
  /**
   * Relay API key, sent as `x-api-key` (docs.relay.link, API keys). Public in a static site's config: prefer a
   * proxy in front of the API that adds it (then `apiUrl` is the proxy). History's restore needs one.
   */
  apiKey: v.optional(v.pipe(v.string(), v.regex(/^[\x21-\x7e]{8,512}$/, 'printable, no spaces, 8 to 512 characters'))),
  /** Per-request time-out in ms (default 20000 for quotes, 15000 for the rest). */
  timeoutMs,
})
export type RelayConfig = v.InferOutput<typeof relayConfigSchema>

/** Relay (relay.link): a solver fills from its own inventory; a fill that fails is refunded by Relay itself. */
export const relayModule: ProviderModule<'relay', RelayConfig> = {
  id: 'relay',
  name: 'Relay',
  configSchema: relayConfigSchema,
  env: {
    [ENV.apiUrl]: `Relay's API (default ${RELAY_DEFAULTS.apiUrl})`,
    [ENV.referrer]: `Relay's \`referrer\` (default ${RELAY_DEFAULTS.referrer})`,
    [ENV.apiKey]:
      'Sent as `x-api-key` on every Relay request (restoring History needs one); public in the built config',
  },
  productionConfig: (env, chainIds) => {
    const referrer = envValue(env, ENV.referrer) ?? RELAY_DEFAULTS.referrer
    if (!/^[\x21-\x7e]{1,64}$/.test(referrer)) {
      throw new ProductionConfigError(ENV.referrer, 'printable, no spaces, at most 64 characters')
    }
    const apiKey = envValue(env, ENV.apiKey)
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
  feeLabels: ['Relayer fee', 'Network fee'],
  refunds: 'provider',
  isConfigured: (manifest) => manifest.providers?.relay !== undefined,
  load: () => import('./relayProvider.ts').then((code) => code.createRelayProvider),
}
