import * as v from 'valibot'
import {
  checkManifestWith,
  type Manifest as ManifestOfConfig,
  manifestSchema,
  parseManifestWith,
} from '../config/manifest.ts'
import type { ProviderModule } from '../providers/module.ts'
import { PROVIDER_MODULES } from './modules.ts'

type ConfigOf<M> = M extends ProviderModule<string, infer C> ? C : never

/**
 * Production providers' sections, `providers.<id>`, each checked by its module's schema (`providers/<id>/module.ts`).
 * The allowlists live there, as data: a provider's transaction goes only to a contract listed for its chain,
 * whatever an API answers.
 */
export type ProvidersConfig = {
  [M in (typeof PROVIDER_MODULES)[number] as [ConfigOf<M>] extends [never] ? never : M['id']]?: ConfigOf<M>
}

/** The manifest as the app reads it: config's, with each provider's section of the type its module checks. */
export type Manifest = Omit<ManifestOfConfig, 'providers'> & { providers?: ProvidersConfig }

/**
 * The manifest's checks for these provider modules: config's schema, with `providers` composed of the modules'
 * schemas (a section no module knows is dropped).
 */
export function manifestChecks(modules: readonly ProviderModule[]) {
  const schema = manifestSchema(
    v.object(
      Object.fromEntries(
        modules.flatMap((module) => (module.configSchema ? [[module.id, v.optional(module.configSchema)]] : [])),
      ),
    ) as unknown as v.GenericSchema<unknown, ProvidersConfig>,
  ) as unknown as v.GenericSchema<unknown, Manifest>
  return {
    /** Checks an untrusted manifest, each provider's section too; `problems` lists what is wrong. */
    checkManifest: (input: unknown) => checkManifestWith(schema, input),
    /** Parses an untrusted manifest, each provider's section too; throws a readable error listing what is wrong. */
    parseManifest: (input: unknown): Manifest => parseManifestWith(schema, input),
  }
}

/** The app's checks: every module of `PROVIDER_MODULES`. */
export const { checkManifest, parseManifest } = manifestChecks(PROVIDER_MODULES)
