/** SPEC §1, §8: product constants. */
export const APP_TITLE = 'Multi-Bridge-dapp'
export const APP_VERSION = '1.0.1'
export const APP_VERSION_CODE = 101
export const TOAST_MS = 2_000
export const NOTIFY_MS = 3_000
export const PAGE_LOADER_DELAY_MS = 200
export const PAGE_LOAD_TIMEOUT_MS = 60_000
export const TEXT_INPUT_MAX_LENGTH = 140

/** The app's only source of chains, contracts, tokens and service URLs (validated by `mountApp`). */
export const MANIFEST_URL = './config/manifest.json'
