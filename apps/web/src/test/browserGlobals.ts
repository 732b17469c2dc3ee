import { vi } from 'vitest'

/** A Web Storage in memory, as localStorage behaves (string values, `null` for a missing key). */
export class MemoryStorage implements Storage {
  readonly #items = new Map<string, string>()
  get length() {
    return this.#items.size
  }
  clear() {
    this.#items.clear()
  }
  getItem(key: string) {
    return this.#items.get(key) ?? null
  }
  key(index: number) {
    return [...this.#items.keys()][index] ?? null
  }
  removeItem(key: string) {
    this.#items.delete(key)
  }
  setItem(key: string, value: string) {
    this.#items.set(key, String(value))
  }
}

/** localStorage when the quota is used up: reads work, every write throws as browsers do. */
export class FullStorage extends MemoryStorage {
  override setItem(): void {
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
  }
}

/**
 * Unit tests run in node: gives them the little of `window` and `document` the code under test touches.
 * `storage: 'disabled'` makes `window.localStorage` throw, as it does when the person blocks site data.
 * Undo with `vi.unstubAllGlobals()`.
 */
export function stubBrowser(parameters: { storage: Storage | 'disabled'; hash?: string }) {
  // An event target, as wallets announce themselves on window (EIP-6963) and wagmi listens there.
  const origin = 'http://127.0.0.1:4173'
  const window = Object.assign(new EventTarget(), {
    location: { origin, href: `${origin}/`, hash: parameters.hash ?? '#/', reload: vi.fn() },
  })
  // A top-level page: its own parent (a frame's differs: a Safe App's, walletRuntime.ts).
  Object.assign(window, { parent: window })
  Object.defineProperty(window, 'localStorage', {
    get() {
      if (parameters.storage === 'disabled')
        throw new DOMException('Access is denied for this document.', 'SecurityError')
      return parameters.storage
    },
  })
  vi.stubGlobal('window', window)
  vi.stubGlobal('document', { documentElement: { lang: '' }, baseURI: `${origin}/` })
}
