import type { Manifest, WalletAdapter } from '@multi-bridge/core'
import type { Address } from 'viem'
import type { Config, Connector } from 'wagmi'
import { sendTransaction } from 'wagmi/actions'
import { switchNetwork } from '../wallet/index.ts'

/** The executor's wallet interface over the connected wagmi connector. */
export function wagmiWalletAdapter(parameters: {
  config: Config
  connector: Connector
  account: Address
  manifest: Manifest
}): WalletAdapter {
  const { config, connector, account, manifest } = parameters
  return {
    account,
    // The wallet's selected account now: a switch in the wallet after the review must stop the swap.
    getAccount: async () => (await connector.getAccounts())[0],
    getChainId: () => connector.getChainId(),
    switchChain: (chainId) => switchNetwork({ config, connector, chainId, manifest }),
    sendTransaction: (transaction) =>
      sendTransaction(config, {
        connector,
        account,
        chainId: transaction.chainId,
        to: transaction.to,
        data: transaction.data,
        value: transaction.value,
      }),
  }
}
