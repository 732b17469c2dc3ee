import { type Chain, createWalletClient, custom } from 'viem'
import {
  getCallsStatus,
  getCapabilities,
  sendCalls,
  sendTransaction,
  signTypedData,
  switchChain,
  waitForCallsStatus,
} from 'viem/actions'
import { callsOutcome, type LocalWalletProvider, readCallsStatus, type WalletAdapter } from '../src/index.ts'

/**
 * A WalletAdapter over an EIP-1193 wallet through viem's wallet actions, as the app's wagmi adapter is: what the
 * wallet is asked (and how often the person confirms) is what the wallet's `intercept` sees.
 */
export async function eip1193WalletAdapter(provider: LocalWalletProvider): Promise<WalletAdapter> {
  await provider.request({ method: 'eth_requestAccounts' })
  const account = provider.account.address
  const client = createWalletClient({ account, transport: custom(provider) })
  return {
    account,
    getChainId: async () => provider.chainId(),
    switchChain: (id) => switchChain(client, { id }),
    sendTransaction: (transaction) =>
      sendTransaction(client, {
        account,
        chain: null,
        to: transaction.to,
        data: transaction.data,
        value: transaction.value,
      }),
    canSendCalls: async (chainId) =>
      getCapabilities(client, { account, chainId }).then(
        () => true,
        () => false,
      ),
    sendCalls: async (transactions) => {
      const chainId = transactions[0]?.chainId ?? provider.chainId()
      const { id } = await sendCalls(client, {
        account,
        chain: { id: chainId } as Chain,
        forceAtomic: false,
        calls: transactions.map(({ to, data, value }) => ({ to, data, value })),
      })
      return { id }
    },
    waitForCalls: async (id) => callsOutcome(await waitForCallsStatus(client, { id, timeout: 120_000 })),
    callsStatus: (id) => readCallsStatus(() => getCallsStatus(client, { id })),
    signTypedData: (typedData) => signTypedData(client, { account, ...typedData } as never),
  }
}
