import { HttpNetworkError, walkError } from '@multi-bridge/core'
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

/** The same place, when the app's files opened (from the service worker's cache) but the network is unreachable. */
export const STARTUP_OFFLINE_TEXT: Record<Language, string> = {
  en: "The network is unreachable, so the network settings can't be loaded. Multi-Bridge opens by itself once you're back online.",
  zh: '無法連上網路，因此無法載入網路設定。恢復連線後 Multi-Bridge 會自動開啟。',
  'zh-Hans': '無法連上網路，因此無法載入網路設定。恢復連線後 Multi-Bridge 會自動開啟。',
}

/** The browser says it is offline, or a request of the start-up never reached a server. */
export function isOfflineError(error: unknown, online = typeof navigator === 'undefined' || navigator.onLine): boolean {
  return !online || walkError(error, (cause) => cause instanceof HttpNetworkError) !== undefined
}

/**
 * Replaces the root's content with the message, in the stored (or default) language; a click reloads. Offline,
 * it says the network is unreachable, and reloads by itself when the browser is back online.
 */
export function showStartupError(
  root: HTMLElement | null,
  language: Language = storedLanguage(),
  error?: unknown,
): void {
  const offline = error !== undefined && isOfflineError(error)
  const message = document.createElement('button')
  message.type = 'button'
  message.className = 'page-error'
  message.lang = htmlLang[language]
  message.textContent = (offline ? STARTUP_OFFLINE_TEXT : STARTUP_ERROR_TEXT)[language]
  if (offline) message.dataset.testid = 'startup-offline'
  message.onclick = () => void reloadIntoNewestVersion()
  root?.replaceChildren(message)
  if (offline) window.addEventListener('online', () => void reloadIntoNewestVersion(), { once: true })
}

/**
 * Reloads, into a new version when one waits. The app's code may come from the service worker's cache while the
 * network config comes fresh from a new deployment; if that old code cannot start with it, the app never got as
 * far as offering the update (features/appUpdate), so a reload from here activates the waiting worker first.
 */
export async function reloadIntoNewestVersion(): Promise<void> {
  const waiting = await navigator.serviceWorker
    ?.getRegistration()
    .then((registration) => registration?.waiting)
    .catch(() => undefined)
  if (!waiting) return window.location.reload()
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true })
  // Workbox's worker skips waiting on this message (vite-plugin-pwa, registerType 'prompt').
  waiting.postMessage({ type: 'SKIP_WAITING' })
}
