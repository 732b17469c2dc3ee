import type { ReactNode } from 'react'
import { WagmiContext } from 'wagmi'
import { useWalletConfig } from './walletLayer.ts'

/**
 * wagmi's hooks for the wallet dialogs (lazy chunks that load wagmi anyway): the config of the wallet layer as
 * wagmi's context. The dialogs open from buttons that wait for the wallet's state, so the config is there; if it
 * is not, nothing renders.
 */
export function WithWagmi({ children }: { children: ReactNode }) {
  const config = useWalletConfig()
  return config ? <WagmiContext.Provider value={config}>{children}</WagmiContext.Provider> : null
}
