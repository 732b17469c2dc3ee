import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest'
import { FullStorage, MemoryStorage, stubBrowser } from '../test/browserGlobals.ts'
import { safeStorage } from './safeStorage.ts'

let consoleError: MockInstance<typeof console.error>

beforeEach(() => {
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined)
})

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('safeStorage', () => {
  it('reads, writes and removes like localStorage when it works, without logging', () => {
    const storage = new MemoryStorage()
    stubBrowser({ storage })
    expect(safeStorage.getItem('lang')).toBeNull()
    safeStorage.setItem('lang', 'en')
    expect(storage.getItem('lang')).toBe('en')
    expect(safeStorage.getItem('lang')).toBe('en')
    safeStorage.removeItem('lang')
    expect(storage.getItem('lang')).toBeNull()
    expect(consoleError).not.toHaveBeenCalled()
  })

  it('logs a write to a full storage (QuotaExceededError) and does not throw', () => {
    const storage = new FullStorage()
    stubBrowser({ storage })
    storage.clear()
    expect(() => safeStorage.setItem('lang', 'en')).not.toThrow()
    expect(consoleError).toHaveBeenCalledWith(
      '[storage] cannot write "lang"',
      expect.objectContaining({ name: 'QuotaExceededError' }),
    )
    expect(safeStorage.getItem('lang')).toBeNull()
  })

  it('answers null and logs when localStorage cannot even be reached (disabled site data)', () => {
    stubBrowser({ storage: 'disabled' })
    expect(safeStorage.getItem('lang')).toBeNull()
    expect(() => safeStorage.setItem('lang', 'en')).not.toThrow()
    expect(() => safeStorage.removeItem('lang')).not.toThrow()
    expect(consoleError).toHaveBeenCalledWith(
      '[storage] localStorage is not available',
      expect.objectContaining({ name: 'SecurityError' }),
    )
  })

  it('logs a read or a removal that throws, and answers null', () => {
    const storage = new MemoryStorage()
    storage.getItem = () => {
      throw new DOMException('denied', 'SecurityError')
    }
    storage.removeItem = () => {
      throw new DOMException('denied', 'SecurityError')
    }
    stubBrowser({ storage })
    expect(safeStorage.getItem('lang')).toBeNull()
    expect(consoleError).toHaveBeenCalledWith('[storage] cannot read "lang"', expect.any(DOMException))
    expect(() => safeStorage.removeItem('lang')).not.toThrow()
    expect(consoleError).toHaveBeenCalledWith('[storage] cannot remove "lang"', expect.any(DOMException))
  })

  it('answers null, without throwing, where there is no window at all', () => {
    vi.stubGlobal('window', undefined)
    expect(safeStorage.getItem('lang')).toBeNull()
    expect(() => safeStorage.setItem('lang', 'en')).not.toThrow()
  })
})
