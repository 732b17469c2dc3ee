import { type Address, type Hex, InsufficientFundsError, TransactionExecutionError } from 'viem'
import { describe, expect, it, vi } from 'vitest'
import {
  chainAClients,
  ETH_B,
  PERSON,
  POOL,
  poolProvider,
  poolRoute,
  poolSendPlan,
  replacedReceipt,
} from '../../../test/support/poolDeposit.ts'
import type { ChainClients } from '../../chains/chainClients.ts'
import { NotEnoughGasError } from '../../errors/gasErrors.ts'
import { decodePoolSend } from '../../providers/pool/poolCalldata.ts'
import type { RouteProvider } from '../../providers/types.ts'
import type { SwapRecord } from '../../records/types.ts'
import { ReviewMismatchError, TransactionReplacedError } from '../../routes/routeErrors.ts'
import type { Route } from '../../routes/types.ts'
import { FALLBACK_GAS } from '../estimateNetworkCost.ts'
import { executeRoute } from './executeRoute.ts'

// Gas on arrival between the reviewed quote and a refreshed one, and when the refresh happens: providers price the
// gas in dollars, so its amount moves a little; an approval must never be spent on a quote that then fails its check.
const GAS = 1_000_000_000_000_000n

/** The pool route asking for gas on arrival, its quote valid `validForMs` more. */
const route = (gas: bigint, validForMs: number): Route => {
  const base = poolRoute()
  return {
    ...base,
    id: `pool:${gas}:${validForMs}`,
    request: { ...base.request, gasOnArrival: true },
    expiresAt: Date.now() + validForMs,
    gasOnArrival: { status: 'included', token: ETH_B, amount: gas },
  }
}

/** The pool route run through a wallet that records what it sends; `onSend` runs with each (a clock moved on). */
function setup(onSend: () => void = () => {}) {
  const events: string[] = []
  const updates: SwapRecord[] = []
  const provider = poolProvider()
  const wallet = {
    account: PERSON,
    getChainId: async () => 1,
    switchChain: async () => {},
    sendTransaction: vi.fn(async (transaction: { to: Address }) => {
      events.push(transaction.to === POOL ? 'deposit' : 'approve')
      onSend()
      return `0x${'1'.repeat(64)}` as Hex
    }),
  }
  const run = (reviewed: Route, refreshed: Route) =>
    executeRoute({
      route: reviewed,
      provider,
      wallet,
      clients: chainAClients(),
      refreshRoute: async () => {
        events.push('refresh')
        return refreshed
      },
      onUpdate: (record) => updates.push(record),
    })
  return { events, updates, wallet, run }
}

describe('executeRoute: gas on arrival, compared by value', () => {
  it('takes a refreshed quote whose gas moved a little with the price', async () => {
    const { events, run } = setup()
    const record = await run(route(GAS, 1_000), route((GAS * 97n) / 100n, 60_000))
    expect(record.status).toBe('deposited')
    expect(events).toEqual(['refresh', 'approve', 'deposit'])
  })

  it('refuses a refreshed quote with much less gas, or none, before anything is signed', async () => {
    for (const refreshed of [route((GAS * 90n) / 100n, 60_000), { ...route(GAS, 60_000), gasOnArrival: undefined }]) {
      const { wallet, run } = setup()
      await expect(run(route(GAS, 1_000), refreshed as Route)).rejects.toBeInstanceOf(ReviewMismatchError)
      expect(wallet.sendTransaction).not.toHaveBeenCalled()
    }
  })

  it('fetches a quote that would age during the approval before approving, never after the approval is spent', async () => {
    const { events, wallet, run } = setup()
    // Valid for 15 s: enough to start, not to outlive an approval; the refreshed one has 10 % less gas.
    await expect(run(route(GAS, 15_000), route((GAS * 90n) / 100n, 60_000))).rejects.toBeInstanceOf(ReviewMismatchError)
    expect(events).toEqual(['refresh'])
    expect(wallet.sendTransaction).not.toHaveBeenCalled()
  })
})

