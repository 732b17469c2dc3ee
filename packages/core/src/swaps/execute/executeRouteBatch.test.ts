import type { Hex } from 'viem'
import { describe, expect, it, vi } from 'vitest'
import { chainAClients, PERSON, poolProvider, poolRoute } from '../../../test/support/poolDeposit.ts'
import { storedExecution } from '../../../test/support/storedExecution.ts'
import { handedOver } from '../../records/types.ts'
import { BatchIncompleteError, TransactionNotConfirmedError } from '../../routes/routeErrors.ts'
import { createSwapStore } from '../swapStore.ts'
import { type CallsOutcome, callsOutcome } from '../walletAdapter.ts'
import { executeRoute } from './executeRoute.ts'

/**
 * The approval and the deposit as one batch (EIP-5792): from the moment the wallet accepts it, the deposit may be
 * mined, so the swap is History's under the batch's id until its hash is known; a wait that fails leaves it there.
 */
const BATCH_ID = `0x${'ba'.repeat(32)}`
const APPROVE_TX = `0x${'a1'.repeat(32)}` as Hex
const DEPOSIT_TX = `0x${'de'.repeat(32)}` as Hex

function setup(done: () => Promise<CallsOutcome>) {
  const provider = poolProvider()
  const wallet = {
    account: PERSON,
    getChainId: async () => 1,
    switchChain: async () => {},
    sendTransaction: vi.fn(),
    canSendCalls: async () => true,
    sendCalls: vi.fn(async () => ({ id: BATCH_ID })),
    waitForCalls: vi.fn(done),
  }
  const store = createSwapStore()
  const route = poolRoute({ trackingData: { requestId: 'r1' } })
  const run = executeRoute({
    route,
    ...storedExecution(store, route, PERSON),
    provider,
    wallet,
    clients: chainAClients(),
    refreshRoute: async () => undefined,
  })
  return { store, run: run.catch((caught: unknown) => caught), wallet }
}

describe('executeRoute: a batch the wallet accepted', () => {
  it('is in History under its id while the wallet sends it, then followed under its deposit', async () => {
    let finish: (outcome: CallsOutcome) => void = () => {}
    const { store, run } = setup(() => new Promise((resolve) => (finish = resolve)))
    await vi.waitFor(() => expect(Object.keys(store.getState().swaps)).toHaveLength(1))
    // Still being sent: a reload now keeps it.
    const [waiting] = Object.values(store.getState().swaps)
    // Where its deposit is among the calls (after one approval), for a look at the batch after a reload.
    expect(handedOver(waiting!)).toEqual({ kind: 'calls', callsId: BATCH_ID, depositIndex: 1 })
    expect(waiting?.data).toMatchObject({ requestId: 'r1' })
    finish({ hashes: [APPROVE_TX, DEPOSIT_TX] })
    const record = await run
    expect(record).toMatchObject({ status: 'deposited', depositTx: DEPOSIT_TX, approveTxs: [APPROVE_TX] })
    expect(Object.values(store.getState().swaps)).toEqual([record])
  })

  it('stays in History, "sent, not confirmed yet", when the wait for it fails', async () => {
    const { store, run } = setup(async () => {
      throw new Error('wallet_getCallsStatus timed out')
    })
    const error = await run
    expect(error).toBeInstanceOf(TransactionNotConfirmedError)
    expect(error).toMatchObject({ hash: BATCH_ID, chainName: 'Local Chain A' })
    const [kept] = Object.values(store.getState().swaps)
    expect(kept && handedOver(kept)).toEqual({ kind: 'calls', callsId: BATCH_ID, depositIndex: 1 })
  })

  it('is failed in History, nothing deposited, when the wallet stopped before the deposit', async () => {
    const { store, run } = setup(async () => ({ hashes: [APPROVE_TX] }))
    expect(await run).toBeInstanceOf(BatchIncompleteError)
    const [kept] = Object.values(store.getState().swaps)
    expect(kept).toMatchObject({ status: 'failed', error: 'batchIncomplete' })
    expect(kept).not.toHaveProperty('depositTx')
  })

  it('is followed under the one receipt of a batch the wallet ran as one transaction, never "nothing deposited"', async () => {
    // A smart account (EIP-7702) may run the batch atomically (`forceAtomic: false` allows it) and list one receipt
    // for the approval and the deposit together. Read by position, the deposit's was missing: the swap was failed as
    // "nothing deposited" though its deposit was mined.
    const BUNDLE_TX = `0x${'b0'.repeat(32)}` as Hex
    const atomic = { status: 'success', statusCode: 200, atomic: true, receipts: [{ transactionHash: BUNDLE_TX }] }
    const { run } = setup(async () => callsOutcome(atomic))
    expect(await run).toMatchObject({ status: 'deposited', depositTx: BUNDLE_TX })
  })

  it('stays "sent, not confirmed yet", not failed, when the wallet says the batch went through and lists no receipt', async () => {
    const { store, run } = setup(async () => callsOutcome({ status: 'success', receipts: [] }))
    expect(await run).toBeInstanceOf(TransactionNotConfirmedError)
    const [kept] = Object.values(store.getState().swaps)
    expect(kept).toMatchObject({ status: 'signing', data: { callsId: BATCH_ID } })
  })
})
