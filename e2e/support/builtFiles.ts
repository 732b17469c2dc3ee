/**
 * Built files the tests hold back to see what the page does without them. Their names come from the start-up groups
 * of `apps/web/build/startupChunks.ts` (and `apps/web/vite.config.ts`): a renamed group is renamed here.
 */

/** The start-up script and i18n: without it nothing takes over the prerendered page, and no wallet button starts. */
export const STARTUP_FILE = /\/assets\/startup-[^/]+\.js$/
/** The swap page's own code: what the page's hydration waits for. */
export const SWAP_PAGE_FILE = /\/assets\/swap-page-[^/]+\.js$/
/** The wallet layer's own code (not `wallet-layer-libs`, the wagmi and viem code it shares with pages and lazy code). */
export const WALLET_LAYER_FILE = /\/assets\/wallet-layer-(?!libs-)[^/]+\.js$/
