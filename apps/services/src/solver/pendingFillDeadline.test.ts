/**
 * An order whose own fill is still pending is ended as `missed` (final: never claimed) only on the destination chain's
 * own final state, never on this machine's clock. The settler checks the deadline against the timestamp of the block
 * that mines the fill: on a chain whose timestamps trail the wall clock (a stalled or slow chain whose next block is
 * stamped from its own clock, an L2 sequencer's timestamps, or simply this host's clock running fast) a pending fill
 * is still mined in time, the recipient is paid and the attesters sign the fill: the solver must then claim it, or
 * after `expires` the user takes the input back too (the unattested refund) and the solver has paid twice.
 *
 * The solver's own `fill` and `advance` over a context of plain objects: the chains are fakes at the RPC boundary;
 * the host clock is set with vitest's fake Date.
 */
import { intentOriginSettlerStatus } from '@multi-bridge/contracts'
import { type Address, type Hex, TransactionReceiptNotFoundError } from 'viem'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ChainContext } from '../shared/context.ts'
import { advance } from './advance.ts'
import type { SolverContext } from './context.ts'
import { type FillableOrder, fill } from './fill.ts'
import { acceptedOrder } from './order.ts'
import { fakeSolverContext } from './testContext.ts'

const SOLVER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as Address
const USER = '0x8ba1f109551bD432803012645Ac136ddd64DBA72' as Address
const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3' as Address
const START = 1_800_000_000
const DEADLINE = START + 60
const ORDER = `0x${'01'.padStart(64, '0')}` as Hex

type World = { chainTime: number; fillTime: number; receiptWaitGivesUp: boolean; mined: Set<Hex>; sent: Hex[] }

function fakeChain(world: World, chainId: number): ChainContext {
  return {
    config: {
      id: chainId,
      name: `Chain ${chainId}`,
      blockTime: 2,
      contracts: { intentOriginSettler: TOKEN, intentDestinationSettler: TOKEN },
    },
    publicClient: {
      readContract: async ({ functionName }: { functionName: string }) => {
        if (functionName === 'fills') return world.fillTime ? [SOLVER, world.fillTime] : [USER, 0]
        if (functionName === 'settlementPaused') return false
        const status = intentOriginSettlerStatus.Open // open, and final on the origin
        if (functionName === 'escrows') return [USER, TOKEN, 1_000_000n, DEADLINE, DEADLINE + 3_700, status, 0n]
        throw new Error(`unexpected read ${functionName}`)
      },
      getBlock: async () => ({ timestamp: BigInt(world.chainTime) }),
      estimateContractGas: async () => 120_000n,
      getTransactionReceipt: async ({ hash }: { hash: Hex }) => {
        if (world.mined.has(hash)) return { status: 'success', blockNumber: 9n }
        throw new TransactionReceiptNotFoundError({ hash })
      },
      getTransaction: async ({ hash }: { hash: Hex }) => ({ hash, blockNumber: null }), // in the node's pool
    },
    send: async () => {
      const hash = `0x${String(world.sent.length + 1).padStart(64, 'f')}` as Hex
      world.sent.push(hash)
      return hash
    },
    finalBlockNumber: async () => 5n,
    finalHead: async () => ({ number: 5n, timestamp: world.chainTime - 10 }),
    finalitySeconds: 8,
    waitForReceipt: async () => {
      if (world.receiptWaitGivesUp) throw new Error('Timed out while waiting for transaction to be confirmed')
      return { status: 'success', blockNumber: 9n }
    },
  } as unknown as ChainContext
}

afterEach(() => {
  vi.useRealTimers()
})

/** An order accepted from chain 1 to chain 2 with its deadline at DEADLINE, the host clock at START. */
async function setUp() {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(START * 1000)
  const world: World = { chainTime: START, fillTime: 0, receiptWaitGivesUp: true, mined: new Set(), sent: [] }
  const context = await fakeSolverContext({
    solver: SOLVER,
    chains: new Map([
      [1, fakeChain(world, 1)],
      [2, fakeChain(world, 2)],
    ]),
    storePrefix: 'solver-missed-',
  })
  const accepted = acceptedOrder(
    { orderId: ORDER, originChainId: 1, openBlock: '1', openSeenAt: 1 },
    {
      destinationChainId: 2,
      inputToken: TOKEN,
      inputAmount: '1000000',
      outputToken: TOKEN,
      outputAmount: '990000',
      recipient: USER,
      fillDeadline: DEADLINE,
      expires: DEADLINE + 3_700,
      outputUsd: (10n ** 18n).toString(),
    },
    '0xabcd',
  )
  context.store.update((s) => {
    s.orders[ORDER] = accepted
  })
  return { world, context, accepted: accepted as FillableOrder }
}

const statusOf = (context: SolverContext) => context.store.value.orders[ORDER]!.status

describe('a pending fill and the fill deadline', () => {
  it('keeps an order whose fill is pending until the destination itself is past the deadline, and claims it once it lands', async () => {
    const { world, context, accepted } = await setUp()
    // The fill is sent; the destination is slow and its receipt wait gives up: the order stays `filling`.
    await fill(context, accepted).catch(() => undefined)
    expect(context.store.value.orders[ORDER]).toMatchObject({ status: 'filling', fillTx: world.sent[0] })

    // This host's clock is past the deadline; the destination's latest block is 20 s before it (its blocks trail).
    vi.setSystemTime((DEADLINE + 5) * 1000)
    world.chainTime = DEADLINE - 20
    await fill(context, context.store.value.orders[ORDER] as FillableOrder)
    const afterRound = context.store.value.orders[ORDER]!.status
    console.log(`after a round with the fill pending and the host clock past the deadline: ${afterRound}`)

    // The node mines the fill, stamped before the deadline: the settler takes it, the recipient is paid.
    world.mined.add(world.sent[0]!)
    world.fillTime = DEADLINE - 19
    world.chainTime = DEADLINE - 19
    await advance(context, ORDER)
    const afterLanding = context.store.value.orders[ORDER]!.status
    console.log(`after the fill landed in time on chain: ${afterLanding}`)
    // Safe: the solver knows its delivery and goes on to claim it (never a final `missed` for a fill that can land).
    expect(afterLanding, 'the solver’s record of an order its fill paid').toBe('filled')
  })

  it('ends it as missed once a final block of the destination is stamped past the deadline with no fill there', async () => {
    const { world, context, accepted } = await setUp()
    await fill(context, accepted).catch(() => undefined)
    vi.setSystemTime((DEADLINE + 5) * 1000)
    // The destination's latest block is past the deadline, its final head not yet: the fill is still looked for.
    world.chainTime = DEADLINE + 5
    await fill(context, context.store.value.orders[ORDER] as FillableOrder)
    expect(statusOf(context)).toBe('filling')
    // Final past the deadline with no fill there: no fill can land any more, the pending one included.
    world.chainTime = DEADLINE + 11
    await fill(context, context.store.value.orders[ORDER] as FillableOrder)
    expect(statusOf(context)).toBe('missed')
    expect(world.sent).toHaveLength(1)
  })
})
