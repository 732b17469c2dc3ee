import { createLocalWalletProvider, type LocalWalletProvider } from '@multi-bridge/core'
import type { Chain } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'

export function createDevnetWalletProvider(parameters: {
  mnemonic: string
  addressIndex: number
  chains: readonly Chain[]
}): LocalWalletProvider {
  return createLocalWalletProvider({
    account: mnemonicToAccount(parameters.mnemonic, { addressIndex: parameters.addressIndex }),
    chains: parameters.chains,
    // EIP-5792: an approval and its deposit go as one batch, one confirmation.
    sendCalls: true,
  })
}
