import { describe, expect, it } from 'vitest'
import { LANGUAGES } from '../i18n/languages.ts'
import zh from '../i18n/locales/zh.ts'
import zhHans from '../i18n/locales/zh-Hans.ts'
import { STARTUP_ERROR_TEXT } from './startupError.ts'

describe('the start-up error', () => {
  it('says SPEC §6 "Oops, something went wrong" in each language, as the locale files do', () => {
    const key = 'Oops, something went wrong'
    expect(STARTUP_ERROR_TEXT.en).toBe(key)
    expect(STARTUP_ERROR_TEXT.zh).toBe(zh[key])
    expect(STARTUP_ERROR_TEXT['zh-Hans']).toBe(zhHans[key])
    for (const language of LANGUAGES) expect(STARTUP_ERROR_TEXT[language]).toBeTruthy()
  })
})
