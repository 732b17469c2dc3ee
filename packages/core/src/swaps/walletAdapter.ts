import type { Address, Hash, Hex } from 'viem'
import type { SignableTypedData, TransactionRequest } from '../routes/types.ts'

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
  /**
   * EIP-5792: whether the wallet takes a batch of calls on `chainId` for one confirmation. Absent or false: each
   * transaction is its own confirmation.
   */
  canSendCalls?: (chainId: number) => Promise<boolean>
  /**
   * Sends `calls` (all on one chain) for one confirmation, in order, and waits until the wallet is done with them:
   * resolves with the hashes of the calls that were mined, in order (a reverted one last; fewer than sent when the
   * wallet stopped). Rejects when the person refuses or the wallet fails.
   */
  sendCalls?: (calls: readonly TransactionRequest[]) => Promise<Hash[]>
  /**
   * EIP-712 `eth_signTypedData_v4` by `account`, whatever chain the wallet is on (the typed data names its own): a
   * gasless swap's one signature. Absent: gasless routes cannot be signed with this wallet.
   */
  signTypedData?: (typedData: SignableTypedData) => Promise<Hex>
}
