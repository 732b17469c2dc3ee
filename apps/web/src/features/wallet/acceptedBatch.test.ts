import {
  type ChainClients,
  createSwapStore,
  executeRoute,
  handedOver,
  type Manifest,
  newSwapRecord,
  type Route,
  type RouteProvider,
  TransactionNotConfirmedError,
  walkError,
} from '@multi-bridge/core'
import { type Address, WaitForCallsStatusTimeoutError } from 'viem'
import { describe, expect, it, vi } from 'vitest'
import type { Config, Connector } from 'wagmi'
import { waitForCallsStatus } from 'wagmi/actions'
import { catalogue, toUserMessage } from '../../lib/errorMessages.ts'
import { wagmiWalletAdapter } from './wagmiWallet.ts'

/**
 * An EIP-5792 wallet: the app batches the approval and the deposit for one confirmation. The person confirms; the
 * wallet accepts the batch (`wallet_sendCalls` answers its id) and sends it. From then on the deposit may be mined,
 * whatever happens to the wait for the batch's status (up to 10 minutes: a congested chain, the wallet's status
 * endpoint erroring, a reload): the swap is kept in History under the batch's id, and the wait's failure is said as
 * "sent, not confirmed yet", never "Oops".
 */
const BATCH_ID = `0x${'ba'.repeat(32)}`
const PERSON: Address = '0x8ba1f109551bD432803012645Ac136ddd64DBA72'
const POOL: Address = '0x1111111111111111111111111111111111111111'
const usdc = (chainId: number, address: Address) =>
  ({ chainId, address, symbol: 'USDC', decimals: 6, kind: 'usdc' }) as const

vi.mock('wagmi/actions', () => ({
  getCapabilities: vi.fn(async () => ({ atomic: { status: 'supported' } })),
  sendCalls: vi.fn(async () => ({ id: BATCH_ID })),
  // The wallet accepted the batch; its status never turned final within the wait.
  waitForCallsStatus: vi.fn(async () => {
    throw new WaitForCallsStatusTimeoutError({ id: BATCH_ID })
  }),
  sendTransaction: vi.fn(),
  signTypedData: vi.fn(),
}))

/** 100 USDC to the person on chain 2 through a pool: an approval, then the pool's deposit. */
const route: Route = {
  id: 'pool:1',
  providerId: 'pool',
  providerName: 'Pool',
  request: {
    origin: usdc(1, '0x2222222222222222222222222222222222222222'),
    destination: usdc(2, '0x3333333333333333333333333333333333333333'),
    amount: 100_000_000n,
    sender: PERSON,
    recipient: PERSON,
  },
  outputAmount: 99_700_000n,
  minOutputAmount: 99_700_000n,
  slippageBps: 0,
  slippageMode: 'auto',
  fees: [],
  estimatedSeconds: 10,
  quotedAt: Date.now(),
  expiresAt: Date.now() + 60_000,
  depositAddress: POOL,
  data: {},
}
const provider = {
  id: 'pool',
  name: 'Pool',
  planDeposit: async (r: Route) => ({
    transaction: { chainId: 1, to: POOL, data: '0x12345678', value: 0n },
    approval: { token: r.request.origin, spender: POOL, amount: r.request.amount },
  }),
  // What the pool's ABI decodes from that call: exactly the request.
  decodeDeposit: (_: unknown, r: Route) => ({
    contract: POOL,
    contractName: 'Pool',
    functionName: 'send',
    inputToken: r.request.origin.address,
    inputAmount: r.request.amount,
    value: 0n,
    recipient: r.request.recipient,
    destinationChainId: r.request.destination.chainId,
  }),
  knownContracts: () => [POOL],
} as unknown as RouteProvider

describe('a batch the wallet accepted, whose status wait fails', () => {
  it('keeps the swap in History under the batch’s id, and says "sent, not confirmed yet", not "Oops"', async () => {
    const connector = { getAccounts: async () => [PERSON], getChainId: async () => 1 } as unknown as Connector
    const wallet = wagmiWalletAdapter({
      config: {} as Config,
      connector,
      account: PERSON,
      manifest: { chains: [] } as unknown as Manifest,
    })
    // The allowance is short: approval + deposit go as one batch.
    const origin = { chain: { name: 'Local Chain A' }, readContract: async () => 0n }
    const store = createSwapStore()
    // What `draftSwap` and `executeSwap` do: the reviewed record kept, then each event of the execution applied.
    const draft = newSwapRecord(route, PERSON)
    store.getState().draft(draft)

    const error = await executeRoute({
      route,
      record: draft,
      onEvent: (event) => store.getState().apply(draft.key, event),
      provider,
      wallet,
      clients: new Map([[1, origin]]) as unknown as ChainClients,
      refreshRoute: async () => undefined,
    }).catch((caught: unknown) => caught)

    expect(error).toBeInstanceOf(TransactionNotConfirmedError)
    expect(walkError(error, (item) => item instanceof WaitForCallsStatusTimeoutError)).toBeDefined()
    const saved = Object.values(store.getState().swaps)
    expect(saved, 'the swap whose batch was accepted is in History').toHaveLength(1)
    expect(saved[0]?.status).toBe('signing')
    expect(handedOver(saved[0]!)).toEqual({ kind: 'calls', callsId: BATCH_ID, depositIndex: 1 })
    expect(store.getState().drafts).toEqual({})
    expect(toUserMessage(error)).toEqual(catalogue.transactionNotConfirmed!(error as TransactionNotConfirmedError))
    expect(toUserMessage(error)).toEqual({
      message: "Sent, not confirmed yet: {{network}} hasn't shown it. It's checked again; don't send it twice.",
      values: { network: 'Local Chain A' },
    })
  })

  it("hands the executor the batch's id at once, then what was mined and why it stopped", async () => {
    const wallet = wagmiWalletAdapter({
      config: {} as Config,
      connector: {} as Connector,
      account: PERSON,
      manifest: { chains: [] } as unknown as Manifest,
    })
    const call = { chainId: 1, to: POOL, data: '0x12345678' as const, value: 0n }
    await expect(wallet.sendCalls?.([call])).resolves.toEqual({ id: BATCH_ID })
    const approval = `0x${'a1'.repeat(32)}` as const
    vi.mocked(waitForCallsStatus).mockResolvedValueOnce({
      status: 'failure',
      statusCode: 500,
      atomic: false,
      receipts: [{ transactionHash: approval }],
      capabilities: { error: { message: 'insufficient funds for gas * price + value' } },
    } as unknown as Awaited<ReturnType<typeof waitForCallsStatus>>)
    await expect(wallet.waitForCalls?.(BATCH_ID)).resolves.toEqual({
      hashes: [approval],
      error: 'insufficient funds for gas * price + value',
    })
  })
})