describe('executeRoute: a balance that cannot pay the gas', () => {
  it("says which coin on which network is short, and about how much is needed, for the wallet's insufficient funds", async () => {
    // What wagmi hands back: viem's error for "total cost … exceeds the balance", wrapped.
    const insufficient = new TransactionExecutionError(new InsufficientFundsError(), { account: null })
    const wallet = {
      account: PERSON,
      getChainId: async () => 1,
      switchChain: async () => {},
      sendTransaction: vi.fn(async () => {
        throw insufficient
      }),
    }
    const error = await executeRoute({
      route: poolRoute(),
      provider: poolProvider(),
      wallet,
      clients: chainAClients(),
      refreshRoute: async () => undefined,
      onUpdate: () => {},
    }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(NotEnoughGasError)
    // The approval (estimated, with its margin) and the deposit it unlocks (at its fallback), at the most a wallet
    // offers per gas (a legacy price of 5 wei: 6).
    const gas = 50_000n + 5_000n + FALLBACK_GAS.deposit
    expect(error).toMatchObject({ network: 'Local Chain A', coin: 'ETH', decimals: 18, needed: gas * 6n })
    expect((error as NotEnoughGasError).cause).toBe(insufficient)
    expect(wallet.sendTransaction).toHaveBeenCalledTimes(1)
  })
})

describe('executeRoute: the wallet replaces the sent deposit', () => {
  const SENT = `0x${'01'.repeat(32)}` as Hex
  const REPLACEMENT = `0x${'02'.repeat(32)}` as Hex
  const run = (waitForTransactionReceipt: ReturnType<typeof replacedReceipt>) => {
    const onDepositMined = vi.fn(async () => ({ type: 'depositMined', id: '0x01', depositedAt: 1 }) as const)
    const provider = {
      id: 'pool',
      name: 'Pool',
      planDeposit: async (r: Route) => poolSendPlan(r),
      decodeDeposit: (transaction) => decodePoolSend(transaction),
      knownContracts: () => [POOL],
      onDepositMined,
    } as Pick<RouteProvider, 'id' | 'name' | 'planDeposit' | 'decodeDeposit' | 'knownContracts' | 'onDepositMined'>
    // The allowance covers the amount: the deposit is the one transaction.
    const client = { readContract: async () => 10n ** 30n, waitForTransactionReceipt }
    const wallet = {
      account: PERSON,
      getChainId: async () => 1,
      switchChain: async () => {},
      sendTransaction: async () => SENT,
    }
    const updates: SwapRecord[] = []
    const result = executeRoute({
      route: poolRoute(),
      provider: provider as RouteProvider,
      wallet,
      clients: new Map([[1, client]]) as unknown as ChainClients,
      refreshRoute: async () => undefined,
      onUpdate: (record) => updates.push(record),
    })
    return { result, updates, onDepositMined }
  }

  it('follows a deposit sped up in the wallet under the hash that is mined', async () => {
    const { result, onDepositMined } = run(replacedReceipt('repriced', REPLACEMENT))
    const record = await result
    expect(record).toMatchObject({ status: 'deposited', depositTx: REPLACEMENT })
    // The deposit is read from the mined transaction, never from the hash that will not be mined.
    expect(onDepositMined).toHaveBeenCalledWith(expect.objectContaining({ depositTx: REPLACEMENT }))
  })

  it.each(['cancelled', 'replaced'] as const)(
    'says a deposit %s in the wallet did nothing: the swap failed, nothing is followed as deposited',
    async (reason) => {
      const { result, updates, onDepositMined } = run(replacedReceipt(reason, REPLACEMENT))
      await expect(result).rejects.toBeInstanceOf(TransactionReplacedError)
      expect(updates.at(-1)).toMatchObject({ status: 'failed', error: 'depositReplaced' })
      expect(onDepositMined).not.toHaveBeenCalled()
    },
  )
})

describe('executeRoute: a quote fetched again after the approval, and refused', () => {
  it('stops at the deposit, the approval done: the record says where it stopped, and no deposit was sent', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      // The approval takes its blocks: the quote has 2 s left after it.
      const { events, updates, run } = setup(() => vi.setSystemTime(Date.now() + 28_000))
      await expect(run(route(GAS, 30_000), route((GAS * 90n) / 100n, 60_000))).rejects.toBeInstanceOf(
        ReviewMismatchError,
      )
      expect(events).toEqual(['approve', 'refresh'])
      const last = updates.at(-1)!
      expect(last).toMatchObject({ status: 'signing', phase: 'depositing', approveTxs: [`0x${'1'.repeat(64)}`] })
      expect(last.depositTx).toBeUndefined()
    } finally {
      vi.useRealTimers()
    }
  })
})
