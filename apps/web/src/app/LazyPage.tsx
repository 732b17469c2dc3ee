import { type ReactNode, Suspense, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { PAGE_LOAD_TIMEOUT_MS, PAGE_LOADER_DELAY_MS } from '../lib/constants.ts'
import type { PageOptions } from '../lib/routes.ts'
import { ErrorBoundary } from './ErrorBoundary.tsx'
import type { PageComponent, PageEntry } from './pageLoaders.ts'

/**
 * Shown while a page's code loads: nothing for the first 200 ms (fast loads never flash a
 * spinner), a loader after that, and after 60 s a message whose click reloads the page.
 */
export function PageLoader() {
  const { t } = useTranslation()
  const [phase, setPhase] = useState<'hidden' | 'loading' | 'timeout'>('hidden')
  useEffect(() => {
    const show = setTimeout(() => setPhase('loading'), PAGE_LOADER_DELAY_MS)
    const timeout = setTimeout(() => setPhase('timeout'), PAGE_LOAD_TIMEOUT_MS)
    return () => {
      clearTimeout(show)
      clearTimeout(timeout)
    }
  }, [])
  if (phase === 'hidden') return null
  if (phase === 'timeout') {
    return (
      <button type="button" className="page-timeout" onClick={() => window.location.reload()}>
        {t('The connection timed out, click the screen to try again.')}
      </button>
    )
  }
  return (
    <div className="page-loader" role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{t('Loading…')}</span>
    </div>
  )
}

/** Frame of a lazily loaded page: the loader, the time-out and the load-failure block. */
export function LazyPage({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary>
      <Suspense fallback={<PageLoader />}>{children}</Suspense>
    </ErrorBoundary>
  )
}

/**
 * A lazily loaded page: rendered at once when its chunk is in, else the loader until it is. A failed load
 * is thrown to the page's error boundary, which shows the reload block.
 *
 * Why not `React.lazy` with Suspense: a boundary that suspended has its reveal held back by React for up to
 * 300 ms after the fallback showed, and the first page would pay that whenever its chunk landed a moment
 * after the frame had mounted.
 */
export function LoadedPage({ page, options }: { page: PageEntry; options: PageOptions }) {
  const [state, setState] = useState<{ Page?: PageComponent; failed?: { error: unknown } }>(() => ({
    Page: page.loaded,
  }))
  const { Page, failed } = state
  useEffect(() => {
    if (Page) return
    let current = true
    page.load().then(
      (loaded) => current && setState({ Page: loaded }),
      (error: unknown) => current && setState({ failed: { error } }),
    )
    return () => {
      current = false
    }
  }, [page, Page])
  if (failed) throw failed.error
  return Page ? <Page options={options} /> : <PageLoader />
}
