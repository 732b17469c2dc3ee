import { type ReactNode, Suspense, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { PAGE_LOAD_TIMEOUT_MS, PAGE_LOADER_DELAY_MS } from './constants.ts'
import { ErrorBoundary } from './ErrorBoundary.tsx'

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
