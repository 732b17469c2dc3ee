import { type WalletAdapter, WalletDisconnectedError } from '@multi-bridge/core'
import { useManifest } from '../../lib/ManifestContext.tsx'
import { useWalletConfig, useWalletConnection } from './walletLayer.ts'

/**
 * How to get core's wallet interface over the connected wallet when an action runs (its wagmi code loads then):
 * WalletDisconnectedError when no wallet is connected.
 */
export function useWalletAdapter(): () => Promise<WalletAdapter> {
  const config = useWalletConfig()
  const manifest = useManifest()
  const { connector, address } = useWalletConnection()
  return async () => {
    if (!config || !connector || !address) throw new WalletDisconnectedError()
    const { connectedWalletAdapter } = await import('./wagmiWallet.ts')
    return connectedWalletAdapter({ config, connector, account: address, manifest })
  }
}
