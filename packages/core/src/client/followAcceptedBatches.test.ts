import type { Hex } from 'viem'
import { describe, expect, it, vi } from 'vitest'
import { signingSwap } from '../../test/support/swapRecords.ts'
import { applySwapEvent } from '../records/swapMachine.ts'
import { CALLS_DEPOSIT_INDEX, type SigningSwap, type SwapRecord } from '../records/types.ts'
import { createSwapStore } from '../swaps/swapStore.ts'
import { type CallsStatus, readCallsStatus, type WalletAdapter } from '../swaps/walletAdapter.ts'
import { followAcceptedBatches } from './followAcceptedBatches.ts'
import type { SwapClient } from './types.ts'

/**
 * A batch the wallet accepted (an approval, then the deposit) whose deposit's hash the page never learnt: the wait for
 * it failed, or the page was reloaded. Before, such a swap stayed "Swapping" for good, its deposit (mined, and
 * delivered) never followed, and the person could not tell whether the money had left. The wallet is asked.
 */
const PERSON = '0x8ba1f109551bD432803012645Ac136ddd64DBA72'
const OTHER = '0x1111111111111111111111111111111111111111'
const BATCH = `0x${'ba'.repeat(32)}`
const APPROVE_TX = `0x${'a1'.repeat(32)}` as Hex
const DEPOSIT_TX = `0x${'de'.repeat(32)}` as Hex

// Each its own id: two records of one id are one swap (`takeIn`).
const signing = (key: string, owner: string = PERSON): SigningSwap =>
  signingSwap('approving', { key, id: key, owner: owner as Hex })

/** History holding one swap per entry, each handed over as a batch (`depositIndex` 1: one approval first). */
function setup(swaps: { key: string; owner?: string; depositIndex?: number }[], status: WalletAdapter['callsStatus']) {
  const store = createSwapStore()
  for (const { key, owner, depositIndex = 1 } of swaps) {
    const data: Record<string, number> = depositIndex < 0 ? {} : { [CALLS_DEPOSIT_INDEX]: depositIndex }
    store.getState().takeIn(applySwapEvent(signing(key, owner), { type: 'callsAccepted', callsId: BATCH, data }))
  }
  const track = vi.fn()
  const client = { store, track } as unknown as SwapClient
  const wallet = { account: PERSON, callsStatus: status } as unknown as WalletAdapter
  const record = (key: string) => store.getState().swaps[key] as SwapRecord
  return { client, wallet, track, record }
}
const answer = (hashes: Hex[], done: boolean, complete = done, error?: string): CallsStatus => ({
  done,
  outcome: { hashes, ...(complete ? { complete } : {}), ...(error === undefined ? {} : { error }) },
})

