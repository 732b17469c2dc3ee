import * as v from 'valibot'
import type { Address } from 'viem'
import { envUrl, envValue } from '../../config/envValues.ts'
import { address, chainIdKey, timeoutMs, url } from '../../config/schemaParts.ts'
import type { ProviderModule } from '../module.ts'

/** LI.FI's diamond: the same address on every chain it serves here (lifinance/contracts deployments). */
export const LIFI_DIAMOND: Address = '0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE'

const ENV = { apiUrl: 'MULTIBRIDGE_LIFI_API_URL', integrator: 'MULTIBRIDGE_LIFI_INTEGRATOR' } as const
export const LIFI_DEFAULTS = { apiUrl: 'https://li.quest/v1', integrator: 'multi-bridge' } as const

/** `providers.lifi` of the manifest. */
const lifiConfigSchema = v.object({
  /** Base URL including the version, e.g. https://li.quest/v1. */
  apiUrl: url,
  /** LI.FI's `integrator` parameter: letters, digits, `-`, `_`, `.`, at most 23. */
  integrator: v.pipe(v.string(), v.regex(/^[A-Za-z0-9._-]{1,23}$/, 'letters, digits, "-", "_" or "." (at most 23)')),
  /** Per chain id: the contracts LI.FI's transaction requests and approvals may target (the diamond). */
  contracts: v.record(chainIdKey, v.pipe(v.array(address), v.minLength(1, 'needs at least one'))),
  /** Per-request time-out in ms (default 20000 for quotes, 15000 for the rest). */
  timeoutMs,
})
export type LifiConfig = v.InferOutput<typeof lifiConfigSchema>

/** LI.FI (li.quest): an aggregator; its bridges return what they could not deliver by themselves. */
export const lifiModule: ProviderModule<'lifi', LifiConfig> = {
  id: 'lifi',
  name: 'LI.FI',
  configSchema: lifiConfigSchema,
  env: {
    [ENV.apiUrl]: `LI.FI's API (default ${LIFI_DEFAULTS.apiUrl})`,
    [ENV.integrator]: `LI.FI's \`integrator\` parameter (default ${LIFI_DEFAULTS.integrator})`,
  },
  productionConfig: (env, chainIds) => ({
    apiUrl: envUrl(ENV.apiUrl, envValue(env, ENV.apiUrl) ?? LIFI_DEFAULTS.apiUrl),
    integrator: envValue(env, ENV.integrator) ?? LIFI_DEFAULTS.integrator,
    contracts: Object.fromEntries(chainIds.map((id) => [String(id), [LIFI_DIAMOND]])),
  }),
  // LI.FI's substatuses are upper case (docs.li.fi, transaction status).
  statusWording: {
    NOT_FOUND: 'The provider has not seen the deposit yet',
    INVALID: 'The provider has not seen the deposit yet',
    NOT_FOUND_AFTER_A_DAY: 'The provider has not recognised this deposit for a day',
    INVALID_AFTER_A_DAY: 'The provider has not recognised this deposit for a day',
    WAIT_SOURCE_CONFIRMATIONS: 'Waiting for confirmations on the origin chain',
    WAIT_DESTINATION_TRANSACTION: 'Waiting for the transfer on the destination chain',
    BRIDGE_NOT_AVAILABLE: 'The bridge is temporarily unavailable; the transfer will continue',
    CHAIN_NOT_AVAILABLE: 'The chain is temporarily unreachable; the transfer will continue',
    REFUND_IN_PROGRESS: 'The transfer failed; the refund is on its way',
    UNKNOWN_ERROR: 'The provider reports an unknown problem',
    PARTIAL: 'Delivered in another token than quoted',
    REFUNDED: 'The provider returned the tokens',
    NOT_PROCESSABLE_REFUND_NEEDED: 'The transfer cannot be completed; a refund is needed',
    OUT_OF_GAS: 'The transfer ran out of gas',
    SLIPPAGE_EXCEEDED: 'The price moved more than the slippage allows',
    INSUFFICIENT_ALLOWANCE: 'The allowance was too low',
    INSUFFICIENT_BALANCE: 'The balance was too low',
    EXPIRED: 'The quote expired before the transfer',
  },
  // Its own fee names (feeCosts[].name) come from the API as they are.
  feeLabels: ['Network fee', 'Sent with the deposit', 'Gas on arrival fee'],
  refunds: 'provider',
  isConfigured: (manifest) => manifest.providers?.lifi !== undefined,
  load: () => import('./lifiProvider.ts').then((code) => code.createLifiProvider),
}
