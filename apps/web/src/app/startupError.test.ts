import { HttpNetworkError, HttpStatusError, UnexpectedError } from '@multi-bridge/core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { LANGUAGES } from '../i18n/languages.ts'
import zh from '../i18n/locales/zh.ts'
import zhHans from '../i18n/locales/zh-Hans.ts'
import { isOfflineError, reloadIntoNewestVersion, STARTUP_ERROR_TEXT, STARTUP_OFFLINE_TEXT } from './startupError.ts'

describe('the start-up error', () => {
  it('says SPEC §6 "Oops, something went wrong" in each language, as the locale files do', () => {
    const key = 'Oops, something went wrong'
    expect(STARTUP_ERROR_TEXT.en).toBe(key)
    expect(STARTUP_ERROR_TEXT.zh).toBe(zh[key])
    expect(STARTUP_ERROR_TEXT['zh-Hans']).toBe(zhHans[key])
    for (const language of LANGUAGES) expect(STARTUP_ERROR_TEXT[language]).toBeTruthy()
  })
})

describe('the start-up error when the network is unreachable', () => {
  it('is told apart from other failures: offline, or a request that reached no server, however deep', () => {
    const network = new HttpNetworkError('./config/manifest.json', new TypeError('Failed to fetch'))
    expect(isOfflineError(network, true)).toBe(true)
    expect(isOfflineError(new UnexpectedError('start-up', network), true)).toBe(true)
    expect(isOfflineError(new HttpStatusError('./config/manifest.json', 500, ''), true)).toBe(false)
    expect(isOfflineError(new TypeError('x is undefined'), true)).toBe(false)
    // The browser knows it is offline: whatever failed, that is the reason.
    expect(isOfflineError(new TypeError('x is undefined'), false)).toBe(true)
    expect(STARTUP_OFFLINE_TEXT.zh).not.toBe(STARTUP_OFFLINE_TEXT.en)
  })
})

describe('reloading from the start-up error', () => {
  function stubWorker(waiting: { postMessage: (message: unknown) => void } | undefined) {
    const listeners = new Map<string, () => void>()
    const reload = vi.fn()
    vi.stubGlobal('window', { location: { reload } })
    vi.stubGlobal('navigator', {
      serviceWorker: {
        getRegistration: async () => ({ waiting }),
        addEventListener: (type: string, listener: () => void) => listeners.set(type, listener),
      },
    })
    return { reload, listeners }
  }
  afterEach(() => vi.unstubAllGlobals())

  it('activates a waiting new version first, and reloads once it controls the page', async () => {
    const postMessage = vi.fn()
    const { reload, listeners } = stubWorker({ postMessage })
    await reloadIntoNewestVersion()
    expect(postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' })
    expect(reload).not.toHaveBeenCalled()
    listeners.get('controllerchange')?.()
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it('just reloads when no new version waits, or there is no service worker at all', async () => {
    const { reload } = stubWorker(undefined)
    await reloadIntoNewestVersion()
    expect(reload).toHaveBeenCalledTimes(1)
    vi.stubGlobal('navigator', {})
    await reloadIntoNewestVersion()
    expect(reload).toHaveBeenCalledTimes(2)
  })
})
