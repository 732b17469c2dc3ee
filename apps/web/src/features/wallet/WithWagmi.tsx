import type { ComponentType } from 'react'
import { WagmiContext } from 'wagmi'
import { useWalletConfig } from './walletLayer.ts'

/**
 * A wallet dialog (a lazy chunk that loads wagmi anyway) with wagmi's hooks: the wallet layer's config as wagmi's
 * context. The dialogs open from buttons that wait for the wallet's state, so the config is there; if it is not,
 * nothing renders.
 */
export function withWagmi<Props extends object>(Dialog: ComponentType<Props>): ComponentType<Props> {
  return function WithWagmi(props: Props) {
    const config = useWalletConfig()
    return config ? (
      <WagmiContext.Provider value={config}>
        <Dialog {...props} />
      </WagmiContext.Provider>
    ) : null
  }
}
