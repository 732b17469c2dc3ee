import type { ProviderModule } from '../providers/module.ts'
import { PROVIDER_MODULES } from './modules.ts'

/**
 * Every provider module's words in one language (`ProviderModule.words`), keyed by their English text, for the app
 * to merge into that language's strings. Empty for a language no module translates (English: the keys themselves).
 */
export function providerWords(
  language: string,
  modules: readonly ProviderModule[] = PROVIDER_MODULES,
): Record<string, string> {
  return Object.assign({}, ...modules.map((module) => module.words?.[language] ?? {}))
}
