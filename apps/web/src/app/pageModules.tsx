import { type ComponentType, lazy } from 'react'
import type { PageOptions } from './routes.ts'

type PageProps = { options: PageOptions }
type PageModule = { default: ComponentType<PageProps> }

type PageEntry = {
  /** The page's component once its chunk has loaded. */
  loaded?: ComponentType<PageProps>
  Lazy: ComponentType<PageProps>
  preload: () => Promise<PageModule>
}

function pageEntry(load: () => Promise<PageModule>): PageEntry {
  const entry: PageEntry = {
    preload: () =>
      load().then((module) => {
        entry.loaded = module.default
        return module
      }),
    Lazy: lazy(() => entry.preload()),
  }
  return entry
}

/**
 * A lazily loaded page that renders at once when its chunk is already there. `React.lazy` alone suspends on
 * its first render even for a loaded chunk, and React throttles the reveal of a suspended boundary (up to
 * 300 ms), which the first page would pay although `bootstrap.ts` loaded its chunk before mounting.
 */
export function LoadedPage({ page, ...props }: PageProps & { page: PageEntry }) {
  const Page = page.loaded ?? page.Lazy
  return <Page {...props} />
}

export const swapPage = pageEntry(() => import('../pages/swap/SwapPage.tsx'))
export const historyPage = pageEntry(() => import('../pages/history/HistoryPage.tsx'))

/** Loads the page a location hash (`#/pages/log/index?id=…`) asks for; never rejects. */
export function preloadPage(hash: string): Promise<void> {
  const path = hash.replace(/^#/, '').split('?')[0] ?? ''
  const page = path.startsWith('/pages/log/index') ? historyPage : swapPage
  return page.preload().then(
    () => undefined,
    () => undefined, // the router loads it again and shows the load-failure block if it still fails
  )
}
