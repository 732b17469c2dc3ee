import type { ComponentType, ReactNode } from 'react'
import { Route, Routes, useSearchParams } from 'react-router'
import { ROUTES } from '../lib/routes.ts'
import { Layout } from './Layout.tsx'
import { LazyPage, LoadedPage } from './LazyPage.tsx'
import { NotFoundPage } from './NotFoundPage.tsx'
import { pages } from './pageLoaders.ts'

/** Hands the query string to the page as its options (SPEC §4). */
function usePageOptions() {
  const [searchParams] = useSearchParams()
  return Object.fromEntries(searchParams)
}

function SwapRoute() {
  const options = usePageOptions()
  return (
    <LazyPage>
      <LoadedPage page={pages.swap} options={options} />
    </LazyPage>
  )
}

function HistoryRoute() {
  const options = usePageOptions()
  return (
    <LazyPage>
      <LoadedPage page={pages.history} options={options} />
    </LazyPage>
  )
}

/** The app's routes (SPEC §4): hash routes, the swap page also under its alias; any other path says it is none. */
export function AppRoutes({ router: Router }: { router: ComponentType<{ children: ReactNode }> }) {
  return (
    <Router>
      <Routes>
        <Route path="/" element={<Layout />}>
          <Route index element={<SwapRoute />} />
          <Route path={ROUTES.swapAlias.slice(1)} element={<SwapRoute />} />
          <Route path={ROUTES.history.slice(1)} element={<HistoryRoute />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </Router>
  )
}
