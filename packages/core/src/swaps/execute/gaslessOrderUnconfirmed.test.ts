import type { Hex } from 'viem'
import { describe, expect, it, vi } from 'vitest'
import { PERSON, POOL, poolRoute, poolSendPlan } from '../../../test/support/poolDeposit.ts'
import type { ChainClients } from '../../chains/chainClients.ts'
import type { Manifest } from '../../config/manifest.ts'
import { walkError } from '../../errors/MultiBridgeError.ts'
import { ServiceUnreachableError } from '../../errors/unreachableErrors.ts'
import { HttpTimeoutError } from '../../http/httpErrors.ts'
import { followSignedOrder, NOT_OPENED } from '../../providers/escrow/escrowSignedOrder.ts'
import { intentProtocol } from '../../providers/intent/intentProvider.ts'
import type { RouteProvider } from '../../providers/types.ts'
import { newSwapRecord } from '../../records/swapRecord.ts'
import { handedOver, type SigningSwap, type SwapEvent } from '../../records/types.ts'
import { GaslessOrderUnconfirmedError, GaslessRefusedError } from '../../routes/routeErrors.ts'
import type { Route } from '../../routes/types.ts'
import { createSwapStore } from '../swapStore.ts'
import { createSwapTracker } from '../trackSwaps.ts'
import { executeRoute } from './executeRoute.ts'

// The plan's own checks (`prepareDeposit`) are not what is tested here: they pass the plan through as checked.
vi.mock('../../signing/checkDeposit.ts', () => ({
  prepareDeposit: async (provider: Pick<RouteProvider, 'planDeposit'>, route: Route) => ({
    plan: await provider.planDeposit(route),
    decoded: {},
  }),
}))

/**
 * A gasless swap: the person signs the one authorization; the app POSTs it to the solver, which opens the order with
 * it (`openFor` pulls the tokens with the EIP-3009 signature). When the answer does not come back (the solver is slow,
 * the connection drops after the request went out), the signed order stays valid until its open deadline and the
 * solver may open (and fill) it at any moment: the swap is kept in History under its order id and followed by it, and
 * the person is told not to sign again. Only the solver's refusal is definite (nothing opened, nothing left the wallet).
 */
const ORDER_ID = `0x${'0d'.repeat(32)}` as Hex
const OPEN_TX = `0x${'0e'.repeat(32)}` as Hex

function setup(submitError: unknown) {
  const openDeadline = Math.floor(Date.now() / 1000) + 120
  const route = poolRoute({ gasless: { openFee: 300_000n, openDeadline }, trackingData: { openedBy: 'solver' } })
  const submit = vi.fn(async () => {
    throw submitError
  })
  const provider = {
    id: 'pool',
    name: 'Pool',
    planDeposit: async (r: Route) => ({
      transaction: poolSendPlan(r).transaction,
      gasless: {
        typedData: {
          domain: { name: 'USD Coin', version: '2', chainId: 1, verifyingContract: POOL },
          types: {},
          primaryType: 'ReceiveWithAuthorization',
          message: {},
        },
        openDeadline,
        tracking: { orderId: ORDER_ID, fillDeadline: openDeadline + 60, expires: openDeadline + 3600 },
        submit,
      },
    }),
    decodeDeposit: () => ({}),
    knownContracts: () => [POOL],
  } as unknown as RouteProvider
  const wallet = {
    account: PERSON,
    getChainId: async () => 1,
    switchChain: async () => {},
    sendTransaction: vi.fn(),
    signTypedData: vi.fn(async () => `0x${'5e'.repeat(65)}` as Hex),
  }
  const store = createSwapStore()
  const draft = newSwapRecord(route, PERSON)
  store.getState().draft(draft) // what `draftSwap` does when the review opens
  const run = executeRoute({
    route,
    record: draft,
    provider,
    wallet,
    clients: new Map([[1, {}]]) as unknown as ChainClients,
    refreshRoute: async () => undefined,
    onEvent: (event) => store.getState().apply(draft.key, event), // what `executeSwap` does
  }).catch((caught: unknown) => caught)
  return { run, store, draft, wallet, submit, openDeadline }
}

