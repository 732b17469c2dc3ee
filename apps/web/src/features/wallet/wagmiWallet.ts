import { callsOutcome, type Manifest, readCallsStatus, UnexpectedError, type WalletAdapter } from '@multi-bridge/core'
import type { Address } from 'viem'
import type { Config, Connector } from 'wagmi'
import {
  getCallsStatus,
  getCapabilities,
  sendCalls,
  sendTransaction,
  signTypedData,
  waitForCallsStatus,
} from 'wagmi/actions'
import { switchNetwork } from './switchNetwork.ts'

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
    // EIP-5792: a wallet that answers its capabilities for the chain takes a batch for one confirmation.
    canSendCalls: async (chainId) => {
      const capabilities = await getCapabilities(config, { connector, account, chainId }).catch(() => undefined)
      return capabilities !== undefined && capabilities !== null
    },
    // Accepted: the wallet answered the batch's id. The executor keeps the swap under it before waiting for it.
    sendCalls: async (transactions) => {
      const chainId = transactions[0]?.chainId
      if (chainId === undefined) throw new UnexpectedError('a batch of no calls')
      const { id } = await sendCalls(config, {
        connector,
        account,
        chainId,
        forceAtomic: false,
        calls: transactions.map(({ to, data, value }) => ({ to, data, value })),
      })
      return { id }
    },
    // Done when every call is mined, or the wallet stopped at one: the executor reads which from the hashes.
    waitForCalls: async (id) => callsOutcome(await waitForCallsStatus(config, { connector, id, timeout: 10 * 60_000 })),
    // One look, after a reload too: a wallet keeps the batches it sent.
    callsStatus: (id) => readCallsStatus(() => getCallsStatus(config, { connector, id })),
    // A gasless swap's one signature: the typed data names its chain, so the wallet is not asked to switch.
    signTypedData: (typedData) => signTypedData(config, { connector, account, ...typedData } as never),
  }
}

/** The adapter for the connected wallet: a Safe's (safeWallet.ts, loaded only then) over the one every wallet gets. */
export async function connectedWalletAdapter(
  parameters: Parameters<typeof wagmiWalletAdapter>[0],
): Promise<WalletAdapter> {
  const adapter = wagmiWalletAdapter(parameters)
  if (parameters.connector.type !== 'safe') return adapter
  const { safeWalletAdapter } = await import('./safeWallet.ts')
  return safeWalletAdapter(adapter, parameters)
}
