import type { Address } from 'viem'
import { envUrl, envValue, keyBelongsInProxy, refuseVariable } from '../../config/envValues.ts'
import type { ProviderProduction } from '../module.ts'
import type { AcrossConfig } from './acrossConfig.ts'

const ENV = {
  apiUrl: 'MULTIBRIDGE_ACROSS_API_URL',
  integratorId: 'MULTIBRIDGE_ACROSS_INTEGRATOR_ID',
  apiKey: 'MULTIBRIDGE_ACROSS_API_KEY',
  publicKey: 'MULTIBRIDGE_ACROSS_PUBLIC_KEY',
} as const
export const ACROSS_DEFAULTS = { apiUrl: 'https://app.across.to/api' } as const

/** Across's SpokePool per chain id (across-protocol/contracts deployments). */
export const ACROSS_SPOKE_POOLS: Readonly<Record<number, Address>> = {
  1: '0x5c7BCd6E7De5423a257D81B442095A1a6ced35C5',
  42161: '0xe35e9842fceaCA96570B734083f4a58e8F7C5f2A',
  10: '0x6f26Bf09B1C792e3228e5467807a900A503c0281',
  8453: '0x09aea4b2242abC8bb4BB78D537A67a245A7bEC64',
  137: '0x9295ee1d8C5b022Be115A2AD3c30C72E34e7F096',
  56: '0x4e8E101924eDE233C13e2D8622DC8aED2872d505',
}

/** Per chain whose native coin is ETH: the WETH Across quotes it as (Polygon and BNB Chain have none here). */
const WRAPPED_NATIVE: Readonly<Record<number, Address>> = {
  1: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
  42161: '0x82aF49447D8a07e3bd95BD0d56f35241523fBab1',
  10: '0x4200000000000000000000000000000000000006',
  8453: '0x4200000000000000000000000000000000000006',
}

/**
 * Why not even a key published on purpose goes in the config: Across takes its key only as `Authorization: Bearer`
 * (docs.across.to, API keys), and the CORS headers Across publishes for its API (across-protocol/frontend
 * vercel.json, Access-Control-Allow-Headers) do not list Authorization: a browser's preflight would fail, and with
 * it every Across request. One integrator reports the live API allowing it; a wrong guess costs every Across route,
 * a proxy works either way. So the config has no `apiKey` for Across.
 */
const ACROSS_NO_BROWSER_KEY =
  'Across takes its key only in an Authorization header, which the CORS headers of its API do not let a browser ' +
  `send (every Across request would fail). Run a proxy in front of the API that adds the key and point ${ENV.apiUrl} at it`

const pick = <T>(table: Readonly<Record<number, T>>, chainIds: readonly number[]) =>
  Object.fromEntries(chainIds.flatMap((id) => (table[id] === undefined ? [] : [[String(id), table[id]]])))

/** Across's production section from the environment (`setup/production.ts`; never in the app's code). */
export const acrossProduction: ProviderProduction<'across', AcrossConfig> = {
  id: 'across',
  env: {
    [ENV.apiUrl]: `Across's API (default ${ACROSS_DEFAULTS.apiUrl})`,
    [ENV.integratorId]: 'Two bytes, e.g. 0x00ab, appended to Across deposits (default none)',
    [ENV.apiKey]: `Refused: the built config is public. Run a proxy that adds the key and set ${ENV.apiUrl} to it`,
    [ENV.publicKey]:
      'Refused too: Across takes a key only in an `Authorization` header, which its CORS rules keep browsers from sending',
  },
  productionConfig: (env, chainIds) => {
    const integratorId = envValue(env, ENV.integratorId)
    refuseVariable(env, ENV.apiKey, keyBelongsInProxy(ENV.apiUrl))
    refuseVariable(env, ENV.publicKey, ACROSS_NO_BROWSER_KEY)
    return {
      apiUrl: envUrl(ENV.apiUrl, envValue(env, ENV.apiUrl) ?? ACROSS_DEFAULTS.apiUrl),
      spokePools: pick(ACROSS_SPOKE_POOLS, chainIds),
      wrappedNativeTokens: pick(WRAPPED_NATIVE, chainIds),
      ...(integratorId ? { integratorId } : {}),
    }
  },
}
