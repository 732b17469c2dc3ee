import type { Manifest } from '@multi-bridge/core'
import { getConnection, reconnect, watchConnection } from 'wagmi/actions'
import { EARLY_WALLET_EVENT, walletKnownEarly } from './earlyWalletState.ts'
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
  // The inline script found that nothing can reconnect (earlyWallet.ts): the reconnect below ends disconnected, and
  // the button the script enabled stays enabled meanwhile instead of waiting again. The script may find it only
  // after the wallet button's code took the button over: then it says so with an event, and the same holds from then.
  let knownDisconnected = walletKnownEarly()
  let reconnected = false
  const knownLate = () => {
    if (reconnected || knownDisconnected) return
    knownDisconnected = true
    sync()
  }
  window.addEventListener(EARLY_WALLET_EVENT, knownLate)
  // First, so that the store never shows `disconnected` before the reconnect has even started.
  void reconnect(config).finally(() => {
    reconnected = true
    window.removeEventListener(EARLY_WALLET_EVENT, knownLate)
    if (!knownDisconnected) return
    knownDisconnected = false
    sync()
  })
  const connection = () => {
    const { status, address, chainId, connector } = getConnection(config)
    const shown = knownDisconnected && status === 'connecting' ? 'disconnected' : status
    return { status: shown, address, chainId, connector }
  }
  const sync = () => walletLayer.setState({ connection: connection() })
  // In one change: the wallet button never sees the config with the connection from before it.
  walletLayer.setState({ config, connection: connection() })
  watchConnection(config, { onChange: sync })
}

export { startWalletIsland } from './walletIsland.tsx'
