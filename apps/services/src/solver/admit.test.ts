import { intentOriginSettlerStatus } from '@multi-bridge/contracts'
import { computeIntentOrderId, encodeIntentOriginData } from '@multi-bridge/core'
import type { Address, Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { ChainContext } from '../shared/context.ts'
import { createFailureTracker } from '../shared/failures.ts'
import { createLogger } from '../shared/logger.ts'
import { openScratchStore } from '../shared/store/testEngines.ts'
import { admitOrder } from './admit.ts'
import { emptyWorkState, type SolverContext } from './context.ts'
import { DEFAULT_PRICING, parsePricing } from './pricing.ts'
import { openSolverStore } from './state.ts'

// Admission on its own, over plain objects: three chains whose reads the test answers, one of which can be made to
// hang. Orders go from chain 1 to chain 2 or 3; the solver holds `inventory` of the output token on each.

const SOLVER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as Address
const USER = '0x8ba1f109551bD432803012645Ac136ddd64DBA72' as Address
const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3' as Address
const SETTLER = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512' as Address
const NOW = 1_800_000_000
// The chains' time, and this machine's: the solver takes the later of the two, so the fixture holds after 2027 too.
beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(NOW * 1000)
})
afterAll(() => {
  vi.useRealTimers()
})
const FILL_DEADLINE = NOW + 200
const EXPIRES = NOW + 4_000
const AMOUNT = 100_000_000n // 100 USDC

type World = { inventory: bigint; hanging: Set<number>; released: () => void; gate: Promise<void> }

function fakeChain(world: World, id: number): ChainContext {
  const config = {
    id,
    name: `Chain ${id}`,
    blockTime: 1,
    contracts: { intentOriginSettler: SETTLER, intentDestinationSettler: SETTLER },
    tokens: [{ address: TOKEN, symbol: 'USDC', decimals: 6, kind: 'usdc', name: 'USD Coin' }],
  }
  // A chain that does not answer: every read waits until the test lets it go.
  const answer = async <T>(value: T): Promise<T> => {
    if (world.hanging.has(id)) await world.gate
    return value
  }
  return {
    config,
    publicClient: {
      readContract: ({ functionName }: { functionName: string }) => {
        if (functionName === 'escrows') {
          return answer([USER, TOKEN, AMOUNT, FILL_DEADLINE, EXPIRES, intentOriginSettlerStatus.Open, 0n])
        }
        if (functionName === 'balanceOf') return answer(world.inventory)
        // What the fill admission prepares reads (fillReads.ts): not filled, claims not paused.
        if (functionName === 'fills') return answer([SOLVER, 0])
        if (functionName === 'settlementPaused') return answer(false)
        return Promise.reject(new Error(`unexpected read ${functionName}`))
      },
      getBlock: () => answer({ timestamp: BigInt(NOW) }),
      estimateContractGas: () => answer(120_000n),
    },
    finalBlockNumber: () => answer(5n),
    finalitySeconds: 2,
  } as unknown as ChainContext
}

async function setUp(inventory: bigint) {
  let released: () => void = () => undefined
  const gate = new Promise<void>((resolve) => {
    released = resolve
  })
  const world: World = { inventory, hanging: new Set(), released: () => released(), gate }
  const log = createLogger('solver', {}, 'error')
  const context = {
    pricing: parsePricing({ ...DEFAULT_PRICING, pricesUsd: { USDC: '1' } }),
    solver: SOLVER,
    chains: new Map([1, 2, 3].map((id) => [id, fakeChain(world, id)])),
    store: await openScratchStore('solver-admit-', openSolverStore),
    log,
    failures: createFailureTracker(log),
    ...emptyWorkState(),
  } as unknown as SolverContext
  return { world, context }
}

/** An order from chain 1 to `destination` for 100 USDC out, with its own nonce. */
function order(nonce: number, destination: number) {
  const originData = encodeIntentOriginData({
    originChainId: 1n,
    originSettler: SETTLER,
    user: USER,
    nonce: BigInt(nonce),
    inputToken: TOKEN,
    inputAmount: AMOUNT,
    outputToken: TOKEN,
    outputAmount: AMOUNT - 1_000_000n,
    gasAmount: 0n,
    destinationChainId: BigInt(destination),
    destinationSettler: SETTLER,
    recipient: USER,
    fillDeadline: FILL_DEADLINE,
    expires: EXPIRES,
  })
  return { orderId: computeIntentOrderId(originData), originData, blockNumber: 1n }
}

const admit = (context: SolverContext, parameters: ReturnType<typeof order>) =>
  admitOrder(context, { origin: context.chains.get(1)!, ...parameters })
const statusOf = (context: SolverContext, orderId: Hex) => context.store.value.orders[orderId]

describe('admitOrder, several at once', () => {
  it('never lets orders admitted at once share one inventory: the second is declined', async () => {
    // Enough for one order of 99 USDC, not two.
    const { context } = await setUp(150_000_000n)
    const [first, second] = [order(1, 2), order(2, 2)]
    await Promise.all([admit(context, first), admit(context, second)])
    const statuses = [first, second].map((o) => statusOf(context, o.orderId))
    expect(statuses.map((s) => s?.status).sort()).toEqual(['accepted', 'declined'])
    expect(statuses.find((s) => s?.status === 'declined')).toMatchObject({ reason: 'insufficient inventory' })
    expect(context.holds.outputs.size).toBe(0) // each hold ended with its order stored
    // The accepted order's fill reads are ready for its first fill; the declined order has none.
    expect([first, second].map((o) => context.caches.preparedFills.has(o.orderId))).toEqual(
      statuses.map((s) => s?.status === 'accepted'),
    )
  })

  it('admits an order to a chain that answers while another to a chain that does not waits for it', async () => {
    const { world, context } = await setUp(10_000_000_000n)
    world.hanging.add(3)
    const [stuck, free] = [order(3, 3), order(4, 2)]
    const stuckAdmission = admit(context, stuck)
    await admit(context, free)
    expect(statusOf(context, free.orderId)?.status).toBe('accepted')
    expect(statusOf(context, stuck.orderId)).toBeUndefined()
    world.released()
    await stuckAdmission
    expect(statusOf(context, stuck.orderId)?.status).toBe('accepted')
  })
})
