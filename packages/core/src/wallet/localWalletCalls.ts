import {
  bytesToHex,
  type Chain,
  createPublicClient,
  createWalletClient,
  type Hash,
  type Hex,
  http,
  keccak256,
  type LocalAccount,
  numberToHex,
  type TransactionReceipt,
} from 'viem'
import type { KeyValueStorage } from '../storage/persistedStore.ts'

/** EIP-5792 call-batch statuses (`wallet_getCallsStatus`). */
export const CALLS_STATUS = { pending: 100, confirmed: 200, failedOffchain: 400, reverted: 500 } as const

/** EIP-5792's error for a batch that asks for atomicity the wallet cannot give. */
export const ATOMICITY_NOT_SUPPORTED = 5760

type Call = { to: Hex; data?: Hex; value?: Hex }
export type SendCallsRequest = { chainId: Hex; from?: Hex; atomicRequired?: boolean; calls: Call[] }

type Batch = { chainId: number; status: number; receipts: TransactionReceipt[]; error?: string }

/**
 * What the wallet keeps of a batch in `storage`, so that its status answers after a reload, as a wallet keeps its
 * batches: the hashes sent (each written before its receipt is waited for), how many calls there were, and how it
 * ended. The receipts are read again from the chain.
 */
type KeptBatch = { chainId: number; calls: number; sent: Hash[]; status: number; error?: string; updatedAt: number }

/** How many batches the wallet keeps: the oldest go first. */
const KEPT_BATCHES = 50

/**
 * How long a batch kept in storage may go without a sign of the page running it (it writes one every sixth of this
 * while it runs) before another page takes it as left by a closed page: its calls sent and not mined, unknown to the
 * node, were never sent; the others are never sent.
 */
export const BATCH_IDLE_MS = 60_000

/** Said of a batch whose page closed before it sent every call: the calls not sent then never are. */
export const BATCH_INTERRUPTED = 'The page closed before the wallet sent every call of the batch'

/**
 * EIP-5792 for a wallet that signs with a local key: one confirmation (the `wallet_sendCalls` request) for a batch
 * of calls, sent one after another on the chain the batch names, each after the one before is mined. Not atomic (an
 * EOA cannot be): `atomic` is reported unsupported, a batch that requires it is refused, and a call that fails stops
 * the batch there (its status says which, and the error that stopped it is in `capabilities.error.message`).
 *
 * With `storage`, the batches are kept under `storageKey` and answered after a reload: a batch this page did not run
 * is read from what was kept and the receipts on chain. Each call's hash is kept before it is sent. One left
 * unfinished by a closed page (no sign of life for `BATCH_IDLE_MS`) stops where it was (`BATCH_INTERRUPTED`) once what
 * it sent is mined.
 */
