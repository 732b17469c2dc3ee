import { createAcrossProvider } from './across/acrossProvider.ts'
import { createIntentProvider } from './intent/intentProvider.ts'
import { createLifiProvider } from './lifi/lifiProvider.ts'
import { createPoolProvider } from './pool/poolProvider.ts'
import type { CreateProvider, ProviderContext, RouteProvider } from './types.ts'

/** Every provider the app knows; each decides from the config whether it runs on this network. */
export const PROVIDER_FACTORIES: readonly CreateProvider[] = [
  createIntentProvider,
  createPoolProvider,
  createLifiProvider,
  createAcrossProvider,
]

export function createProviders(
  context: ProviderContext,
  factories: readonly CreateProvider[] = PROVIDER_FACTORIES,
): Map<string, RouteProvider> {
  const providers = new Map<string, RouteProvider>()
  for (const factory of factories) {
    const provider = factory(context)
    if (provider) providers.set(provider.id, provider)
  }
  return providers
}
