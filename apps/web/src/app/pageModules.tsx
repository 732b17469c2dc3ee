import { type ComponentType, lazy } from 'react'
import { type PageModule, type PageName, pageForHash, pageLoaders } from './pageLoaders.ts'
import type { PageOptions } from './routes.ts'

type PageProps = { options: PageOptions }

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
 * 300 ms), which the first page would pay although start-up (`main.tsx`) usually mounts once its chunk is in.
 */
export function LoadedPage({ page, ...props }: PageProps & { page: PageEntry }) {
  const Page = page.loaded ?? page.Lazy
  return <Page {...props} />
}

export const swapPage = pageEntry(pageLoaders.swap)
export const historyPage = pageEntry(pageLoaders.history)
const pages: Record<PageName, PageEntry> = { swap: swapPage, history: historyPage }

/** Loads the page a location hash (`#/pages/log/index?id=…`) asks for; never rejects. */
export function preloadPage(hash: string): Promise<void> {
  return pages[pageForHash(hash)].preload().then(
    () => undefined,
    () => undefined, // the router loads it again and shows the load-failure block if it still fails
  )
}
