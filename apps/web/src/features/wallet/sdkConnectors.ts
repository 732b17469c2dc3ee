import type { SdkWallet } from '@multi-bridge/core'
import type { Config, Connector } from 'wagmi'
import { coinbaseWallet } from 'wagmi/connectors/coinbaseWallet'
import { metaMask } from 'wagmi/connectors/metaMask'
import { appMetadata, lazyConnector } from './lazyConnector.ts'
import { SDK_WALLET_INFO } from './sdkWalletInfo.ts'

/**
 * The SDK wallets' connectors (issue #54): wagmi's own `metaMask` and `coinbaseWallet`, loaded with `import()` when one
 * is picked or its session is stored to restore (walletRuntime.ts). Each connector loads its maker's SDK only when it
 * connects. What is and is not tested is in docs/wallets.md.
 */
export function sdkWalletConnector(config: Config, wallet: SdkWallet): Connector {
  const app = appMetadata()
  return lazyConnector(config, SDK_WALLET_INFO[wallet].connectorId, () =>
    wallet === 'metaMask'
      ? metaMask({
          dapp: { name: app.name, url: app.url, iconUrl: app.icon },
          // Its pairing code and link go to the wallet list's own panel (`display_uri`), as WalletConnect's do: no
          // modal of MetaMask's over the dialog. On a phone the SDK opens the MetaMask app itself.
          headless: true,
        })
      : coinbaseWallet({ appName: app.name, appLogoUrl: app.icon, preference: { options: 'all' } }),
  )
}

/**
 * Gives up a connection the person cancelled in the wallet list: Coinbase's SDK closes its window and refuses the
 * request it waits on. Its provider has no public way to (its `disconnect` leaves the window open, waiting for a page
 * that may never load), so its communicator's own `disconnect` is called, where the pinned SDK (4.4) has it; the
 * browser test sees the window close.
 */
export async function cancelSdkConnect(connector: Connector): Promise<void> {
  const provider = (await connector.getProvider()) as { communicator?: { disconnect?: () => void } } | undefined
  provider?.communicator?.disconnect?.()
}