describe('followAcceptedBatches', () => {
  it('follows the deposit the wallet sent as any sent deposit, approvals recorded', async () => {
    const { client, wallet, track, record } = setup([{ key: 'a' }], async () => answer([APPROVE_TX, DEPOSIT_TX], true))
    expect(await followAcceptedBatches(client, { wallet })).toEqual({ waiting: 0, unanswered: 0, settled: 1 })
    expect(record('a')).toMatchObject({ status: 'signing', depositTx: DEPOSIT_TX, approveTxs: [APPROVE_TX] })
    expect(track).toHaveBeenCalledWith('a')
  })

  it('follows the deposit as soon as it is sent, before the wallet is done with the batch', async () => {
    const { client, wallet, record } = setup([{ key: 'a' }], async () => answer([APPROVE_TX, DEPOSIT_TX], false))
    expect(await followAcceptedBatches(client, { wallet })).toEqual({ waiting: 0, unanswered: 0, settled: 1 })
    expect(record('a')).toMatchObject({ depositTx: DEPOSIT_TX })
  })

  it('never takes an approval for the deposit: a batch with only its approval sent is still on its way', async () => {
    const { client, wallet, track, record } = setup([{ key: 'a' }], async () => answer([APPROVE_TX], false))
    expect(await followAcceptedBatches(client, { wallet })).toEqual({ waiting: 1, unanswered: 0, settled: 0 })
    expect(record('a')).toMatchObject({ status: 'signing', data: { callsId: BATCH } })
    expect(record('a')).not.toHaveProperty('depositTx')
    expect(track).not.toHaveBeenCalled()
  })

  it('fails the swap when the wallet stopped before sending the deposit: only the approval left the wallet', async () => {
    const { client, wallet, track, record } = setup([{ key: 'a' }], async () =>
      answer([APPROVE_TX], true, false, 'The page closed before the wallet sent every call of the batch'),
    )
    expect(await followAcceptedBatches(client, { wallet })).toEqual({ waiting: 0, unanswered: 0, settled: 1 })
    expect(record('a')).toMatchObject({ status: 'failed', error: 'batchIncomplete' })
    expect(track).not.toHaveBeenCalled()
  })

  it('leaves a batch the wallet does not know as it is, and asks again after a status that did not answer', async () => {
    const unknown = setup([{ key: 'a' }], async () => undefined)
    expect(await followAcceptedBatches(unknown.client, { wallet: unknown.wallet })).toEqual({
      waiting: 0,
      unanswered: 0,
      settled: 0,
    })
    expect(unknown.record('a')).toMatchObject({ status: 'signing', data: { callsId: BATCH } })
    const silent = setup([{ key: 'a' }], async () => {
      throw new Error('the wallet is locked')
    })
    vi.spyOn(console, 'warn').mockImplementationOnce(() => {})
    expect(await followAcceptedBatches(silent.client, { wallet: silent.wallet })).toEqual({
      waiting: 1,
      unanswered: 1,
      settled: 0,
    })
    expect(silent.record('a')).toMatchObject({ status: 'signing', data: { callsId: BATCH } })
  })

  it("asks only about the connected account's batches", async () => {
    const status = vi.fn(async () => answer([APPROVE_TX, DEPOSIT_TX], true))
    const { client, wallet, record } = setup([{ key: 'mine' }, { key: 'theirs', owner: OTHER }], status)
    expect(await followAcceptedBatches(client, { wallet })).toEqual({ waiting: 0, unanswered: 0, settled: 1 })
    expect(status).toHaveBeenCalledTimes(1)
    expect(record('theirs')).not.toHaveProperty('depositTx')
  })

  it('reads a swap kept without the index by its deposit being the last call', async () => {
    const through = setup([{ key: 'a', depositIndex: -1 }], async () => answer([APPROVE_TX, DEPOSIT_TX], true))
    await followAcceptedBatches(through.client, { wallet: through.wallet })
    expect(through.record('a')).toMatchObject({ depositTx: DEPOSIT_TX, approveTxs: [APPROVE_TX] })
    // Still being sent: one call mined, an approval or the deposit? Asked again.
    const sending = setup([{ key: 'a', depositIndex: -1 }], async () => answer([APPROVE_TX], false))
    expect(await followAcceptedBatches(sending.client, { wallet: sending.wallet })).toEqual({
      waiting: 1,
      unanswered: 0,
      settled: 0,
    })
    expect(sending.record('a')).not.toHaveProperty('depositTx')
    // Done and not through: its last call, the deposit, did not go through, whatever was mined before it.
    const stopped = setup([{ key: 'a', depositIndex: -1 }], async () => answer([APPROVE_TX], true, false))
    expect(await followAcceptedBatches(stopped.client, { wallet: stopped.wallet })).toEqual({
      waiting: 0,
      unanswered: 0,
      settled: 1,
    })
    expect(stopped.record('a')).toMatchObject({ status: 'failed', error: 'batchIncomplete' })
  })

  it('follows a deposit that reverted as sent: the look at it fails the swap for that reason', async () => {
    const { client, wallet, track, record } = setup([{ key: 'a' }], async () =>
      answer([APPROVE_TX, DEPOSIT_TX], true, false),
    )
    await followAcceptedBatches(client, { wallet })
    expect(record('a')).toMatchObject({ status: 'signing', depositTx: DEPOSIT_TX })
    expect(track).toHaveBeenCalledWith('a')
  })

  it('records an approval told twice (by the executor, then by a look at the batch) once', async () => {
    const { client, wallet, record } = setup([{ key: 'a' }], async () => answer([APPROVE_TX, DEPOSIT_TX], true))
    client.store.getState().apply('a', { type: 'approved', approveTxs: [APPROVE_TX] })
    await followAcceptedBatches(client, { wallet })
    expect(record('a')).toMatchObject({ approveTxs: [APPROVE_TX], depositTx: DEPOSIT_TX })
  })
})

