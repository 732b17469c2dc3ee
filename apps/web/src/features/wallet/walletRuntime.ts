import type { Manifest, ManifestWalletConnect } from '@multi-bridge/core'
import type { Config } from 'wagmi'
import { getConnection, reconnect, watchConnection } from 'wagmi/actions'
import { safeStorage } from '../../lib/safeStorage.ts'
import { EARLY_WALLET_SETTINGS } from './earlyWallet.ts'
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
  // First, so that the store never shows `disconnected` before the reconnect has even started. A WalletConnect
  // session to restore loads its connector first (only then: the SDK stays out of every other start).
  const walletConnect = walletConnectToRestore(manifest)
  // Framed (a Safe App in Safe{Wallet}): the Safe, when the frame's parent answers as one, is the wallet.
  const reconnecting =
    window.parent !== window
      ? import('./safeApp.ts')
          .then((safe) => safe.connectSafe(config, manifest))
          .then((connected) => (connected ? undefined : reconnect(config)))
      : walletConnect
        ? withWalletConnect(config, walletConnect).then(() => reconnect(config))
        : reconnect(config)
  void reconnecting.finally(() => {
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

/** WalletConnect's settings when it was the last wallet connected (its session may be restored), else undefined. */
function walletConnectToRestore(manifest: Manifest): ManifestWalletConnect | undefined {
  // What index.html's script reads too (earlyWallet.ts).
  const { recentConnector, walletConnectId } = EARLY_WALLET_SETTINGS
  return safeStorage.getItem(recentConnector) === walletConnectId ? manifest.wallets?.walletConnect : undefined
}

/** Loads WalletConnect's connector into the config, the wallet shown as connecting meanwhile. */
async function withWalletConnect(config: Config, settings: ManifestWalletConnect): Promise<void> {
  config.setState((state) => ({ ...state, status: 'connecting' }))
  try {
    const { walletConnectConnector } = await import('./walletConnect.ts')
    walletConnectConnector(config, settings)
  } catch (error) {
    // Its code did not load (offline, a new deployment): the other wallets still reconnect.
    console.warn('WalletConnect could not be loaded to restore its session', error)
  }
}

export { startWalletIsland } from './walletIsland.tsx'
