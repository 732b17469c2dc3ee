import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { MemoryStorage, stubBrowser } from '../test/browserGlobals.ts'

// The page's code and the i18n runtime are not what this tests (and need a browser).
vi.mock('./pageLoaders.ts', () => ({
  pageForHash: () => 'swap',
  pages: { swap: { load: () => Promise.resolve() }, history: { load: () => Promise.resolve() } },
}))
vi.mock('../i18n/index.ts', () => ({ initI18n: vi.fn(() => Promise.resolve()) }))
vi.mock('../i18n/languages.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../i18n/languages.ts')>()
  return {
    ...actual,
    bundleLoaders: {
      zh: vi.fn(actual.bundleLoaders.zh),
      'zh-Hans': vi.fn(actual.bundleLoaders['zh-Hans']),
      en: vi.fn(actual.bundleLoaders.en),
    },
  }
})

/** A server that never answers: the request ends only when it is aborted. */
const stalledFetch = vi.fn(
  (_url: string, init: RequestInit) =>
    new Promise<Response>((_resolve, reject) => {
      init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
    }),
)

beforeEach(() => {
  vi.resetModules()
  vi.useFakeTimers()
  stubBrowser({ storage: new MemoryStorage() })
  vi.stubGlobal('fetch', stalledFetch)
})

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.clearAllMocks()
})

describe('startupRequests', () => {
  it('gives the manifest the HTTP client’s 60000 ms time-out (SPEC §8)', async () => {
    const { startupRequests } = await import('./startupRequests.ts')
    const { HttpTimeoutError } = await import('@multi-bridge/core') // the instance the fresh module uses
    expect(stalledFetch).toHaveBeenCalledWith('./config/manifest.json', expect.objectContaining({ method: 'GET' }))
    let outcome: unknown
    startupRequests.manifest.catch((error: unknown) => {
      outcome = error
    })
    await vi.advanceTimersByTimeAsync(59_999)
    expect(outcome).toBeUndefined()
    await vi.advanceTimersByTimeAsync(1)
    expect(outcome).toBeInstanceOf(HttpTimeoutError)
  })

  it('asks for the stored language’s strings only (default zh)', async () => {
    const { bundleLoaders } = await import('../i18n/languages.ts')
    await import('./startupRequests.ts')
    expect(bundleLoaders.zh).toHaveBeenCalledTimes(1)
    expect(bundleLoaders.en).not.toHaveBeenCalled()
    expect(bundleLoaders['zh-Hans']).not.toHaveBeenCalled()
  })

  it('asks for English only when English is stored', async () => {
    window.localStorage.setItem('lang', 'en')
    const { bundleLoaders } = await import('../i18n/languages.ts')
    await import('./startupRequests.ts')
    expect(bundleLoaders.en).toHaveBeenCalledTimes(1)
    expect(bundleLoaders.zh).not.toHaveBeenCalled()
  })
})
