import type { Manifest } from '@multi-bridge/core'
import { createWalletClient, http, type LocalAccount } from 'viem'
import { manifestChainToViem, type WalletAdapter, WalletRpcError } from '../src/index.ts'

/** A WalletAdapter over a local key, with the knobs a test needs to play a person or a broken wallet. */
export function createNodeWallet(manifest: Manifest, account: LocalAccount, initialChainId: number) {
  let chainId = initialChainId
  const state = { rejectApprovals: 0, ignoreSwitch: false, sent: [] as string[] }
  const clients = new Map(
    manifest.chains.map((chain) => [
      chain.id,
      createWalletClient({ account, chain: manifestChainToViem(chain), transport: http(chain.rpcUrls[0]) }),
    ]),
  )
  const wallet: WalletAdapter = {
    account: account.address,
    getChainId: async () => chainId,
    switchChain: async (id) => {
      if (!state.ignoreSwitch) chainId = id
    },
    sendTransaction: async (transaction) => {
      const isApproval = transaction.data.startsWith('0x095ea7b3')
      if (isApproval && state.rejectApprovals > 0) {
        state.rejectApprovals--
        throw new WalletRpcError(4001, 'User rejected the request.')
      }
      const client = clients.get(chainId)
      if (!client) throw new Error(`no chain ${chainId}`)
      const hash = await client.sendTransaction({
        to: transaction.to,
        data: transaction.data,
        value: transaction.value,
        account,
        chain: client.chain,
      })
      state.sent.push(hash)
      return hash
    },
  }
  return { wallet, state }
}
