import { createEVMClient as createClient } from '@metamask/connect-evm'

/**
 * MetaMask's SDK as wagmi's `metaMask` connector loads it, with its analytics off: the build hands this module to
 * every other importer of `@metamask/connect-evm` (vite.config.ts). The SDK sends usage events unless told
 * `analytics.enabled: false`, and the connector sets `analytics` after the caller's parameters, so no parameter can
 * say it: no event leaves a person's session, as with WalletConnect (`telemetryEnabled: false`).
 */
export * from '@metamask/connect-evm'

export const createEVMClient: typeof createClient = (options) =>
  createClient({ ...options, analytics: { ...options.analytics, enabled: false } })
