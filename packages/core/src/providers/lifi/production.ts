import { envUrl, envValue } from '../../config/envValues.ts'
import type { ProviderProduction } from '../module.ts'
import { LIFI_DIAMOND, LIFI_FEE_COLLECTORS, LIFI_GAS_ZIP_PERIPHERIES, type LifiConfig } from './lifiConfig.ts'

const ENV = { apiUrl: 'MULTIBRIDGE_LIFI_API_URL', integrator: 'MULTIBRIDGE_LIFI_INTEGRATOR' } as const
export const LIFI_DEFAULTS = { apiUrl: 'https://li.quest/v1', integrator: 'multi-bridge' } as const

/** LI.FI's production section from the environment (`setup/production.ts`; never in the app's code). */
export const lifiProduction: ProviderProduction<'lifi', LifiConfig> = {
  id: 'lifi',
  env: {
    [ENV.apiUrl]: `LI.FI's API (default ${LIFI_DEFAULTS.apiUrl})`,
    [ENV.integrator]: `LI.FI's \`integrator\` parameter (default ${LIFI_DEFAULTS.integrator})`,
  },
  productionConfig: (env, chainIds) => ({
    apiUrl: envUrl(ENV.apiUrl, envValue(env, ENV.apiUrl) ?? LIFI_DEFAULTS.apiUrl),
    integrator: envValue(env, ENV.integrator) ?? LIFI_DEFAULTS.integrator,
    contracts: Object.fromEntries(chainIds.map((id) => [String(id), [LIFI_DIAMOND]])),
    feeCollectors: Object.fromEntries(
      chainIds.flatMap((id) => (LIFI_FEE_COLLECTORS[id] ? [[String(id), LIFI_FEE_COLLECTORS[id]]] : [])),
    ),
    gasZipPeripheries: Object.fromEntries(
      chainIds.flatMap((id) => (LIFI_GAS_ZIP_PERIPHERIES[id] ? [[String(id), LIFI_GAS_ZIP_PERIPHERIES[id]]] : [])),
    ),
  }),
}
