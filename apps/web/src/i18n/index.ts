import { providerWords } from '@multi-bridge/core'
import i18next, { type InitOptions } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { safeStorage } from '../lib/safeStorage.ts'
import {
  bundleLoaders,
  htmlLang,
  LANGUAGE_STORAGE_KEY,
  type Language,
  laterLoaders,
  storedLanguage,
} from './languages.ts'

export type { Language }

async function loadBundle(language: Language) {
  if (!i18next.hasResourceBundle(language, 'translation')) {
    const { default: bundle } = await bundleLoaders[language]()
    i18next.addResourceBundle(language, 'translation', withProviderWords(language, bundle))
  }
  void loadLater(language)
}

const laterLoaded = new Set<Language>()
/** A language's later strings (`laterLoaders`), added to its bundle; the screens showing them render again. */
async function loadLater(language: Language): Promise<void> {
  const load = laterLoaders[language]
  if (!load || laterLoaded.has(language)) return
  laterLoaded.add(language)
  try {
    const { default: later } = await load()
    i18next.addResourceBundle(language, 'translation', later, true, false)
  } catch (error) {
    laterLoaded.delete(language) // asked again on the next change of language
    console.warn('[i18n] the error messages could not be loaded; they show in English', error)
  }
}

/** Asks for the later strings once the page is idle: never among the files the first page waits for. */
function loadLaterWhenIdle(language: Language) {
  const load = () => void loadLater(language)
  if ('requestIdleCallback' in window) window.requestIdleCallback(load, { timeout: 2_000 })
  else setTimeout(load, 200)
}

/**
 * A language's strings with the provider modules' own words in it (each provider carries its words in its folder).
 * Simplified Chinese has its own time units only: the providers' words are the Traditional ones, as its other labels.
 */
export const withProviderWords = (language: Language, bundle: Record<string, string>): Record<string, string> => ({
  ...providerWords(language === 'zh-Hans' ? 'zh' : language),
  ...bundle,
})

/** The one set of i18next options: the app's instance and the build's prerender (app/prerender.tsx) use it. */
export function i18nOptions(language: Language, bundle: Record<string, string>): InitOptions {
  return {
    lng: language,
    resources: { [language]: { translation: withProviderWords(language, bundle) } },
    // Keys are the English text: a string missing in a language falls back to English.
    fallbackLng: false,
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    // The later strings (`loadLater`) render again where they are shown.
    react: { bindI18nStore: 'added' },
    returnNull: false,
    // The strings are given, nothing is loaded: init at once rather than on a timer (start-up waits for it).
    initAsync: false,
  }
}

export async function initI18n(language: Language = storedLanguage()): Promise<typeof i18next> {
  // The bundle's chunk is usually on its way already (start-up asked for it); init then runs once, with it.
  const { default: bundle } = await bundleLoaders[language]()
  await i18next.use(initReactI18next).init(i18nOptions(language, bundle))
  document.documentElement.lang = htmlLang[language]
  loadLaterWhenIdle(language)
  return i18next
}

export async function setLanguage(language: Language): Promise<void> {
  await loadBundle(language)
  await i18next.changeLanguage(language)
  safeStorage.setItem(LANGUAGE_STORAGE_KEY, language)
  document.documentElement.lang = htmlLang[language]
}
