import type { Address, Hex } from 'viem'
import type { TokenRef } from '../routes/types.ts'

/**
 * Where a swap stands. Each state carries exactly the fields it has (see `SwapRecord`); every change goes
 * through `applySwapEvent` (swapMachine.ts):
 *
 * - `signing`: the person is switching network, approving or depositing; nothing is escrowed yet (a sent but
 *   unmined deposit has its `depositTx`).
 * - `deposited`: the deposit is mined, the provider is delivering.
 * - `refundable`: not delivered by its deadline; the person can refund it (escrow protocols).
 * - `providerRefunding`: not delivered; the provider returns the tokens by itself (Across, LI.FI).
 * - `providerFailed`: the provider reports the transfer failed (LI.FI `FAILED`). Not final: what happens next
 *   depends on the bridge, and the provider may still report it refunded or done, so it is still followed.
 * - `completed`, `refunded`, `failed` (the deposit itself failed): final, never left.
 *
 * SPEC §5 shows three words: Swapping... (signing, deposited, providerRefunding), Completed, and Failed
 * (refundable, providerFailed, refunded, failed) with the refund step and a note telling them apart.
 */
export type SwapStatus =
  | 'signing'
  | 'deposited'
  | 'refundable'
  | 'providerRefunding'
  | 'providerFailed'
  | 'completed'
  | 'refunded'
  | 'failed'

/** What the person is doing while a swap is `signing`, in order. */
export type SigningPhase = 'switching' | 'approving' | 'depositing'
export const SIGNING_PHASES: readonly SigningPhase[] = ['switching', 'approving', 'depositing']

export const FINAL_SWAP_STATUSES: ReadonlySet<SwapStatus> = new Set(['completed', 'refunded', 'failed'])
export const isFinalSwapStatus = (status: SwapStatus) => FINAL_SWAP_STATUSES.has(status)

/** SPEC §5's word for a state. */
export type SwapProgress = 'swapping' | 'completed' | 'failed'
export const swapProgress = (status: SwapStatus): SwapProgress =>
  status === 'completed'
    ? 'completed'
    : status === 'signing' || status === 'deposited' || status === 'providerRefunding'
      ? 'swapping'
      : 'failed'

export type SwapDestination = {
  token: TokenRef
  estimatedAmount: string
  minAmount: string
  /** Gas on arrival: the destination's native coin the recipient gets besides the output (exact, not estimated). */
  gas?: { token: TokenRef; amount: string }
}

/**
 * A fee of the route the swap was made with (`RouteFee`, its amount as a signed decimal string: Relay's reward is
 * negative). Kept for History and its CSV; a swap restored from chain has none.
 */
export type SwapFee = { label: string; token: TokenRef; amount: string; paidBy?: 'sender' }

/** What every swap has, whatever its state. JSON only (amounts as decimal strings), so it survives storage. */
export type SwapBase = {
  /** Stable key of the record in History (never changes). */
  key: string
  providerId: string
  providerName: string
  owner: Address
  recipient: Address
  origin: { token: TokenRef; amount: string }
  destination: SwapDestination
  depositAddress: Address
  /** Epoch ms the person pressed Swap (the deposit's time for a swap restored from chain). */
  createdAt: number
  /** Epoch ms of the last change; never goes back. */
  updatedAt: number
  /**
   * The route's delivery estimate in seconds, when the swap was made here (a swap restored from chain has
   * none): elapsed time is compared with it ("Taking longer than usual").
   */
  estimatedSeconds?: number
  /** The route's fees, as quoted when the person confirmed it (absent for a swap restored from chain). */
  fees?: SwapFee[]
  approveTxs?: Hex[]
  /** Provider-specific tracking data (e.g. fill deadline, the blocks to search from). */
  data?: Record<string, string | number>
  /**
   * The provider's own word on the state, shown beside it (e.g. LI.FI `WAIT_DESTINATION_TRANSACTION`,
   * `PARTIAL`; Across `expired`).
   */
  statusDetail?: string
}

/** A mined deposit: the protocol's id and the deposit's time. */
export type SwapDeposit = {
  /** The protocol's id (order id, transfer id, deposit hash). */
  id: string
  depositTx: Hex
  /** Epoch seconds of the deposit block (Exchange Time). */
  depositedAt: number
  /** Epoch seconds after which the swap can be refunded if nobody delivered it. */
  refundableAfter?: number
  /** Epoch seconds after which a refund needs no attestation at all. */
  expiresAt?: number
}

