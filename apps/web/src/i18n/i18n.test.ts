import i18next from 'i18next'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { MemoryStorage, stubBrowser } from '../test/browserGlobals.ts'
import { initI18n, setLanguage, withProviderWords } from './index.ts'
import { bundleLoaders } from './languages.ts'
import en from './locales/en.ts'
import zh from './locales/zh.ts'
import zhHans from './locales/zh-Hans.ts'

const storage = new MemoryStorage()
const loaders = {
  zh: vi.spyOn(bundleLoaders, 'zh'),
  en: vi.spyOn(bundleLoaders, 'en'),
  'zh-Hans': vi.spyOn(bundleLoaders, 'zh-Hans'),
}

beforeAll(async () => {
  stubBrowser({ storage })
  await initI18n() // nothing stored: the default, zh
})

afterAll(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort()

describe('languages', () => {
  it('starts in zh (zh-Hant) when nothing is stored, loading only the zh strings', () => {
    expect(i18next.language).toBe('zh')
    expect(document.documentElement.lang).toBe('zh-Hant')
    expect(loaders.zh).toHaveBeenCalled()
    expect(loaders.en).not.toHaveBeenCalled()
    expect(loaders['zh-Hans']).not.toHaveBeenCalled()
    expect(i18next.t('Your wallet is disconnected')).toBe('您的錢包已斷開連接')
  })

  it('shows the English text for a string missing in zh, with its values', () => {
    const missing = 'Not translated yet: {{count}} left. Sorry'
    expect(zh[missing]).toBeUndefined()
    expect(i18next.t(missing, { count: 2 })).toBe('Not translated yet: 2 left. Sorry')
  })

  it("adds the error messages' Chinese once the page is idle after start-up, never among the start-up strings", async () => {
    const message = 'Missing chain info for {{id}}. Please add it manually'
    expect(zh[message]).toBeUndefined()
    await vi.waitFor(() => expect(i18next.t(message, { id: 31337 })).toBe('缺少鏈 31337 的資訊，請手動新增'))
  })

  it('switches to English on demand, loading its strings then, and stores the choice under "lang"', async () => {
    await setLanguage('en')
    expect(loaders.en).toHaveBeenCalledTimes(1)
    expect(storage.getItem('lang')).toBe('en')
    expect(document.documentElement.lang).toBe('en')
    expect(i18next.t('Your wallet is disconnected')).toBe('Your wallet is disconnected')
    expect(i18next.t('Approximately {{n}} {{unit}}', { n: 2, unit: i18next.t('minute', { count: 2 }) })).toBe(
      'Approximately 2 minutes',
    )
    await setLanguage('zh')
    expect(i18next.t('Approximately {{n}} {{unit}}', { n: 2, unit: i18next.t('minute', { count: 2 }) })).toBe(
      '大約 2 分鐘',
    )
  })

  it.each([
    ['zh', zh],
    ['zh-Hans', zhHans],
    ['en', en],
  ])('%s keeps every placeholder of the English text', (_language, bundle) => {
    for (const [key, text] of Object.entries(bundle)) {
      expect(placeholders(text), `${key} → ${text}`).toEqual(placeholders(key))
    }
  })

  it('has Simplified Chinese time units, and the Traditional labels otherwise', () => {
    expect(zhHans.minute_other).toBe('分钟')
    expect(zhHans['Your wallet is disconnected']).toBe(zh['Your wallet is disconnected'])
    // The providers' own words too (a fee label from a provider's folder): before, Simplified Chinese had none.
    expect(withProviderWords('zh-Hans', zhHans)['Solver fee']).toBe(withProviderWords('zh', zh)['Solver fee'])
    expect(withProviderWords('zh-Hans', zhHans)['Solver fee']).toBe('求解者費用')
  })
})