const SETUP_TX = `0x${'5e'.repeat(32)}` as Hex

/**
 * What a wallet's status answer can make `followAcceptedBatches` say about money: a batch run as one transaction (one
 * receipt), one with no receipts listed, one with a transaction of the wallet's own first, an older swap's failed batch.
 */
/**
 * One swap handed over as a batch of [approval, deposit] (`depositIndex` 1, as `executeRoute` writes it; `'none'`:
 * an older copy without it), and a wallet whose `wallet_getCallsStatus` answers `answer` (viem's `getCallsStatus`
 * shape), read through the real `readCallsStatus` as the app's adapters do.
 */
function answering(answer: Record<string, unknown>, depositIndex: number | 'none' = 1) {
  const store = createSwapStore()
  const data: Record<string, number> = depositIndex === 'none' ? {} : { [CALLS_DEPOSIT_INDEX]: depositIndex }
  store.getState().takeIn(applySwapEvent(signing('a'), { type: 'callsAccepted', callsId: BATCH, data }))
  const track = vi.fn()
  const client = { store, track } as unknown as SwapClient
  const wallet = {
    account: PERSON,
    callsStatus: () => readCallsStatus(async () => answer as never),
  } as unknown as WalletAdapter
  return { client, wallet, track, record: () => store.getState().swaps.a as SwapRecord }
}

const receipt = (transactionHash: Hex, status: '0x1' | '0x0' = '0x1') => ({ transactionHash, status, logs: [] })

describe('followAcceptedBatches: what the wallet answers', () => {
  it('does not fail as "never sent" an atomic batch (EIP-7702 / smart account: one receipt for all its calls) that succeeded', async () => {
    // EIP-5792 v2: a batch executed atomically may answer ONE receipt for all its calls. `sendCalls` is sent with
    // `forceAtomic: false`, which lets the wallet execute atomically (MetaMask's 7702 account does). The deposit is in
    // that one transaction, mined, successful: the money left.
    const { client, wallet, track, record } = answering({
      status: 'success',
      statusCode: 200,
      atomic: true,
      receipts: [receipt(DEPOSIT_TX)],
    })
    await followAcceptedBatches(client, { wallet })
    expect(record().status, 'a batch that succeeded is never "failed: batchIncomplete"').not.toBe('failed')
    expect(track, 'the deposit that was mined is followed').toHaveBeenCalledWith('a')
  })

  it('does not fail as "never sent" a batch whose wallet says success but lists no receipts', async () => {
    // `receipts` is optional in wallets' answers (viem maps it absent to []): "success" says every call went through.
    const { client, wallet, record } = answering({ status: 'success', statusCode: 200, atomic: false })
    await followAcceptedBatches(client, { wallet })
    expect(record().status, 'success with fewer receipts than calls is not proof the deposit was never sent').not.toBe(
      'failed',
    )
  })

  it('does not take the approval for the deposit when the wallet lists one receipt more than the batch had calls', async () => {
    // A wallet that sends a transaction of its own first (an account set-up / 7702 delegation) and lists it: the
    // deposit (always the batch's last call) is the last receipt, not the one at index 1.
    const { client, wallet, record } = answering({
      status: 'success',
      statusCode: 200,
      atomic: false,
      receipts: [receipt(SETUP_TX), receipt(APPROVE_TX), receipt(DEPOSIT_TX)],
    })
    await followAcceptedBatches(client, { wallet })
    expect(record()).toMatchObject({ depositTx: DEPOSIT_TX })
  })

  it('does not leave "Swapping" for good, never asked again, an older swap whose batch the wallet says failed', async () => {
    // A copy kept before `callsDeposit` existed (the bug this change fixes left exactly these in History). The deposit
    // is the batch's last call: a batch that FAILED never delivered it, whichever call stopped it (here the deposit
    // itself reverted).
    const { client, wallet, record } = answering(
      {
        status: 'failure',
        statusCode: 500,
        atomic: false,
        receipts: [receipt(APPROVE_TX), receipt(DEPOSIT_TX, '0x0')],
      },
      'none',
    )
    const result = await followAcceptedBatches(client, { wallet })
    const movedOn = record().status === 'failed' || record().depositTx !== undefined
    expect(movedOn || result.waiting > 0, 'the swap is failed, or followed, or at least asked about again').toBe(true)
  })
})
