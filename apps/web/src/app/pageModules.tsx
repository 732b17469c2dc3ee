import { type ComponentType, lazy } from 'react'
import type { PageOptions } from './routes.ts'

type PageProps = { options: PageOptions }
type PageModule = { default: ComponentType<PageProps> }

/**
 * A lazily loaded page that renders at once when its chunk is already there. `React.lazy` alone suspends on
 * its first render even for a loaded chunk, and React throttles the reveal of a suspended boundary (up to
 * 300 ms), which the first page would pay although `main.tsx` loaded its chunk before mounting.
 */
function lazyPage(load: () => Promise<PageModule>) {
  let loaded: ComponentType<PageProps> | undefined
  const loadOnce = () =>
    load().then((module) => {
      loaded = module.default
      return module
    })
  const Lazy = lazy(loadOnce)
  function Page(props: PageProps) {
    const Loaded = loaded ?? Lazy
    return <Loaded {...props} />
  }
  return { Page, preload: loadOnce }
}

export const swapPage = lazyPage(() => import('../pages/swap/SwapPage.tsx'))
export const historyPage = lazyPage(() => import('../pages/history/HistoryPage.tsx'))

/** Loads the page a location hash (`#/pages/log/index?id=…`) asks for; never rejects. */
export function preloadPage(hash: string): Promise<void> {
  const path = hash.replace(/^#/, '').split('?')[0] ?? ''
  const page = path.startsWith('/pages/log/index') ? historyPage : swapPage
  return page.preload().then(
    () => undefined,
    () => undefined, // the router loads it again and shows the load-failure block if it still fails
  )
}
