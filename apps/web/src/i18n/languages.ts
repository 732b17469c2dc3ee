import { safeStorage } from '../lib/safeStorage.ts'

/**
 * The languages and their string bundles, without i18next: start-up asks for the active bundle at once, in
 * parallel with the i18n runtime (see `app/startupRequests.ts`).
 */
export const LANGUAGES = ['zh', 'en'] as const
export type Language = (typeof LANGUAGES)[number] | 'zh-Hans'
export const LANGUAGE_STORAGE_KEY = 'lang'
export const DEFAULT_LANGUAGE: Language = 'zh'

/** Each language is its own chunk: only the active one is fetched. */
export const bundleLoaders: Record<Language, () => Promise<{ default: Record<string, string> }>> = {
  zh: () => import('./locales/zh.ts'),
  'zh-Hans': () => import('./locales/zh-Hans.ts'),
  en: () => import('./locales/en.ts'),
}

/**
 * The error catalogue's Chinese, WalletConnect's panel's, the token cautions', the review's simulation's, "Your
 * approvals" and a swap's receipt, as one bundle of strings.
 */
const zhLater = async () => {
  const [errors, walletConnect, tokenCaution, simulation, approvals, receipt] = await Promise.all([
    import('./locales/zh-errors.ts'),
    import('./locales/zh-walletConnect.ts'),
    import('./locales/zh-tokenCaution.ts'),
    import('./locales/zh-simulation.ts'),
    import('./locales/zh-approvals.ts'),
    import('./locales/zh-receipt.ts'),
  ])
  return {
    default: {
      ...errors.default,
      ...walletConnect.default,
      ...tokenCaution.default,
      ...simulation.default,
      ...approvals.default,
      ...receipt.default,
    },
  }
}

/**
 * Strings a language asks for only once the page is idle after start-up: the error catalogue's Chinese (no error is
 * shown before the first page is usable), the WalletConnect panel's, the token cautions' and the review's simulation's
 * (each opened by a click).
 * Until they are in, such a message shows in English, then in the language.
 */
export const laterLoaders: Partial<Record<Language, () => Promise<{ default: Record<string, string> }>>> = {
  zh: zhLater,
  'zh-Hans': zhLater,
}

export const htmlLang: Record<Language, string> = { zh: 'zh-Hant', 'zh-Hans': 'zh-Hans', en: 'en' }

export function storedLanguage(): Language {
  const value = safeStorage.getItem(LANGUAGE_STORAGE_KEY)
  return value === 'en' || value === 'zh' || value === 'zh-Hans' ? value : DEFAULT_LANGUAGE
}
