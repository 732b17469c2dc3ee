import { acrossModule } from '../providers/across/module.ts'
import { intentModule } from '../providers/intent/module.ts'
import { lifiModule } from '../providers/lifi/module.ts'
import type { ProviderModule } from '../providers/module.ts'
import { poolModule } from '../providers/pool/module.ts'
import { relayModule } from '../providers/relay/module.ts'

/** Every provider the app knows, one line each; a module decides from the manifest whether it runs. */
export const PROVIDER_MODULES = [intentModule, poolModule, lifiModule, acrossModule, relayModule] as const

/** The module of a provider id, when the app (or `modules`) knows it. */
export const providerModule = (id: string, modules: readonly ProviderModule[] = PROVIDER_MODULES) =>
  modules.find((module) => module.id === id)
