import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import { safeStorage } from '../lib/safeStorage.ts'

export const LANGUAGES = ['zh', 'en'] as const
export type Language = (typeof LANGUAGES)[number] | 'zh-Hans'
export const LANGUAGE_STORAGE_KEY = 'lang'
export const DEFAULT_LANGUAGE: Language = 'zh'

/** Each language is its own chunk: only the active one is fetched. */
const loaders: Record<Language, () => Promise<{ default: Record<string, string> }>> = {
  zh: () => import('./locales/zh.ts'),
  'zh-Hans': () => import('./locales/zh-Hans.ts'),
  en: () => import('./locales/en.ts'),
}

const htmlLang: Record<Language, string> = { zh: 'zh-Hant', 'zh-Hans': 'zh-Hans', en: 'en' }

export function storedLanguage(): Language {
  const value = safeStorage.getItem(LANGUAGE_STORAGE_KEY)
  return value === 'en' || value === 'zh' || value === 'zh-Hans' ? value : DEFAULT_LANGUAGE
}

async function loadBundle(language: Language) {
  if (!i18next.hasResourceBundle(language, 'translation')) {
    const { default: bundle } = await loaders[language]()
    i18next.addResourceBundle(language, 'translation', bundle)
  }
}

export async function initI18n(): Promise<typeof i18next> {
  const language = storedLanguage()
  await i18next.use(initReactI18next).init({
    lng: language,
    resources: {},
    // Keys are the English text: a string missing in a language falls back to English.
    fallbackLng: false,
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  })
  await loadBundle(language)
  await i18next.changeLanguage(language)
  document.documentElement.lang = htmlLang[language]
  return i18next
}

export async function setLanguage(language: Language): Promise<void> {
  await loadBundle(language)
  await i18next.changeLanguage(language)
  safeStorage.setItem(LANGUAGE_STORAGE_KEY, language)
  document.documentElement.lang = htmlLang[language]
}
