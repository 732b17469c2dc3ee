/**
 * localStorage that never throws: storage that is disabled, full or corrupt is reported on the
 * console only, and the app carries on (SPEC §7).
 */
function storage(): Storage | undefined {
  // The build's prerender (app/prerender.tsx) renders without a browser: nothing is stored there.
  if (typeof window === 'undefined') return undefined
  try {
    return window.localStorage
  } catch (error) {
    console.error('[storage] localStorage is not available', error)
    return undefined
  }
}

export const safeStorage = {
  getItem(key: string): string | null {
    try {
      return storage()?.getItem(key) ?? null
    } catch (error) {
      console.error(`[storage] cannot read "${key}"`, error)
      return null
    }
  },
  setItem(key: string, value: string): void {
    try {
      storage()?.setItem(key, value)
    } catch (error) {
      console.error(`[storage] cannot write "${key}"`, error)
    }
  },
  removeItem(key: string): void {
    try {
      storage()?.removeItem(key)
    } catch (error) {
      console.error(`[storage] cannot remove "${key}"`, error)
    }
  },
}
