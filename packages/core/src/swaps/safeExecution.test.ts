import { type Address, encodeAbiParameters, type Hash, type Hex, pad, toEventSelector } from 'viem'
import { describe, expect, it } from 'vitest'
import { executedSafeTransaction, provenSafeStatus } from './safeExecution.ts'

/**
 * What a Safe's host (Safe{Wallet}'s frame) says was executed is believed only from the app's own node: the
 * transaction's receipt holds the Safe's `ExecutionSuccess` for that safeTxHash. Before, the host's word was the
 * deposit's hash: a host that named another transaction made the swap followed by it.
 */
const SAFE = '0x5afe000000000000000000000000000000000001' as Address
const OTHER_SAFE = '0x5afe000000000000000000000000000000000002' as Address
const SAFE_TX_HASH = `0x${'5a'.repeat(32)}` as Hash
const EXECUTED = `0x${'e0'.repeat(32)}` as Hash
const UNRELATED = `0x${'0f'.repeat(32)}` as Hash
/** Computed here, not copied: the module writes its topic out. */
const EXECUTION_SUCCESS = toEventSelector('ExecutionSuccess(bytes32,uint256)')

const log = (address: Address, topics: Hex[], data: Hex = '0x') => ({ address, topics, data })
/** A node that knows these receipts. */
const node = (receipts: Record<Hash, { status: 'success' | 'reverted'; logs: ReturnType<typeof log>[] }>) => ({
  getTransactionReceipt: async ({ hash }: { hash: Hash }) => {
    const receipt = receipts[hash]
    if (!receipt) throw new Error(`Transaction receipt with hash "${hash}" could not be found`)
    return receipt as never
  },
})

describe('a Safe execution, proven on the app own node', () => {
  const payment = encodeAbiParameters([{ type: 'uint256' }], [0n])
  const chain = node({
    [EXECUTED]: { status: 'success', logs: [log(SAFE, [EXECUTION_SUCCESS, SAFE_TX_HASH], payment)] },
    [UNRELATED]: { status: 'success', logs: [log(SAFE, [EXECUTION_SUCCESS, pad('0x01')], payment)] },
  })

  it('is the transaction whose receipt holds the Safe ExecutionSuccess for the safeTxHash (1.4 indexed, 1.3 in data)', async () => {
    expect(await executedSafeTransaction(chain, { safe: SAFE, safeTxHash: SAFE_TX_HASH, hash: EXECUTED })).toBe(true)
    const older = node({
      [EXECUTED]: {
        status: 'success',
        logs: [log(SAFE, [EXECUTION_SUCCESS], `${SAFE_TX_HASH}${payment.slice(2)}` as Hex)],
      },
    })
    expect(await executedSafeTransaction(older, { safe: SAFE, safeTxHash: SAFE_TX_HASH, hash: EXECUTED })).toBe(true)
  })

  it('is not another transaction, another Safe, a reverted or an unknown one', async () => {
    expect(await executedSafeTransaction(chain, { safe: SAFE, safeTxHash: SAFE_TX_HASH, hash: UNRELATED })).toBe(false)
    expect(await executedSafeTransaction(chain, { safe: OTHER_SAFE, safeTxHash: SAFE_TX_HASH, hash: EXECUTED })).toBe(
      false,
    )
    const reverted = node({ [EXECUTED]: { status: 'reverted', logs: [] } })
    expect(await executedSafeTransaction(reverted, { safe: SAFE, safeTxHash: SAFE_TX_HASH, hash: EXECUTED })).toBe(
      false,
    )
    expect(
      await executedSafeTransaction(chain, { safe: SAFE, safeTxHash: SAFE_TX_HASH, hash: `0x${'99'.repeat(32)}` }),
    ).toBe(false)
  })

  it('leaves a batch the host calls executed by another transaction waiting, and keeps what is proven', async () => {
    const lied = { done: true, outcome: { hashes: [UNRELATED], complete: true } }
    expect(await provenSafeStatus(chain, { safe: SAFE, safeTxHash: SAFE_TX_HASH, status: lied })).toEqual({
      done: false,
      outcome: { hashes: [] },
    })
    const told = { done: true, outcome: { hashes: [EXECUTED], complete: true } }
    expect(await provenSafeStatus(chain, { safe: SAFE, safeTxHash: SAFE_TX_HASH, status: told })).toEqual(told)
    // A proposal the host says was cancelled or failed stays so: nothing to prove, nothing deposited.
    const cancelled = { done: true, outcome: { hashes: [] } }
    expect(await provenSafeStatus(chain, { safe: SAFE, safeTxHash: SAFE_TX_HASH, status: cancelled })).toEqual(
      cancelled,
    )
  })
})
