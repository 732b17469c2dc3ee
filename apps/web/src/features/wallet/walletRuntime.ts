import type { Manifest } from '@multi-bridge/core'
import type { Config } from 'wagmi'
import { getConnection, reconnect, watchConnection } from 'wagmi/actions'
import { safeStorage } from '../../lib/safeStorage.ts'
import { EARLY_WALLET_SETTINGS } from './earlyWallet.ts'
import { EARLY_WALLET_EVENT, WALLETCONNECT_CONNECTOR_ID, walletKnownEarly } from './earlyWalletState.ts'
import { SDK_WALLET_INFO, type SdkWalletInfo } from './sdkWalletInfo.ts'
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
  // First, so that the store never shows `disconnected` before the reconnect has even started. A WalletConnect or SDK
  // wallet's session to restore loads its connector first (only then: the SDK stays out of every other start).
  const toRestore = sessionToRestore(manifest)
  // Framed (a Safe App in Safe{Wallet}): the Safe, when the frame's parent answers as one, is the wallet.
  const reconnecting =
    window.parent !== window
      ? import('./safeApp.ts')
          .then((safe) => safe.connectSafe(config, manifest))
          .then((connected) => (connected ? undefined : reconnect(config)))
      : toRestore
        ? withLazyConnector(config, toRestore).then(() => reconnect(config))
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

type LazySession = { name: string; setUp: (config: Config) => Promise<unknown> }

/**
 * The wallet whose connector loads on demand (WalletConnect, an SDK wallet) when it was the last one connected and the
 * manifest still offers it: its session may be restored. Else undefined.
 */
function sessionToRestore(manifest: Manifest): LazySession | undefined {
  // What index.html's script reads too (earlyWallet.ts).
  const recent = safeStorage.getItem(EARLY_WALLET_SETTINGS.recentConnector)
  const walletConnect = manifest.wallets?.walletConnect
  if (walletConnect && recent === JSON.stringify(WALLETCONNECT_CONNECTOR_ID)) {
    return {
      name: 'WalletConnect',
      setUp: (config) => import('./walletConnect.ts').then((wc) => wc.walletConnectConnector(config, walletConnect)),
    }
  }
  const wallet = manifest.wallets?.sdks?.find((id) => recent === JSON.stringify(SDK_WALLET_INFO[id].connectorId))
  if (!wallet) return undefined
  const { name }: SdkWalletInfo = SDK_WALLET_INFO[wallet]
  return { name, setUp: (config) => import('./sdkConnectors.ts').then((sdk) => sdk.sdkWalletConnector(config, wallet)) }
}

/** Loads that wallet's connector into the config, the wallet shown as connecting meanwhile. */
async function withLazyConnector(config: Config, session: LazySession): Promise<void> {
  config.setState((state) => ({ ...state, status: 'connecting' }))
  try {
    await session.setUp(config)
  } catch (error) {
    // Its code did not load (offline, a new deployment): the other wallets still reconnect.
    console.warn(`${session.name} could not be loaded to restore its session`, error)
  }
}

export { startWalletIsland } from './walletIsland.tsx'
