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

/** The title of an address that is no page (the router shows it instead of silently showing Swap). */
export const NOT_FOUND_TITLE = 'Page not found'

/** A path's title (an i18n key); the router matches paths without regard to case or a trailing slash, so does this. */
export function routeTitle(pathname: string): string {
  const path = pathname.toLowerCase().replace(/(.)\/+$/, '$1')
  return ROUTE_TITLES[path] ?? NOT_FOUND_TITLE
}

/** The query string handed to a page as its options. */
export type PageOptions = Record<string, string>

/**
 * Whether a location hash is the swap page's own address (`#/`, with or without options, or none): the only one
 * whose markup the build prerenders (build/prerender.ts writes the same test into index.html's inline script).
 */
export function isPrerenderedAddress(hash: string): boolean {
  const path = hash.replace(/^#/, '').split('?')[0] ?? ''
  return path === '' || path === ROUTES.swap
}
