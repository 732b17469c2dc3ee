import type { ProviderModule } from '../providers/module.ts'
import type { ProviderContext, RouteProvider } from '../providers/types.ts'
import { PROVIDER_MODULES } from './modules.ts'

/**
 * The providers the manifest configures, each from its module (`modules.ts`): only their code is loaded, all at
 * once. A module whose code then finds nothing to serve is left out.
 */
export async function createProviders(
  context: ProviderContext,
  modules: readonly ProviderModule[] = PROVIDER_MODULES,
): Promise<Map<string, RouteProvider>> {
  const configured = modules.filter((module) => module.isConfigured(context.manifest))
  const factories = await Promise.all(configured.map((module) => module.load()))
  const providers = new Map<string, RouteProvider>()
  for (const factory of factories) {
    const provider = factory(context)
    if (provider) providers.set(provider.id, provider)
  }
  return providers
}
