/** The pages' chunks. The router loads them lazily; `main.tsx` starts the wanted one before the frame is up. */
export const loadSwapPage = () => import('../pages/swap/SwapPage.tsx')
export const loadHistoryPage = () => import('../pages/history/HistoryPage.tsx')

/** Starts loading the page a location hash (`#/pages/log/index?id=…`) asks for. */
export function preloadPage(hash: string): void {
  const path = hash.replace(/^#/, '').split('?')[0] ?? ''
  const load = path.startsWith('/pages/log/index') ? loadHistoryPage : loadSwapPage
  load().catch(() => {
    // The router loads it again and shows the load-failure block if it still fails.
  })
}
