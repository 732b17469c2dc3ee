import type { Hex } from 'viem'
import { describe, expect, it, vi } from 'vitest'
import { chainAClients, PERSON, poolProvider, poolRoute } from '../../../test/support/poolDeposit.ts'
import { storedExecution } from '../../../test/support/storedExecution.ts'
import { handedOver } from '../../records/types.ts'
import { createSwapStore } from '../swapStore.ts'
import { type CallsOutcome, callsOutcome } from '../walletAdapter.ts'
import { executeRoute } from './executeRoute.ts'

/**
 * A Safe proposes: the hash it answers for a transaction is its safeTxHash, never a chain's, and its other owners may
 * sign days later. Before, a Safe whose allowance already covered the deposit went the one-transaction way: the
 * executor waited for a receipt of the safeTxHash, which never comes, and said "not confirmed" after minutes; and a
 * proposal waiting for owners was held in a 10-minute wait that ended as an error.
 */
const SAFE_TX_HASH = `0x${'5a'.repeat(32)}`
const EXECUTED_TX = `0x${'e0'.repeat(32)}` as Hex

function setup(parameters: { threshold: number; allowance: bigint; done?: () => Promise<CallsOutcome> }) {
  const provider = poolProvider()
  const wallet = {
    account: PERSON,
    getChainId: async () => 1,
    switchChain: async () => {},
    sendTransaction: vi.fn(async () => SAFE_TX_HASH as Hex),
    // No EIP-5792 capabilities asked: a Safe always batches.
    sendCalls: vi.fn(async (_calls: readonly unknown[]) => ({ id: SAFE_TX_HASH })),
    waitForCalls: vi.fn(parameters.done ?? (async () => ({ hashes: [] }))),
    proposes: { threshold: parameters.threshold },
  }
  const store = createSwapStore()
  const route = poolRoute({})
  const run = executeRoute({
    route,
    ...storedExecution(store, route, PERSON),
    provider,
    wallet,
    clients: chainAClients({ readContract: async () => parameters.allowance }),
    refreshRoute: async () => undefined,
  })
  return { store, run: run.catch((caught: unknown) => caught), wallet }
}

describe('executeRoute through a Safe', () => {
  it('sends the deposit as a batch even when no approval is needed, and follows it under the executed hash', async () => {
    // A Safe's MultiSend status lists the one execution once per call: the hashes are read once each.
    const { run, wallet } = setup({
      threshold: 1,
      allowance: 10n ** 30n,
      done: async () =>
        callsOutcome({
          status: 'success',
          receipts: [{ transactionHash: EXECUTED_TX }, { transactionHash: EXECUTED_TX }],
        }),
    })
    const record = await run
    expect(record).toMatchObject({ status: 'deposited', depositTx: EXECUTED_TX })
    expect(record).not.toHaveProperty('approveTxs')
    expect(wallet.sendTransaction).not.toHaveBeenCalled()
    expect(wallet.sendCalls).toHaveBeenCalledTimes(1)
    expect(wallet.sendCalls.mock.calls[0]![0]).toHaveLength(1)
  })

  it('hands over a proposal that other owners must sign, saying how many, without waiting for it', async () => {
    const { store, run, wallet } = setup({ threshold: 2, allowance: 0n })
    const record = await run
    // Approval and deposit in one proposal.
    expect(wallet.sendCalls.mock.calls[0]![0]).toHaveLength(2)
    expect(wallet.waitForCalls).not.toHaveBeenCalled()
    expect(record).toMatchObject({ status: 'signing' })
    const [kept] = Object.values(store.getState().swaps)
    expect(kept && handedOver(kept)).toEqual({
      kind: 'calls',
      callsId: SAFE_TX_HASH,
      depositIndex: 1,
      signaturesNeeded: 2,
    })
  })

  it('keeps waiting, never failed, when a proposal is not executed within the wait', async () => {
    const { store, run } = setup({
      threshold: 1,
      allowance: 0n,
      done: async () => {
        throw new Error('the Safe transaction was not executed in time')
      },
    })
    const record = await run
    expect(record).not.toBeInstanceOf(Error)
    const [kept] = Object.values(store.getState().swaps)
    expect(kept).toMatchObject({ status: 'signing', data: { callsId: SAFE_TX_HASH } })
  })
})
