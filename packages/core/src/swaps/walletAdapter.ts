import type { Address, Hash } from 'viem'
import type { TransactionRequest } from '../routes/types.ts'

/**
 * The small wallet interface the executor needs, so a swap runs the same in the browser (wagmi)
 * and in node tests (a local key).
 */
export type WalletAdapter = {
  account: Address
  getChainId: () => Promise<number>
  switchChain: (chainId: number) => Promise<void>
  sendTransaction: (transaction: TransactionRequest) => Promise<Hash>
}