describe('a gasless order signed, the solver’s answer lost', () => {
  it('keeps the swap in History under its order id, since the signed order may still be opened', async () => {
    const unanswered = new ServiceUnreachableError('solver', new HttpTimeoutError('http://solver/v1/orders/gasless', 1))
    const { run, store, draft, wallet, submit, openDeadline } = setup(unanswered)
    const error = await run

    expect(error).toBeInstanceOf(GaslessOrderUnconfirmedError)
    expect(error).toMatchObject({ orderId: ORDER_ID, openDeadline })
    expect(walkError(error, (item) => item === unanswered)).toBe(unanswered)
    expect(wallet.signTypedData).toHaveBeenCalledTimes(1)
    expect(submit).toHaveBeenCalledTimes(1)
    const kept = store.getState().swaps[draft.key]
    expect(kept, 'the signed swap is not in History').toBeDefined()
    expect(kept?.data?.orderId).toBe(ORDER_ID)
    expect(handedOver(kept!)).toEqual({ kind: 'gaslessOrder', orderId: ORDER_ID, openDeadline })
    expect(store.getState().drafts).toEqual({})
  })

  it('leaves a refused order a draft: nothing was opened, and a new quote may be signed', async () => {
    const { run, store, draft } = setup(new GaslessRefusedError('PRICE_NOT_ACCEPTABLE'))
    expect(await run).toBeInstanceOf(GaslessRefusedError)
    expect(store.getState().swaps).toEqual({})
    expect(store.getState().drafts[draft.key]).toBeDefined()
  })
})

describe('a gasless order handed to the solver, followed by its id', () => {
  const signed = (openDeadline: number): SigningSwap => ({
    ...newSwapRecord(poolRoute({ providerId: 'intent', trackingData: { openedBy: 'solver' } }), PERSON),
    phase: 'depositing',
    data: { openedBy: 'solver', orderId: ORDER_ID, openDeadline, fillDeadline: openDeadline + 60 },
  })
  /** The origin as the provider reads it: its latest block's time, and the `Open` logs of the order id. */
  const origin = (now: number, opens: Hex[]) => {
    const getLogs = vi.fn(async () => opens.map((transactionHash) => ({ transactionHash })))
    const client = { getBlock: async () => ({ timestamp: BigInt(now) }), getLogs }
    return { getLogs, read: async <T>(_: number, work: (c: never) => Promise<T>) => work(client as never) }
  }

  it('is sent once its open is found on the origin', async () => {
    const { read, getLogs } = origin(1_000, [OPEN_TX])
    expect(await followSignedOrder(intentProtocol, { read }, signed(1_100))).toEqual({
      type: 'depositSent',
      depositTx: OPEN_TX,
    })
    expect(getLogs).toHaveBeenCalledWith(expect.objectContaining({ address: POOL, args: { orderId: ORDER_ID } }))
  })

  it('waits while it may still be opened, and fails, nothing left the wallet, once it never can', async () => {
    expect(await followSignedOrder(intentProtocol, origin(1_099, []), signed(1_100))).toEqual({ type: 'pending' })
    // `openFor` refuses a block at the open deadline or after it.
    expect(await followSignedOrder(intentProtocol, origin(1_100, []), signed(1_100))).toEqual({
      type: 'depositFailed',
      ...NOT_OPENED,
    })
  })

  it('is followed by the tracker until its open is found, then as any gasless open', async () => {
    const store = createSwapStore()
    const record = signed(Math.floor(Date.now() / 1000) + 120)
    store.setState({ swaps: { [record.key]: record } })
    const looks: string[] = []
    const provider = {
      id: 'intent',
      followSignedOrder: async (): Promise<SwapEvent> => {
        looks.push('order')
        return looks.length < 2 ? { type: 'pending' } : { type: 'depositSent', depositTx: OPEN_TX }
      },
      onDepositMined: async (): Promise<SwapEvent> => {
        looks.push('open')
        return { type: 'depositMined', id: ORDER_ID, depositedAt: 1 }
      },
      track: async (): Promise<SwapEvent> => ({ type: 'delivered' }),
    } as unknown as RouteProvider
    const tracker = createSwapTracker({
      store,
      providers: new Map([['intent', provider]]),
      manifest: { chains: [] } as unknown as Manifest,
    })
    tracker.track(record.key)
    await vi.waitFor(() => expect(store.getState().swaps[record.key]?.status).toBe('completed'), { timeout: 5_000 })
    tracker.stop()
    expect(looks).toEqual(['order', 'order', 'open'])
    expect(store.getState().swaps[record.key]).toMatchObject({ id: ORDER_ID, depositTx: OPEN_TX })
  })
})
