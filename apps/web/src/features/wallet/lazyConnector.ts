import type { Config, CreateConnectorFn } from 'wagmi'

/**
 * A connector whose code loads on demand (WalletConnect, the SDK wallets), set up in wagmi's config on first use as
 * wagmi does with a wallet that announces itself: one instance per page, found again by every later connect,
 * reconnect and disconnect.
 */
export function lazyConnector(config: Config, id: string, create: () => CreateConnectorFn) {
  const existing = config.connectors.find((connector) => connector.id === id)
  if (existing) return existing
  const connector = config._internal.connectors.setup(create())
  config._internal.connectors.setState((connectors) => [...connectors, connector])
  return connector
}

/** How the app names itself to a wallet, beside the connection request. */
export const appMetadata = () => ({
  name: 'Multi-Bridge',
  description: 'Cross-chain token swaps: what you sign is decoded and checked',
  url: window.location.origin,
  icon: new URL('favicon.svg', document.baseURI).href,
})
