import type { SdkWallet } from '@multi-bridge/core'

/**
 * What the page knows of each wallet offered through its maker's SDK (issue #54) before that SDK loads: wagmi's id of
 * its connector (the start-up reads it to restore a session), the EIP-6963 names of the extension that stands for it
 * (the extension is offered instead), the pairing it starts and how the wallet list describes it.
 */
export type SdkWalletInfo = {
  connectorId: string
  name: string
  rdns: readonly string[]
  /** `qr`: a code to scan, drawn in the wallet list (MetaMask on a phone); `window`: the maker's own window opens. */
  pairing: 'qr' | 'window'
  note: string
}

export const SDK_WALLET_INFO: Readonly<Record<SdkWallet, SdkWalletInfo>> = {
  metaMask: {
    connectorId: 'metaMaskSDK',
    name: 'MetaMask',
    rdns: ['io.metamask', 'io.metamask.mobile'],
    pairing: 'qr',
    note: 'MetaMask on your phone: scan a code, or open the app',
  },
  coinbaseWallet: {
    connectorId: 'coinbaseWalletSDK',
    name: 'Coinbase Wallet',
    rdns: ['com.coinbase.wallet'],
    pairing: 'window',
    note: 'A passkey wallet or the Coinbase Wallet app, in its own window',
  },
}
