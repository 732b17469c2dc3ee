import type { ManifestWalletConnect } from '@multi-bridge/core'
import type { Config, Connector } from 'wagmi'
import { walletConnect } from 'wagmi/connectors/walletConnect'
import { WALLETCONNECT_CONNECTOR_ID } from './earlyWalletState.ts'
import { appMetadata, lazyConnector } from './lazyConnector.ts'

/**
 * WalletConnect v2 through wagmi's own `walletConnect` connector (issue #54), loaded with `import()` only when the
 * person picks WalletConnect or a WalletConnect session is stored to restore (walletRuntime.ts): the connector and its
 * SDK stay out of the first page. The SDK's QR modal (`@reown/appkit`) is not used: the connect dialog draws the code
 * and the wallet links itself from the connector's `display_uri` (WalletConnectPanel.tsx), so the modal's fonts,
 * images and API calls never load. What is and is not tested is in docs/wallets.md.
 */

/** The page's one WalletConnect connector: one SDK client and one session per page. */
export function walletConnectConnector(config: Config, settings: ManifestWalletConnect): Connector {
  const { icon, ...app } = appMetadata()
  return lazyConnector(config, WALLETCONNECT_CONNECTOR_ID, () =>
    walletConnect({
      projectId: settings.projectId,
      ...(settings.relayUrl ? { relayUrl: settings.relayUrl } : {}),
      showQrModal: false,
      // No events sent to WalletConnect's analytics from a person's session.
      telemetryEnabled: false,
      metadata: { ...app, icons: [icon] },
    }),
  )
}

/** Calls `listener` with each pairing URI the connector shows (a `wc:` URI), until the returned function is called. */
export function onPairingUri(connector: Connector, listener: (uri: string) => void): () => void {
  const onMessage = (message: { type: string; data?: unknown }) => {
    if (message.type === 'display_uri' && typeof message.data === 'string') listener(message.data)
  }
  connector.emitter.on('message', onMessage)
  return () => connector.emitter.off('message', onMessage)
}