export type SigningSwap = SwapBase & {
  status: 'signing'
  phase: SigningPhase
  /** The key until the deposit is mined. */
  id: string
  /**
   * Sent, not known to be mined yet. A swap may be out of the person's hands before its deposit's hash is known: see
   * `handedOver` (its tracking data says so).
   */
  depositTx?: Hex
}
export type DepositedSwap = SwapBase & SwapDeposit & { status: 'deposited' }
export type RefundableSwap = SwapBase & SwapDeposit & { status: 'refundable' }
export type ProviderRefundingSwap = SwapBase & SwapDeposit & { status: 'providerRefunding' }
export type ProviderFailedSwap = SwapBase & SwapDeposit & { status: 'providerFailed' }
export type CompletedSwap = SwapBase &
  SwapDeposit & {
    status: 'completed'
    /** `gasReceived`: the gas on arrival that arrived with it. */
    destination: SwapDestination & { receivedAmount?: string; gasReceived?: string }
    deliveryTx?: Hex
    /** Epoch seconds of the delivery block. */
    deliveredAt?: number
  }
export type RefundedSwap = SwapBase & SwapDeposit & { status: 'refunded'; refundTx?: Hex }
export type FailedSwap = SwapBase & {
  status: 'failed'
  id: string
  /** A short, catalogued reason. */
  error: string
  depositTx?: Hex
  depositedAt?: number
}

/** A swap as stored in History. */
export type SwapRecord =
  | SigningSwap
  | DepositedSwap
  | RefundableSwap
  | ProviderRefundingSwap
  | ProviderFailedSwap
  | CompletedSwap
  | RefundedSwap
  | FailedSwap

/**
 * A swap that left the person's hands before its deposit's hash is known, and may still be deposited:
 * - `gaslessOrder`: a gasless order signed and given to the solver, whose answer did not come (`orderSigned`). The
 *   solver may open it until its open deadline (epoch seconds); after that it never can.
 * - `calls`: a batch holding the deposit that the wallet accepted (EIP-5792, its id: `callsAccepted`), not known to
 *   be mined yet.
 * Kept in the record's tracking data (`orderId` and `openDeadline`; `callsId` and `callsDeposit`), so that a saved copy
 * reads the same.
 */
export type HandedOver =
  | { kind: 'gaslessOrder'; orderId: Hex; openDeadline: number }
  /**
   * `depositIndex`: where the deposit is among the batch's calls (the ones before it approve); absent in older copies.
   * `signaturesNeeded`: a proposal to an account of several owners (a Safe) that this many of them sign first.
   */
  | { kind: 'calls'; callsId: string; depositIndex?: number; signaturesNeeded?: number }

/** The tracking data key of a batch's `HandedOver.depositIndex`. */
export const CALLS_DEPOSIT_INDEX = 'callsDeposit'
/**
 * The tracking data key of a batch's `HandedOver.signaturesNeeded`: a proposal to an account of several owners (a
 * Safe) that this many of them sign before it is executed.
 */
export const CALLS_SIGNATURES_NEEDED = 'callsSignatures'

/** How a `signing` swap without a deposit hash left the person's hands, if it did (see `HandedOver`). */
export function handedOver(
  record: Pick<SwapRecord, 'status' | 'depositTx'> & { data?: SwapRecord['data'] },
): HandedOver | undefined {
  if (record.status !== 'signing' || record.depositTx !== undefined) return undefined
  const { orderId, openDeadline, callsId } = record.data ?? {}
  if (typeof orderId === 'string' && typeof openDeadline === 'number') {
    return { kind: 'gaslessOrder', orderId: orderId as Hex, openDeadline }
  }
  if (typeof callsId !== 'string') return undefined
  const count = (key: string) => {
    const value = record.data?.[key]
    return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined
  }
  const depositIndex = count(CALLS_DEPOSIT_INDEX)
  const signaturesNeeded = count(CALLS_SIGNATURES_NEEDED)
  return {
    kind: 'calls',
    callsId,
    ...(depositIndex === undefined ? {} : { depositIndex }),
    ...(signaturesNeeded === undefined ? {} : { signaturesNeeded }),
  }
}

