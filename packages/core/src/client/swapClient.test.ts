import type { Hex } from 'viem'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PERSON, POOL, poolRoute, poolSendPlan } from '../../test/support/poolDeposit.ts'
import type { ChainClients } from '../chains/chainClients.ts'
import type { Manifest } from '../config/manifest.ts'
import type { ProviderModule } from '../providers/module.ts'
import { decodePoolSend } from '../providers/pool/poolCalldata.ts'
import type { FoundSwap, RouteProvider } from '../providers/types.ts'
import type { DepositedSwap, RefundableSwap, SwapRecord } from '../records/types.ts'
import type { Route } from '../routes/types.ts'
import { createSwapClient } from '../setup/createSwapClient.ts'
import type { KeyValueStorage } from '../storage/persistedStore.ts'
import { discardSwap } from './discardSwap.ts'
import { draftSwap } from './draftSwap.ts'
import { executeSwap } from './executeSwap.ts'
import { refundSwap } from './refundSwap.ts'
import { restoreSwaps } from './restoreSwaps.ts'
import type { SwapClient } from './types.ts'

const DEPOSIT_TX = `0x${'d'.repeat(64)}` as Hex
const REFUND_TX = `0x${'e'.repeat(64)}` as Hex

function memoryStorage(): KeyValueStorage & { saved: () => Record<string, SwapRecord> } {
  const data = new Map<string, string>()
  return {
    saved: () => JSON.parse(data.get('__persist__history') ?? '{"state":{"swaps":{}}}').state.swaps,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  }
}

/** A client over one fake pool provider (a module of its own, as the app's are) and a fake origin chain. */
function setup() {
  const storage = memoryStorage()
  let client: SwapClient | undefined
  const seenWhileSigning: { drafted: boolean; saved: number }[] = []
  const provider = {
    id: 'pool',
    name: 'Pool',
    pollIntervalMs: 60_000,
    getQuote: async (request: Route['request']) => poolRoute({ request }),
    planDeposit: async (route: Route) => poolSendPlan(route),
    decodeDeposit: (transaction: Parameters<typeof decodePoolSend>[0]) => decodePoolSend(transaction),
    knownContracts: () => [POOL],
    onDepositMined: async () => ({ type: 'depositMined', id: '0x01', depositedAt: 1 }),
    track: vi.fn(async () => ({ type: 'pending' })),
    planRefund: async (record: SwapRecord) => ({
      transaction: { chainId: record.origin.token.chainId, to: POOL, data: '0x', value: 0n },
    }),
    findSwaps: vi.fn(async () => [] as FoundSwap[]),
  } as unknown as RouteProvider
  const module: ProviderModule = {
    id: 'pool',
    name: 'Pool',
    statusWording: {},
    feeLabels: [],
    refunds: 'person',
    isConfigured: () => true,
    load: async () => () => provider,
  }
  const chain = {
    readContract: async () => 0n,
    waitForTransactionReceipt: async ({ hash }: { hash: string }) => ({ status: 'success', transactionHash: hash }),
  }
  const wallet = {
    account: PERSON,
    getChainId: async () => 1,
    switchChain: async () => {},
    sendTransaction: vi.fn(async (transaction: { to: string; data: string }) => {
      const key = Object.keys(client?.store.getState().drafts ?? {})[0]
      seenWhileSigning.push({ drafted: key !== undefined, saved: Object.keys(storage.saved()).length })
      return transaction.to === POOL ? DEPOSIT_TX : (`0x${'a'.repeat(64)}` as Hex)
    }),
  }
  client = createSwapClient({
    manifest: { chains: [] } as unknown as Manifest,
    storage,
    clients: new Map([[1, chain]]) as unknown as ChainClients,
    modules: [module],
  })
  return { client, storage, provider, wallet, seenWhileSigning }
}

let running: SwapClient | undefined
afterEach(() => running?.stop())

describe('swap client', () => {
  it('executes the record the review showed: one key from review to History, saved only once a deposit exists', async () => {
    const { client, storage, provider, wallet, seenWhileSigning } = setup()
    running = client
    const route = poolRoute()
    const draft = draftSwap(client, { route, owner: PERSON })
    expect(client.store.getState().drafts[draft.key]?.status).toBe('signing')
    expect(client.store.getState().swaps).toEqual({})

    const record = await executeSwap(client, { key: draft.key, route, wallet })

    expect(record.key).toBe(draft.key)
    expect(record.status).toBe('deposited')
    // While the approval and the deposit were signed, the draft was in memory and nothing was saved.
    expect(seenWhileSigning).toEqual([
      { drafted: true, saved: 0 },
      { drafted: true, saved: 0 },
    ])
    expect(client.store.getState().drafts).toEqual({})
    expect(client.store.getState().swaps[draft.key]).toEqual(record)
    expect(Object.keys(storage.saved())).toEqual([draft.key])
    // The client follows it from there.
    await vi.waitFor(() => expect(provider.track).toHaveBeenCalled())
  })

  it('forgets a draft whose review is closed, never a swap that was sent', async () => {
    const { client, wallet } = setup()
    running = client
    const route = poolRoute()
    const closed = draftSwap(client, { route, owner: PERSON })
    discardSwap(client, { key: closed.key })
    expect(client.store.getState().drafts).toEqual({})
    const sent = await executeSwap(client, { route, wallet })
    discardSwap(client, { key: sent.key })
    expect(Object.keys(client.store.getState().swaps)).toEqual([sent.key])
  })

  it('refuses to execute a draft for another account, before anything is signed', async () => {
    const { client, wallet } = setup()
    const route = poolRoute()
    const draft = draftSwap(client, { route, owner: POOL })
    await expect(executeSwap(client, { key: draft.key, route, wallet })).rejects.toThrow()
    expect(wallet.sendTransaction).not.toHaveBeenCalled()
    expect(client.store.getState().swaps).toEqual({})
  })

  it('applies the refund to the stored swap through the state machine', async () => {
    const { client, storage, wallet } = setup()
    const route = poolRoute()
    const draft = draftSwap(client, { route, owner: PERSON })
    const refundable: RefundableSwap = {
      ...draft,
      id: '0x01',
      status: 'refundable',
      depositTx: DEPOSIT_TX,
      depositedAt: 1,
    } as unknown as RefundableSwap
    client.store.getState().takeIn(refundable)

    const { refundTx, record } = await refundSwap(client, { key: draft.key, wallet })

    expect(refundTx).toBe(DEPOSIT_TX)
    expect(record).toMatchObject({ key: draft.key, status: 'refunded', refundTx: DEPOSIT_TX })
    expect(client.store.getState().swaps[draft.key]).toEqual(record)
    expect(storage.saved()[draft.key]?.status).toBe('refunded')
  })

  it('merges the swaps a restore finds once, and follows the unfinished ones', async () => {
    const { client, provider } = setup()
    running = client
    const found = {
      ...draftSwap(client, { route: poolRoute(), owner: PERSON }),
      key: 'chain-1',
      id: '0x0b',
      status: 'deposited',
      depositTx: REFUND_TX,
      depositedAt: 1,
    } as unknown as DepositedSwap
    vi.mocked(provider.findSwaps).mockResolvedValue([{ record: found }])

    expect((await restoreSwaps(client, { owner: PERSON })).added).toBe(1)
    expect((await restoreSwaps(client, { owner: PERSON })).added).toBe(0)
    expect(Object.keys(client.store.getState().swaps)).toEqual(['chain-1'])
    await vi.waitFor(() => expect(provider.track).toHaveBeenCalled())
  })
})
