import type { Address, Hash, Hex } from 'viem'
import { walkError } from '../errors/MultiBridgeError.ts'
import type { SignableTypedData, TransactionRequest } from '../routes/types.ts'

/** What a wallet did with a batch of calls it accepted (EIP-5792), once it is done with them. */
export type CallsOutcome = {
  /**
   * The hashes of the calls that were mined, in order: a reverted one last; fewer than sent when the wallet stopped.
   * A wallet that ran the batch as one transaction (a smart account, EIP-7702) lists that one.
   */
  hashes: Hash[]
  /** The wallet says every call went through (EIP-5792 200): the batch's last call, the deposit, was mined. */
  complete?: boolean
  /**
   * Why the wallet stopped, in its own words, when it says (EIP-5792 has no field for it: the devnet's wallet gives it
   * in the status's `capabilities.error.message`).
   */
  error?: string
}

/** A batch's status now (EIP-5792 `wallet_getCallsStatus`), as `WalletAdapter.callsStatus` reads it. */
export type CallsStatus = {
  /** The wallet is done with the batch: every call mined (`outcome.complete`), or it stopped at one. */
  done: boolean
  /** The calls mined so far, in order (and the wallet's reason when it stopped). */
  outcome: CallsOutcome
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
   * One look at the batch `id` (`sendCalls`), without waiting: how far the wallet got, after a reload too (a wallet
   * keeps its batches). Undefined when the wallet does not know the batch; rejects when its status does not answer.
   */
  callsStatus?: (id: string) => Promise<CallsStatus | undefined>
  /**
   * EIP-712 `eth_signTypedData_v4` by `account`, whatever chain the wallet is on (the typed data names its own): a
   * gasless swap's one signature. Absent: gasless routes cannot be signed with this wallet.
   */
  signTypedData?: (typedData: SignableTypedData) => Promise<Hex>
  /**
   * A wallet whose transactions are proposals to an account of several owners (a Safe, `threshold` signatures to
   * execute): what it answers for a transaction is not a chain's hash, and the other owners may sign days later. Every
   * deposit goes as a batch (`sendCalls`), followed by the batch's status; a proposal that waits for other owners is
   * handed over as such, never failed for waiting.
   */
  proposes?: { threshold: number }
}

/**
 * A batch's outcome from its EIP-5792 status (viem's `waitForCallsStatus` / `getCallsStatus` answer): the mined calls'
 * hashes, and the wallet's reason for stopping when its status carries one (`capabilities.error.message`).
 */
export function callsOutcome(status: {
  /** viem's reading of the status code (`success` for 200); a raw EIP-5792 answer has a number here instead. */
  status?: unknown
  receipts?: readonly { transactionHash: Hash }[] | undefined
  capabilities?: unknown
}): CallsOutcome {
  // Once each: a wallet that ran the batch as one transaction may list that one once per call (a Safe's MultiSend).
  const hashes = [...new Set((status.receipts ?? []).map((receipt) => receipt.transactionHash))]
  const error = (status.capabilities as { error?: { message?: unknown } } | undefined)?.error?.message
  return {
    hashes,
    ...(status.status === 'success' ? { complete: true } : {}),
    ...(typeof error === 'string' && error !== '' ? { error } : {}),
  }
}

/**
 * The deposit among what a batch of `[...approvals, deposit]` mined so far (`depositIndex`: how many approvals; absent
 * in a swap kept before it was). The deposit is the batch's last call, so:
 * - a batch the wallet says went through sent it: its hash is the last one listed (a wallet that ran the batch as one
 *   transaction lists only that one; one that sent a transaction of its own first lists one more);
 * - otherwise it is sent once more hashes are listed than there are approvals: the last one;
 * - a batch the wallet is done with (`done`) and that did not go through never delivered its deposit: `notDeposited`.
 * `depositTx` may be absent from a batch that went through, if the wallet lists no receipt: sent, not followable.
 */
export function batchDeposit(
  outcome: CallsOutcome,
  depositIndex: number | undefined,
  done: boolean,
): { depositTx?: Hash; approveTxs: Hash[]; notDeposited: boolean } {
  const { hashes } = outcome
  const last = hashes.at(-1)
  if (outcome.complete || (depositIndex !== undefined && hashes.length > depositIndex)) {
    return { ...(last ? { depositTx: last } : {}), approveTxs: hashes.slice(0, -1), notDeposited: false }
  }
  return { approveTxs: hashes, notDeposited: done }
}

/** EIP-5792's error for a batch id the wallet does not know. */
const UNKNOWN_BUNDLE_ID = 5730

/**
 * A batch's status (`WalletAdapter.callsStatus`) from viem's `getCallsStatus` answer, read by `read`: undefined for a
 * batch the wallet does not know (EIP-5792's 5730, "Unknown bundle id"); any other failure rejects.
 */
export async function readCallsStatus(
  read: () => Promise<Parameters<typeof callsOutcome>[0]>,
): Promise<CallsStatus | undefined> {
  const answer = await read().catch((error: unknown) => {
    if (walkError(error, (item) => (item as { code?: unknown } | null)?.code === UNKNOWN_BUNDLE_ID)) return undefined
    throw error
  })
  if (!answer) return undefined
  const done = answer.status === 'success' || answer.status === 'failure'
  return { done, outcome: callsOutcome(answer) }
}
