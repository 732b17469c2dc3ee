import { lazy } from 'react'
import { createHashRouter, useSearchParams } from 'react-router'
import { Layout } from './Layout.tsx'
import { LazyPage } from './LazyPage.tsx'
import { loadHistoryPage, loadSwapPage } from './pageModules.ts'
import { ROUTES } from './routes.ts'

const SwapPage = lazy(loadSwapPage)
const HistoryPage = lazy(loadHistoryPage)

/** Hands the query string to the page as its options (SPEC §4). */
function usePageOptions() {
  const [searchParams] = useSearchParams()
  return Object.fromEntries(searchParams)
}

function SwapRoute() {
  const options = usePageOptions()
  return (
    <LazyPage>
      <SwapPage options={options} />
    </LazyPage>
  )
}

function HistoryRoute() {
  const options = usePageOptions()
  return (
    <LazyPage>
      <HistoryPage options={options} />
    </LazyPage>
  )
}

export const router = createHashRouter([
  {
    path: '/',
    element: <Layout />,
    children: [
      { index: true, element: <SwapRoute /> },
      { path: ROUTES.swapAlias.slice(1), element: <SwapRoute /> },
      { path: ROUTES.history.slice(1), element: <HistoryRoute /> },
      { path: '*', element: <SwapRoute /> },
    ],
  },
])