export function createLocalCalls(parameters: {
  account: LocalAccount
  chainOf: (chainId: number) => Chain
  storage?: KeyValueStorage
  storageKey?: string
  /** `BATCH_IDLE_MS` (tests shorten it). */
  idleMs?: number
}) {
  const idleMs = parameters.idleMs ?? BATCH_IDLE_MS
  const batches = new Map<string, Batch>()
  const storageKey = parameters.storageKey ?? `multibridge:wallet-calls:${parameters.account.address.toLowerCase()}`

  const readKept = (): Record<string, KeptBatch> => {
    try {
      const value = JSON.parse(parameters.storage?.getItem(storageKey) ?? '{}') as unknown
      return typeof value === 'object' && value !== null && !Array.isArray(value)
        ? (value as Record<string, KeptBatch>)
        : {}
    } catch {
      return {} // unreadable: the batches it held are unknown from now on, as a wallet reset
    }
  }
  const keep = (id: string, change: (kept: KeptBatch) => KeptBatch, initial?: KeptBatch) => {
    if (!parameters.storage) return
    const all = readKept()
    const current = all[id] ?? initial
    if (!current) return
    const { [id]: _replaced, ...others } = all
    const kept = Object.entries(others).slice(-(KEPT_BATCHES - 1))
    try {
      const changed = { ...change(current), updatedAt: Date.now() }
      parameters.storage.setItem(storageKey, JSON.stringify(Object.fromEntries([...kept, [id, changed]])))
    } catch {
      // Storage full or refused: the batch still runs; only a reload loses sight of it.
    }
  }

  async function run(id: string, chain: Chain, calls: Call[]) {
    const transport = http(chain.rpcUrls.default.http[0])
    const wallet = createWalletClient({ account: parameters.account, chain, transport })
    const reader = createPublicClient({ chain, transport })
    const batch = batches.get(id)!
    const finish = (status: number, error?: string) => {
      batch.status = status
      if (error !== undefined) batch.error = error
      keep(id, (kept) => ({ ...kept, status, ...(error === undefined ? {} : { error }) }))
    }
    // While this page runs the batch, it says so: another page never takes it for one a closed page left.
    const heartbeat = parameters.storage ? setInterval(() => keep(id, (kept) => kept), idleMs / 6) : undefined
    try {
      for (const call of calls) {
        const request = await wallet.prepareTransactionRequest({
          account: parameters.account,
          chain,
          to: call.to,
          data: call.data,
          value: call.value ? BigInt(call.value) : undefined,
        } as never)
        const serializedTransaction = await wallet.signTransaction(request as never)
        // Kept before it is sent: a page that closes as the node takes it still knows it was sent.
        const hash = keccak256(serializedTransaction)
        keep(id, (kept) => ({ ...kept, sent: [...kept.sent, hash] }))
        await wallet.sendRawTransaction({ serializedTransaction }).catch((error: unknown) => {
          keep(id, (kept) => ({ ...kept, sent: kept.sent.filter((sent) => sent !== hash) }))
          throw error
        })
        const receipt = await reader.waitForTransactionReceipt({ hash })
        batch.receipts.push(receipt)
        if (receipt.status !== 'success') {
          finish(CALLS_STATUS.reverted)
          return
        }
      }
      finish(CALLS_STATUS.confirmed)
    } catch (error) {
      finish(
        batch.receipts.length > 0 ? CALLS_STATUS.reverted : CALLS_STATUS.failedOffchain,
        error instanceof Error ? error.message : String(error),
      )
    } finally {
      clearInterval(heartbeat)
    }
  }

  const answer = (id: string, batch: Batch) => ({
    version: '2.0.0',
    id,
    chainId: numberToHex(batch.chainId),
    status: batch.status,
    atomic: false,
    receipts: batch.receipts.map((receipt) => ({
      logs: receipt.logs.map(({ address, data, topics }) => ({ address, data, topics })),
      status: receipt.status === 'success' ? '0x1' : '0x0',
      blockHash: receipt.blockHash,
      blockNumber: numberToHex(receipt.blockNumber),
      gasUsed: numberToHex(receipt.gasUsed),
      transactionHash: receipt.transactionHash,
    })),
    // Why a call failed to be sent (the node refused it: insufficient funds…). EIP-5792 has no field for it; a
    // wallet's own capabilities are where it may say more, and the app's adapter reads it there.
    ...(batch.error === undefined ? {} : { capabilities: { error: { message: batch.error } } }),
  })

  /** A batch kept by an earlier page: its receipts read from the chain; unfinished, it stops where it was. */
  async function fromKept(kept: KeptBatch): Promise<Batch> {
    const chain = parameters.chainOf(kept.chainId)
    const reader = createPublicClient({ chain, transport: http(chain.rpcUrls.default.http[0]) })
    // No step for `idleMs`: no page runs it any more (a running page keeps its time fresh).
    const idle = Date.now() - kept.updatedAt >= idleMs
    const looked = await Promise.all(
      kept.sent.map(async (hash) => {
        const receipt = await reader.getTransactionReceipt({ hash }).catch(() => undefined)
        if (receipt || !idle) return receipt ?? 'pending'
        // Kept, not mined, and unknown to the node long after: the page closed before it was sent.
        const known = await reader.getTransaction({ hash }).then(
          () => true,
          () => false,
        )
        return known ? 'pending' : 'never sent'
      }),
    )
    const mined = looked.filter((item): item is TransactionReceipt => typeof item === 'object')
    const { chainId } = kept
    // A call sent and not mined yet: still on its way.
    if (looked.includes('pending')) return { chainId, status: CALLS_STATUS.pending, receipts: mined }
    if (kept.status !== CALLS_STATUS.pending) {
      return { chainId, status: kept.status, receipts: mined, ...(kept.error ? { error: kept.error } : {}) }
    }
    const reverted = mined.some((receipt) => receipt.status !== 'success')
    if (!reverted && mined.length === kept.calls) return { chainId, status: CALLS_STATUS.confirmed, receipts: mined }
    // The page running it may be about to send the next call.
    if (!reverted && !idle) return { chainId, status: CALLS_STATUS.pending, receipts: mined }
    return {
      chainId,
      status: mined.length > 0 ? CALLS_STATUS.reverted : CALLS_STATUS.failedOffchain,
      receipts: mined,
      ...(reverted ? {} : { error: BATCH_INTERRUPTED }),
    }
  }

  return {
    capabilities: (chainIds: readonly number[]) =>
      Object.fromEntries(chainIds.map((id) => [numberToHex(id), { atomic: { status: 'unsupported' } }])),
    /** Starts the batch; its id at once, as EIP-5792 answers. Throws for a batch it cannot run. */
    send(request: SendCallsRequest): { id: Hex } {
      const chainId = Number(request.chainId)
      const chain = parameters.chainOf(chainId)
      if (request.atomicRequired) {
        throw Object.assign(new Error('This wallet cannot run calls atomically'), { code: ATOMICITY_NOT_SUPPORTED })
      }
      const id = bytesToHex(crypto.getRandomValues(new Uint8Array(32)))
      batches.set(id, { chainId, status: CALLS_STATUS.pending, receipts: [] })
      const initial = { chainId, calls: request.calls.length, sent: [], status: CALLS_STATUS.pending, updatedAt: 0 }
      keep(id, (kept) => kept, initial)
      void run(id, chain, request.calls)
      return { id }
    },
    /**
     * `wallet_getCallsStatus`'s answer for `id`, or undefined for a batch this wallet did not send (nor kept). Rejects
     * when the chain of a kept batch does not answer.
     */
    async status(id: string) {
      const running = batches.get(id)
      if (running) return answer(id, running)
      const kept = readKept()[id]
      return kept ? answer(id, await fromKept(kept)) : undefined
    },
  }
}
