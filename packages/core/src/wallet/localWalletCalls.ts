import {
  bytesToHex,
  type Chain,
  createPublicClient,
  createWalletClient,
  type Hex,
  http,
  type LocalAccount,
  numberToHex,
  type TransactionReceipt,
} from 'viem'

/** EIP-5792 call-batch statuses (`wallet_getCallsStatus`). */
export const CALLS_STATUS = { pending: 100, confirmed: 200, failedOffchain: 400, reverted: 500 } as const

/** EIP-5792's error for a batch that asks for atomicity the wallet cannot give. */
export const ATOMICITY_NOT_SUPPORTED = 5760

type Call = { to: Hex; data?: Hex; value?: Hex }
export type SendCallsRequest = { chainId: Hex; from?: Hex; atomicRequired?: boolean; calls: Call[] }

type Batch = { chainId: number; status: number; receipts: TransactionReceipt[]; error?: string }

/**
 * EIP-5792 for a wallet that signs with a local key: one confirmation (the `wallet_sendCalls` request) for a batch
 * of calls, sent one after another on the chain the batch names, each after the one before is mined. Not atomic (an
 * EOA cannot be): `atomic` is reported unsupported, a batch that requires it is refused, and a call that fails stops
 * the batch there (its status says which, and the error that stopped it is in `capabilities.error.message`).
 */
export function createLocalCalls(parameters: { account: LocalAccount; chainOf: (chainId: number) => Chain }) {
  const batches = new Map<string, Batch>()

  async function run(id: string, chain: Chain, calls: Call[]) {
    const transport = http(chain.rpcUrls.default.http[0])
    const wallet = createWalletClient({ account: parameters.account, chain, transport })
    const reader = createPublicClient({ chain, transport })
    const batch = batches.get(id)!
    try {
      for (const call of calls) {
        const hash = await wallet.sendTransaction({
          account: parameters.account,
          chain,
          to: call.to,
          data: call.data,
          value: call.value ? BigInt(call.value) : undefined,
        } as never)
        const receipt = await reader.waitForTransactionReceipt({ hash })
        batch.receipts.push(receipt)
        if (receipt.status !== 'success') {
          batch.status = CALLS_STATUS.reverted
          return
        }
      }
      batch.status = CALLS_STATUS.confirmed
    } catch (error) {
      batch.status = batch.receipts.length > 0 ? CALLS_STATUS.reverted : CALLS_STATUS.failedOffchain
      batch.error = error instanceof Error ? error.message : String(error)
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
      void run(id, chain, request.calls)
      return { id }
    },
    /** `wallet_getCallsStatus`'s answer for `id`, or undefined for a batch this wallet did not send. */
    status(id: string) {
      const batch = batches.get(id)
      if (!batch) return undefined
      return {
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
      }
    },
  }
}
