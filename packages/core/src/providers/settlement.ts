import { intentOriginSettlerAbi } from '@multi-bridge/contracts'
import type { Address, Chain, Hex, PublicClient, Transport } from 'viem'
import { z } from 'zod'
import { readChain, withTimeout } from '../chains/readChain.ts'
import { chainName, type Manifest } from '../config/manifest.ts'
import { ServiceUnreachableError } from '../errors/unreachableErrors.ts'
import { HttpStatusError } from '../http/httpErrors.ts'
import { httpRequest } from '../http/request.ts'
import { combineSignatures, readSignerSet } from '../protocols/attestation.ts'
import type { DepositedSwap, SwapEvent, TrackedSwap } from '../records/types.ts'
import { estimateRefundOpensAt, refundDeadline, refundOpensAtFromHead, refundTimingOf } from './refundTiming.ts'
import type { FoundSwap } from './types.ts'

const attestationSchema = z.object({
  status: z.string(),
  attestation: z.object({ kind: z.string(), signatures: z.string().regex(/^0x[0-9a-fA-F]*$/) }).nullable(),
})

type Client = PublicClient<Transport, Chain>

/** One chain as a read names it when it does not answer. */
export type NamedChain = { id: number; name: string }

/**
 * The signatures a refund needs now: the attesters' "not delivered" attestation once `threshold` of them have signed
 * it (combined as the origin's verifier accepts it), `0x` (none) once the origin chain is past the unattested
 * refund's time, or undefined when neither yet. Every attester is asked at once, each bounded in time. The
 * attesters "do not answer" (`ServiceUnreachableError('attester')`, while that time is still ahead) only when fewer
 * than `threshold` of them answer: one attester down changes nothing for the person.
 */
export async function refundSignatures(parameters: {
  /** The item's URL at each attester. */
  attestationUrls: readonly string[]
  threshold: number
  notDeliveredStatus: string
  /** The signatures as the origin's verifier accepts them, or undefined while fewer than its threshold are valid. */
  combine: (signatures: Hex[]) => Promise<Hex | undefined>
  origin: Client
  originChain: NamedChain
  /** When the contract refunds without an attestation (`unattestedRefundAfter`); undefined while it would not. */
  unattestedAfter: () => Promise<number | undefined>
}): Promise<Hex | undefined> {
  const answers = await Promise.all(parameters.attestationUrls.map(askAttester))
  const down = answers.filter((answer) => 'down' in answer)
  const signatures = answers.flatMap((answer) =>
    'attested' in answer && answer.attested.status === parameters.notDeliveredStatus && answer.attested.attestation
      ? [answer.attested.attestation.signatures as Hex]
      : [],
  )
  const combined = signatures.length > 0 ? await parameters.combine(signatures) : undefined
  if (combined !== undefined) return combined
  // Without the attesters, the contract refunds anyone's call after `expires`, moved by its brake.
  const [head, after] = await Promise.all([
    readChain(parameters.originChain, () => parameters.origin.getBlock({ blockTag: 'latest' })),
    readChain(parameters.originChain, parameters.unattestedAfter),
  ])
  if (after !== undefined && Number(head.timestamp) > after) return '0x'
  const answered = answers.length - down.length
  const [first] = down
  if (first && answered < parameters.threshold) throw new ServiceUnreachableError('attester', first.down)
  return undefined
}

/** One attester's answer: 404 (not indexed yet) is an answer like any other; no answer at all is `down`. */
async function askAttester(
  url: string,
): Promise<{ attested: z.infer<typeof attestationSchema> } | { down: unknown } | { unknown: true }> {
  try {
    const parsed = attestationSchema.safeParse(await httpRequest(url, { timeoutMs: ATTESTER_TIMEOUT_MS }))
    return parsed.success ? { attested: parsed.data } : { unknown: true }
  } catch (error) {
    if (error instanceof HttpStatusError && error.status < 500) return { unknown: true }
    return { down: error }
  }
}

/**
 * `combine` for `refundSignatures`: the signatures over `digest` that the verifier of `contract` (an intent settler
 * or a pool: both name theirs in `verifier()`) accepts now, read from the origin only when there are some.
 */
