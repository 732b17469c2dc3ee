import { intentOriginSettlerAbi } from '@multi-bridge/contracts'
import type { Address, Chain, Hex, PublicClient, Transport } from 'viem'
import { z } from 'zod'
import { httpRequest } from '../http/request.ts'
import type { DepositedSwap, SwapEvent, TrackedSwap } from '../swaps/types.ts'

const attestationSchema = z.object({
  status: z.string(),
  attestation: z.object({ kind: z.string(), signatures: z.string().regex(/^0x[0-9a-fA-F]*$/) }).nullable(),
})

type Client = PublicClient<Transport, Chain>

/**
 * The signatures a refund needs now: the attester's "not delivered" attestation when it has
 * signed one, `0x` (none) once the origin chain is past the unattested refund's time, or undefined when neither yet.
 */
export async function refundSignatures(parameters: {
  attestationUrl: string
  notDeliveredStatus: string
  origin: Client
  /** When the contract refunds without an attestation (`unattestedRefundAfter`); undefined while it would not. */
  unattestedAfter: () => Promise<number | undefined>
}): Promise<Hex | undefined> {
  const raw = await httpRequest(parameters.attestationUrl, { timeoutMs: 10_000 }).catch(() => undefined)
  const attested = attestationSchema.safeParse(raw)
  if (attested.success && attested.data.status === parameters.notDeliveredStatus && attested.data.attestation) {
    return attested.data.attestation.signatures as Hex
  }
  // Without the attester, the contract refunds anyone's call after `expires`, moved by its brake.
  const [head, after] = await Promise.all([
    parameters.origin.getBlock({ blockTag: 'latest' }),
    parameters.unattestedAfter(),
  ])
  return after !== undefined && Number(head.timestamp) > after ? '0x' : undefined
}

/**
 * When `contract` (an intent settler or a pool: both carry the guardian's brake) refunds a deposit without an
 * attestation, as it computes it: `expires` moved later by the seconds its brake was on since the deposit
 * (`pausedAtDeposit`, the escrow's `pausedAtOpen` or the deposit's `pausedAtSend`). Undefined while the brake is on:
 * the contract refuses the unattested refund then, and a transaction would only revert.
 */
export async function unattestedRefundAfter(
  origin: Client,
  contract: Address,
  expires: number,
  pausedAtDeposit: bigint,
): Promise<number | undefined> {
  const read = (functionName: 'settlementPaused' | 'pausedSeconds') =>
    origin.readContract({ address: contract, abi: intentOriginSettlerAbi, functionName })
  const [paused, pausedSeconds] = await Promise.all([read('settlementPaused'), read('pausedSeconds')])
  if (paused) return undefined
  return expires + Number(BigInt(pausedSeconds) - pausedAtDeposit)
}

/** The seconds after which a refund will be possible, when it is not yet. */
export const refundAvailableAfter = (record: TrackedSwap) =>
  Math.max(record.refundableAfter ?? 0, Math.floor(Date.now() / 1000) + 1)

/**
 * What the chains say about a swap, the same for every escrow-style protocol: delivered, refunded, past its
 * deadline on the destination (refundable), or still on its way.
 */
export async function settlementStatus(parameters: {
  destination: Client
  /** `gasAmount`: the native coin delivered with it (gas on arrival), when there was any. */
  delivery: { transactionHash: Hex; blockNumber: bigint; amount: bigint; gasAmount?: bigint } | undefined
  refunded: boolean
  findRefundTx: () => Promise<Hex | undefined>
  destinationTime: number
  deadline: number
}): Promise<SwapEvent> {
  const { delivery } = parameters
  if (delivery) {
    const block = await parameters.destination.getBlock({ blockNumber: delivery.blockNumber })
    return {
      type: 'delivered',
      deliveryTx: delivery.transactionHash,
      deliveredAt: Number(block.timestamp),
      receivedAmount: delivery.amount.toString(),
      ...(delivery.gasAmount ? { gasReceived: delivery.gasAmount.toString() } : {}),
    }
  }
  if (parameters.refunded) {
    const refundTx = await parameters.findRefundTx()
    return { type: 'refunded', ...(refundTx ? { refundTx } : {}) }
  }
  if (parameters.destinationTime > parameters.deadline) return { type: 'deadlinePassed' }
  return { type: 'pending' }
}

/** A deposit found in the chain's events, as a History record (its status is then read by `track`). */
export function foundSwapRecord(found: {
  id: Hex
  providerId: string
  providerName: string
  owner: DepositedSwap['owner']
  recipient: DepositedSwap['recipient']
  origin: DepositedSwap['origin']['token']
  amount: bigint
  destination: DepositedSwap['destination']['token']
  outputAmount: bigint
  /** Gas on arrival the deposit asked for, in the destination's native coin. */
  gas?: { token: DepositedSwap['destination']['token']; amount: bigint }
  depositAddress: DepositedSwap['depositAddress']
  depositTx: Hex
  depositBlock: bigint
  depositedAt: number
  deadline: number
  expires: number
  /** The provider's tracking data: which deadline field it reads. */
  deadlineKey: 'fillDeadline' | 'deadline'
}): DepositedSwap {
  return {
    key: found.id,
    id: found.id,
    providerId: found.providerId,
    providerName: found.providerName,
    owner: found.owner,
    recipient: found.recipient,
    origin: { token: found.origin, amount: found.amount.toString() },
    destination: {
      token: found.destination,
      estimatedAmount: found.outputAmount.toString(),
      minAmount: found.outputAmount.toString(),
      ...(found.gas && found.gas.amount > 0n
        ? { gas: { token: found.gas.token, amount: found.gas.amount.toString() } }
        : {}),
    },
    depositAddress: found.depositAddress,
    status: 'deposited',
    createdAt: found.depositedAt * 1000,
    depositTx: found.depositTx,
    depositedAt: found.depositedAt,
    refundableAfter: found.deadline,
    expiresAt: found.expires,
    data: {
      [found.deadlineKey]: found.deadline,
      originBlock: found.depositBlock.toString(),
      destinationFromBlock: '0',
    },
    updatedAt: Date.now(),
  }
}