/**
 * Whether anything of the swap left the person's hands: a deposit sent (or mined, or what followed), or handed over
 * without its hash (`handedOver`). Such a swap is History's, never a draft: signing it again could pay twice.
 */
export const isSwapSent = (record: SwapRecord): boolean =>
  record.status !== 'signing' || record.depositTx !== undefined || handedOver(record) !== undefined

/** A swap whose deposit is mined and not failed: what providers track. */
export type TrackedSwap = Exclude<SwapRecord, SigningSwap | FailedSwap>

/** The delivery estimate a swap is judged against when it has none of its own (one restored from chain). */
const DEFAULT_ESTIMATE_SECONDS = 30

/**
 * Whether a deposited swap is well past its delivery estimate: then it is worth asking the bridge's services
 * why (a grace of half the estimate, at least 10 s, so that a swap a block late is not called stuck).
 */
export function isOverdue(record: TrackedSwap, now: number = Date.now() / 1000): boolean {
  const estimate = record.estimatedSeconds ?? DEFAULT_ESTIMATE_SECONDS
  return now - record.depositedAt > estimate + Math.max(10, estimate / 2)
}

/**
 * Something that happened to a swap. Providers' looks at the chains and APIs return one; the person's steps
 * are ones too. `applySwapEvent` turns the record and an event into the next record.
 */
export type SwapEvent =
  | { type: 'phase'; phase: SigningPhase }
  | { type: 'approved'; approveTxs: Hex[] }
  /** `data`: what is known of the deposit before it is mined (a gasless order's id and terms, from what was signed). */
  | { type: 'depositSent'; depositTx: Hex; data?: Record<string, string | number> }
  /**
   * The wallet accepted a batch of calls holding the deposit (EIP-5792): its id, and what is known of the deposit. The
   * deposit may be mined from now on, before its hash is known (`HandedOver`).
   */
  | { type: 'callsAccepted'; callsId: string; data?: Record<string, string | number> }
  /**
   * A gasless order was signed and given to the solver, and its answer (the open's hash) did not come: what was signed
   * (the order's id, its open deadline, its terms). The solver may still open it until then (`HandedOver`).
   */
  | { type: 'orderSigned'; data: Record<string, string | number> & { orderId: Hex; openDeadline: number } }
  /** The wallet sped the sent deposit up: the same call under a new hash, the one that is mined. */
  | { type: 'depositRepriced'; depositTx: Hex }
  | ({ type: 'depositMined'; estimatedAmount?: string; data?: Record<string, string | number> } & Omit<
      SwapDeposit,
      'depositTx'
    >)
  /**
   * The deposit reverted, its receipt has no deposit of this provider, or the wallet cancelled it; or what was handed
   * over never became one (a batch stopped before the deposit, a gasless order not opened by its open deadline).
   */
  | { type: 'depositFailed'; error: string; statusDetail?: string }
  /** Still on its way (the provider's word, if it gave one). */
  | { type: 'pending'; statusDetail?: string }
  | {
      type: 'delivered'
      deliveryTx?: Hex
      deliveredAt?: number
      receivedAmount?: string
      /** The gas on arrival delivered with it (native coin, base units). */
      gasReceived?: string
      /** When the provider delivered another token than quoted (LI.FI PARTIAL). */
      token?: TokenRef
      statusDetail?: string
    }
  /** Past its deadline and not delivered: the person can refund it. */
  | { type: 'deadlinePassed' }
  /** Not delivered; the provider returns the tokens by itself. */
  | { type: 'providerRefunding'; statusDetail?: string }
  | { type: 'refunded'; refundTx?: Hex; statusDetail?: string }
  /** The provider says the transfer failed; it may still refund or deliver it (what happens depends on the bridge). */
  | { type: 'providerFailed'; statusDetail?: string }

/** The delivered amount when known, else the least the recipient gets. */
export const receivedAmount = (record: SwapRecord): string | undefined =>
  record.status === 'completed' ? record.destination.receivedAmount : undefined

/** The gas on arrival that arrived with a completed swap (native coin, base units), when it is known. */
export const gasReceived = (record: SwapRecord): string | undefined =>
  record.status === 'completed' ? record.destination.gasReceived : undefined
