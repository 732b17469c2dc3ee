import type { Hex } from 'viem'
import { describe, expect, it, vi } from 'vitest'
import { applySwapEvent } from '../records/swapMachine.ts'
import { CALLS_DEPOSIT_INDEX, type SigningSwap, type SwapRecord } from '../records/types.ts'
import { createSwapStore } from '../swaps/swapStore.ts'
import { readCallsStatus, type WalletAdapter } from '../swaps/walletAdapter.ts'
import { followAcceptedBatches } from './followAcceptedBatches.ts'
import type { SwapClient } from './types.ts'

/**
 * What a wallet's status answer can make `followAcceptedBatches` say about money: a batch run as one transaction (one
 * receipt), one with no receipts listed, one with a transaction of the wallet's own first, an older swap's failed batch.
 */
const PERSON = '0x8ba1f109551bD432803012645Ac136ddd64DBA72'
const BATCH = `0x${'ba'.repeat(32)}`
const SETUP_TX = `0x${'5e'.repeat(32)}` as Hex
const APPROVE_TX = `0x${'a1'.repeat(32)}` as Hex
const DEPOSIT_TX = `0x${'de'.repeat(32)}` as Hex
const USDC = { chainId: 1, address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', symbol: 'USDC', decimals: 6 } as const

const signing = (key: string): SigningSwap => ({
  key,
  id: key,
  providerId: 'pool',
  providerName: 'Pool',
  owner: PERSON as Hex,
  recipient: PERSON,
  origin: { token: { ...USDC, kind: 'usdc' }, amount: '100000000' },
  destination: { token: { ...USDC, chainId: 10, kind: 'usdc' }, estimatedAmount: '99900000', minAmount: '99800000' },
  depositAddress: '0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE',
  status: 'signing',
  phase: 'approving',
  createdAt: 1_700_000_000_000,
  updatedAt: 1_700_000_000_000,
})

/**
 * One swap handed over as a batch of [approval, deposit] (`depositIndex` 1, as `executeRoute` writes it; `'none'`:
 * an older copy without it), and a wallet whose `wallet_getCallsStatus` answers `answer` (viem's `getCallsStatus`
 * shape), read through the real `readCallsStatus` as the app's adapters do.
 */
function setup(answer: Record<string, unknown>, depositIndex: number | 'none' = 1) {
  const store = createSwapStore()
  const data: Record<string, number> = depositIndex === 'none' ? {} : { [CALLS_DEPOSIT_INDEX]: depositIndex }
  store.getState().upsert(applySwapEvent(signing('a'), { type: 'callsAccepted', callsId: BATCH, data }))
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
    const { client, wallet, track, record } = setup({
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
    const { client, wallet, record } = setup({ status: 'success', statusCode: 200, atomic: false })
    await followAcceptedBatches(client, { wallet })
    expect(record().status, 'success with fewer receipts than calls is not proof the deposit was never sent').not.toBe(
      'failed',
    )
  })

  it('does not take the approval for the deposit when the wallet lists one receipt more than the batch had calls', async () => {
    // A wallet that sends a transaction of its own first (an account set-up / 7702 delegation) and lists it: the
    // deposit (always the batch's last call) is the last receipt, not the one at index 1.
    const { client, wallet, record } = setup({
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
    const { client, wallet, record } = setup(
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
