import type { ComponentType } from 'react'
import { type PageOptions, ROUTES } from './routes.ts'

export type PageModule = { default: ComponentType<{ options: PageOptions }> }
export type PageName = 'swap' | 'history'

/**
 * Each page's chunk. Free of React so that `bootstrap.ts` can ask for the first page's code at once, in
 * parallel with React itself; the router's lazy pages use the same loaders (the browser fetches a module once).
 */
export const pageLoaders: Record<PageName, () => Promise<PageModule>> = {
  swap: () => import('../pages/swap/SwapPage.tsx'),
  history: () => import('../pages/history/HistoryPage.tsx'),
}

/** The page a location hash (`#/pages/log/index?id=…`) shows. */
export function pageForHash(hash: string): PageName {
  const path = hash.replace(/^#/, '').split('?')[0] ?? ''
  return path.startsWith(ROUTES.history) ? 'history' : 'swap'
}
