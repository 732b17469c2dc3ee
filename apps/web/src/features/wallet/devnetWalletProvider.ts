import { createLocalWalletProvider, type LocalWalletProvider } from '@multi-bridge/core'
import type { Chain } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { safeStorage } from '../../lib/safeStorage.ts'

export function createDevnetWalletProvider(parameters: {
  mnemonic: string
  addressIndex: number
  chains: readonly Chain[]
}): LocalWalletProvider {
  return createLocalWalletProvider({
    account: mnemonicToAccount(parameters.mnemonic, { addressIndex: parameters.addressIndex }),
    chains: parameters.chains,
    // EIP-5792: an approval and its deposit go as one batch, one confirmation. Kept as a wallet keeps them: a reload
    // still learns what became of a batch (the calls a closed page had not sent are never sent).
    sendCalls: true,
    storage: safeStorage,
  })
}
