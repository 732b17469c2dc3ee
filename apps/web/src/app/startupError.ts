import { htmlLang, type Language, storedLanguage } from '../i18n/languages.ts'

/**
 * SPEC §6 "Oops, something went wrong" for a start-up that fails before i18next is up: the same text as the
 * locale files (a unit test keeps them equal), without loading them.
 */
export const STARTUP_ERROR_TEXT: Record<Language, string> = {
  en: 'Oops, something went wrong',
  zh: '哎呀，出了點問題',
  'zh-Hans': '哎呀，出了點問題',
}

/** Replaces the root's content with the message, in the stored (or default) language; a click reloads. */
export function showStartupError(root: HTMLElement | null, language: Language = storedLanguage()): void {
  const message = document.createElement('button')
  message.type = 'button'
  message.className = 'page-error'
  message.lang = htmlLang[language]
  message.textContent = STARTUP_ERROR_TEXT[language]
  message.onclick = () => window.location.reload()
  root?.replaceChildren(message)
}
