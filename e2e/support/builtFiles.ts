/**
 * Built files the tests hold back to see what the page does without them. Their names come from the start-up groups
 * of `apps/web/build/startupChunks.ts` (and `apps/web/vite.config.ts`): a renamed group is renamed here.
 */

/** React, the app frame and i18n: the code that takes over the prerendered page. */
export const STARTUP_FILE = /\/assets\/startup-[^/]+\.js$/
/** The wallet layer's own code (not `wallet-layer-libs`, the wagmi and viem code it shares with pages and lazy code). */
export const WALLET_LAYER_FILE = /\/assets\/wallet-layer-(?!libs-)[^/]+\.js$/
