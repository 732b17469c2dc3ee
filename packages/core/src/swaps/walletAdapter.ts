import type { Address, Hash, Hex } from 'viem'
import type { SignableTypedData, TransactionRequest } from '../routes/types.ts'

/** What a wallet did with a batch of calls it accepted (EIP-5792), once it is done with them. */
export type CallsOutcome = {
  /** The hashes of the calls that were mined, in order: a reverted one last; fewer than sent when the wallet stopped. */
  hashes: Hash[]
  /**
   * Why the wallet stopped, in its own words, when it says (EIP-5792 has no field for it: the devnet's wallet gives it
   * in the status's `capabilities.error.message`).
   */
  error?: string
}

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
   * Sends `calls` (all on one chain) for one confirmation, in order: resolves as soon as the wallet accepted them, with
   * the batch's id (from then on the calls may be mined: the swap is kept under that id). Rejects when the person
   * refuses or the wallet fails.
   */
  sendCalls?: (calls: readonly TransactionRequest[]) => Promise<{ id: string }>
  /**
   * Waits until the wallet is done with the batch `id` (`sendCalls`): what was mined, and why it stopped if it did.
   * Rejects when the wait fails (times out, the wallet's status does not answer): the calls may still be mined.
   */
  waitForCalls?: (id: string) => Promise<CallsOutcome>
  /**
   * EIP-712 `eth_signTypedData_v4` by `account`, whatever chain the wallet is on (the typed data names its own): a
   * gasless swap's one signature. Absent: gasless routes cannot be signed with this wallet.
   */
  signTypedData?: (typedData: SignableTypedData) => Promise<Hex>
}

/**
 * A batch's outcome from its EIP-5792 status (viem's `waitForCallsStatus` / `getCallsStatus` answer): the mined calls'
 * hashes, and the wallet's reason for stopping when its status carries one (`capabilities.error.message`).
 */
export function callsOutcome(status: {
  receipts?: readonly { transactionHash: Hash }[] | undefined
  capabilities?: unknown
}): CallsOutcome {
  const hashes = (status.receipts ?? []).map((receipt) => receipt.transactionHash)
  const error = (status.capabilities as { error?: { message?: unknown } } | undefined)?.error?.message
  return typeof error === 'string' && error !== '' ? { hashes, error } : { hashes }
}
