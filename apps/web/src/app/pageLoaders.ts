import type { ComponentType } from 'react'
import { type PageOptions, ROUTES } from '../lib/routes.ts'

export type PageComponent = ComponentType<{ options: PageOptions }>
export type PageName = 'swap' | 'history'

export type PageEntry = {
  /** The page's component once its chunk has loaded. */
  loaded?: PageComponent
  /** Loads the chunk (once: the browser keeps the module) and records the component. */
  load: () => Promise<PageComponent>
}

function pageEntry(importPage: () => Promise<{ default: PageComponent }>): PageEntry {
  const entry: PageEntry = {
    load: () =>
      importPage().then((module) => {
        entry.loaded = module.default
        return module.default
      }),
  }
  return entry
}

/**
 * The pages, each its own chunk. Free of React so that `bootstrap.ts` can ask for the first page's code at
 * once, in parallel with React itself; the router renders them with `LoadedPage`.
 */
export const pages: Record<PageName, PageEntry> = {
  swap: pageEntry(() => import('../pages/swap/SwapPage.tsx')),
  history: pageEntry(() => import('../pages/history/HistoryPage.tsx')),
}

/** The page a location hash (`#/pages/log/index?id=…`) shows. */
export function pageForHash(hash: string): PageName {
  const path = hash.replace(/^#/, '').split('?')[0] ?? ''
  return path.startsWith(ROUTES.history) ? 'history' : 'swap'
}
