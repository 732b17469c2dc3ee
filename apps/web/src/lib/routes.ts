/** SPEC §4: hash routes with base `/`. */
export const ROUTES = {
  swap: '/',
  swapAlias: '/pages/index/index',
  history: '/pages/log/index',
} as const

export const ROUTE_TITLES: Record<string, string> = {
  [ROUTES.swap]: 'Multi-Bridge-dapp',
  [ROUTES.swapAlias]: 'Multi-Bridge-dapp',
  [ROUTES.history]: 'History',
}

/** The query string handed to a page as its options. */
export type PageOptions = Record<string, string>