export function verifierCombine(origin: Client, originChain: NamedChain, contract: Address, digest: Hex) {
  return async (signatures: Hex[]): Promise<Hex | undefined> => {
    const set = await readChain(originChain, async () => {
      const verifier = await origin.readContract({
        address: contract,
        abi: intentOriginSettlerAbi,
        functionName: 'verifier',
      })
      return readSignerSet(origin, verifier)
    })
    return combineSignatures(digest, signatures, set)
  }
}

/** Whether fewer than the attesters' threshold answer about an item (each asked at once, see `askService`). */
export async function attestersDown(
  attesters: { threshold: number; urls: readonly string[] },
  path: string,
): Promise<boolean> {
  const answers = await Promise.all(attesters.urls.map((url) => askService({ url: `${url}${path}` })))
  return answers.filter((answer) => answer !== 'unreachable').length < attesters.threshold
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

/** How long the app waits for an attester's answer before counting it as not answering. */
const ATTESTER_TIMEOUT_MS = 6_000

/**
 * The seconds after which a refund will be possible, when it is not yet: when the deadline will be final on
 * the destination (see `refundOpensAtFromHead`), read from its latest block; the estimate from the manifest
 * when that chain does not answer. A time already past means "any moment now" (the attester's round is due).
 */
export async function refundAvailableAfter(
  record: TrackedSwap,
  destination: Client,
  manifest: Manifest,
): Promise<number> {
  const deadline = refundDeadline(record)
  if (deadline === undefined) return Math.max(record.refundableAfter ?? 0, Math.floor(Date.now() / 1000) + 1)
  const chainId = record.destination.token.chainId
  const chain = { id: chainId, name: chainName(manifest, chainId) }
  const head = await readChain(chain, () => destination.getBlock({ blockTag: 'latest' })).catch(() => undefined)
  return head
    ? refundOpensAtFromHead(deadline, { timestamp: Number(head.timestamp) }, refundTimingOf(manifest, chainId))
    : (estimateRefundOpensAt(record, manifest) ?? deadline)
}

/**
 * What the chains say about a swap, the same for every escrow-style protocol: delivered, refunded, past its
 * deadline on the destination (refundable), or still on its way.
 */
export async function settlementStatus(parameters: {
  /** The destination's blocks (a read bounded in time, see `readChain`). */
  destination: { getBlock: (block: { blockNumber: bigint }) => Promise<{ timestamp: bigint }> }
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

/**
 * What one of the bridge's own services says about an item: its `status` (undefined when it does not know
 * the item, a 404), or `'unreachable'` when it does not answer (time-out, no connection, 5xx).
 */
export async function askService(parameters: {
  url: string
  timeoutMs?: number
}): Promise<{ status?: string } | 'unreachable' | undefined> {
  try {
    const body = await httpRequest(parameters.url, { timeoutMs: parameters.timeoutMs ?? SERVICE_TIMEOUT_MS })
    const parsed = z.object({ status: z.string().optional() }).safeParse(body)
    return parsed.success ? parsed.data : undefined
  } catch (error) {
    if (error instanceof HttpStatusError && error.status < 500) return undefined
    return 'unreachable'
  }
}

/** How long a look waits for the bridge's service before saying it does not answer. */
const SERVICE_TIMEOUT_MS = 5_000

/**
 * A swap found on chain with the first look at its state. A look that fails (its destination does not answer)
 * keeps it as deposited: it is restored all the same, and the tracker follows it from there.
 */
export async function withFirstLook(
  record: DepositedSwap,
  provider: { track: (record: TrackedSwap) => Promise<SwapEvent> },
): Promise<FoundSwap> {
  try {
    return {
      record,
      event: await withTimeout(provider.track(record), FIRST_LOOK_TIMEOUT_MS, () => new Error('first look')),
    }
  } catch {
    return { record }
  }
}

/** Restore does not wait long for a swap's first look: the tracker looks again at once. */
const FIRST_LOOK_TIMEOUT_MS = 5_000

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
