/**
 * The swaps whose dialog is on screen now, by key: an in-app word about how a swap ended is not needed when the
 * person is looking at it (features/notifications); the dialog says it itself.
 */
const inView = new Map<string, number>()

/** Marks a swap as shown until the returned function is called (a dialog's effect and its clean-up). */
export function markSwapInView(key: string): () => void {
  inView.set(key, (inView.get(key) ?? 0) + 1)
  return () => {
    const count = (inView.get(key) ?? 1) - 1
    if (count > 0) inView.set(key, count)
    else inView.delete(key)
  }
}

export const isSwapInView = (key: string): boolean => inView.has(key)
