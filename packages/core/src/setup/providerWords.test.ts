import { describe, expect, it } from 'vitest'
import { PROVIDER_MODULES } from './modules.ts'
import { providerWords } from './providerWords.ts'

/** The app's languages besides English (whose words are the keys). */
const LANGUAGES = ['zh']

describe('provider words', () => {
  it.each(PROVIDER_MODULES.map((module) => [module.id, module] as const))(
    '%s says its fee labels and its status sentences in every language, from its own folder',
    (_id, module) => {
      const sentences = [...module.feeLabels, ...Object.values(module.statusWording ?? {})]
      for (const language of LANGUAGES) {
        const missing = sentences.filter((sentence) => !module.words?.[language]?.[sentence])
        expect(missing, `${module.id} in ${language}`).toEqual([])
      }
    },
  )

  it("gathers every module's words of a language, and none for a language no module has", () => {
    const zh = providerWords('zh')
    expect(zh['Solver fee']).toBe('求解者費用')
    expect(zh['Relayer fee']).toBe('中繼者費用')
    expect(providerWords('xx')).toEqual({})
  })
})
