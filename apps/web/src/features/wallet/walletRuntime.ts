import type { Manifest } from '@multi-bridge/core'
import { getConnection, reconnect, watchConnection } from 'wagmi/actions'
import { createWagmiConfig } from './wagmiConfig.ts'
import { walletLayer } from './walletLayer.ts'

/**
 * The wallet layer (wagmi, viem, the connectors), loaded with `import()` from start-up and started as soon as it and
 * the config are in (`main.tsx`), whether or not the page is up: creates wagmi's config, reconnects the last wallet
 * and keeps `walletLayer` in step with the connection. What wagmi's provider did on mount, without a provider:
 * nothing of the page waits for this code.
 */
export function startWalletLayer(manifest: Manifest): void {
  const config = createWagmiConfig(manifest)
  // First, so that the store never shows `disconnected` before the reconnect has even started.
  void reconnect(config)
  const sync = () => {
    const { status, address, chainId, connector } = getConnection(config)
    walletLayer.setState({ connection: { status, address, chainId, connector } })
  }
  walletLayer.setState({ config })
  sync()
  watchConnection(config, { onChange: sync })
}

export { startWalletIsland } from './walletIsland.tsx'
