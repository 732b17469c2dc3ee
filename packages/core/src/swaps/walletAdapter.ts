import type { Address, Hash } from 'viem'
import type { TransactionRequest } from '../routes/types.ts'

/**
 * The small wallet interface the executor needs, so a swap runs the same in the browser (wagmi)
 * and in node tests (a local key).
 */
export type WalletAdapter = {
  /** The account the swap is signed by. */
  account: Address
  /** The account the wallet has selected right now (checked before each signature). */
  getAccount?: () => Promise<Address | undefined>
  getChainId: () => Promise<number>
  switchChain: (chainId: number) => Promise<void>
  sendTransaction: (transaction: TransactionRequest) => Promise<Hash>
}
