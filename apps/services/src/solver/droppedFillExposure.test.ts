/**
 * The solver's cap on what it delivers against opens that are not final (`maxUnconfirmedUsd`) counts every fill of
 * its own that may still be mined. A reorg of the destination that takes back a fill puts the fill's transaction back
 * in the node's pool (geth and its kin re-inject the transactions of dropped blocks): the claim step sees no fill and
 * records `fillDropped` (order back to `accepted`, `fillTx` kept), and the fill step then sees that transaction pending
 * and waits for it (FILL_PENDING). That order still counts against the cap, so no other order is filled past it beside
 * the pending fill.
 *
 * The solver's own `claim` and `fill` over a context of plain objects: the chains are fakes at the RPC boundary (what
 * `fills`, `escrows`, the receipt and the pool answer), as in fill.test.ts.
 */
import { intentOriginSettlerStatus } from '@multi-bridge/contracts'
import { type Address, type Hex, TransactionReceiptNotFoundError } from 'viem'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { ChainContext } from '../shared/context.ts'
import type { SendOptions } from '../shared/sender.ts'
import { claim, type FilledOrder } from './claim.ts'
import type { SolverContext } from './context.ts'
import { type FillableOrder, fill, unconfirmedExposure } from './fill.ts'
import { acceptedOrder } from './order.ts'
import { fakeSolverContext } from './testContext.ts'

const SOLVER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as Address
const USER = '0x8ba1f109551bD432803012645Ac136ddd64DBA72' as Address
const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3' as Address
const NOW = 1_800_000_000
// The chains' time, and this machine's: the solver takes the later of the two, so the fixture holds after 2027 too.
beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(NOW * 1000)
})
afterAll(() => {
  vi.useRealTimers()
})
const id = (n: number) => `0x${n.toString(16).padStart(64, '0')}` as Hex
const usd = (whole: number) => (BigInt(whole) * 10n ** 18n).toString()

/** What the fake chains hold. */
type World = {
  /** Orders filled on the destination now (a reorg takes a fill back out). */
  filled: Set<Hex>
  /** Fill transactions mined (their receipt exists). */
  mined: Set<Hex>
  sent: { orderId: Hex; hash: Hex }[]
}

function fakeChain(world: World, chainId: number): ChainContext {
  const config = {
    id: chainId,
    name: `Chain ${chainId}`,
    blockTime: 1,
    contracts: { intentOriginSettler: TOKEN, intentDestinationSettler: TOKEN },
  }
  const read = async ({
    functionName,
    args,
    blockNumber,
  }: {
    functionName: string
    args?: [Hex]
    blockNumber?: bigint
  }) => {
    if (functionName === 'fills') return world.filled.has(args![0]) ? [SOLVER, NOW] : [USER, 0]
    if (functionName === 'settlementPaused') return false
    // Open at the latest block; not in the origin's final state yet (the opens are a block or two old).
    const status = blockNumber === undefined ? intentOriginSettlerStatus.Open : intentOriginSettlerStatus.None
    if (functionName === 'escrows') return [USER, TOKEN, 1_000_000n, NOW + 600, NOW + 4_200, status, 0n]
    throw new Error(`unexpected read ${functionName}`)
  }
  return {
    config,
    publicClient: {
      readContract: read,
      getBlock: async () => ({ timestamp: BigInt(NOW) }),
      estimateContractGas: async () => 120_000n,
      getTransactionReceipt: async ({ hash }: { hash: Hex }) => {
        if (world.mined.has(hash)) return { status: 'success', blockNumber: 9n }
        throw new TransactionReceiptNotFoundError({ hash })
      },
      // Every transaction the solver sent is in the node's pool or mined: the dropped block's fill went back to the pool.
      getTransaction: async ({ hash }: { hash: Hex }) => ({ hash, blockNumber: null }),
    },
    send: async (request: { args: [Hex] }) => {
      const hash = `0x${String(world.sent.length + 1).padStart(64, 'f')}` as Hex
      world.sent.push({ orderId: request.args[0], hash })
      return hash
    },
    finalBlockNumber: async () => 5n,
    finalHead: async () => ({ number: 5n, timestamp: NOW - 10 }),
    finalitySeconds: 2,
    waitForReceipt: async (hash: Hex) => {
      world.mined.add(hash)
      return { status: 'success', blockNumber: 9n }
    },
  } as unknown as ChainContext
}

async function setUp() {
  const world: World = { filled: new Set(), mined: new Set(), sent: [] }
  const context = await fakeSolverContext({
    solver: SOLVER,
    chains: new Map([
      [1, fakeChain(world, 1)],
      [2, fakeChain(world, 2)],
    ]),
    storePrefix: 'solver-cap-',
    maxUnconfirmedUsd: '1000',
  })
  return { world, context }
}

/** An accepted order from chain 1 to chain 2, worth `whole` USD, its open not final yet. */
function admit(context: SolverContext, n: number, whole: number): FillableOrder {
  const order = acceptedOrder(
    { orderId: id(n), originChainId: 1, openBlock: '1', openSeenAt: 1 },
    {
      destinationChainId: 2,
      inputToken: TOKEN,
      inputAmount: '1000000',
      outputToken: TOKEN,
      outputAmount: '990000',
      recipient: USER,
      fillDeadline: NOW + 600,
      expires: NOW + 4_200,
      outputUsd: usd(whole),
    },
    '0xabcd',
  )
  context.store.update((s) => {
    s.orders[order.orderId] = order
  })
  return order as FillableOrder
}

const order = (context: SolverContext, n: number) => context.store.value.orders[id(n)]!

describe('the cap on unconfirmed exposure and a dropped fill', () => {
  it('counts a fill a destination reorg put back in the pool: no other order fills past the cap beside it', async () => {
    const { world, context } = await setUp()
    // $600 filled against an open that is not final: within the $1,000 cap.
    await fill(context, admit(context, 1, 600))
    world.filled.add(id(1))
    expect(order(context, 1).status).toBe('filled')
    expect(unconfirmedExposure(context, 1, id(99))).toBe(BigInt(usd(600)))

    // A reorg of the destination takes the fill's block back; the node puts the fill back in its pool.
    world.filled.delete(id(1))
    world.mined.clear()
    await claim(context, order(context, 1) as FilledOrder) // sees no fill: `fillDropped`
    expect(order(context, 1)).toMatchObject({ status: 'accepted', fillTx: world.sent[0]!.hash })
    await fill(context, order(context, 1) as FillableOrder) // its own fill is pending: it waits for it
    expect(world.sent).toHaveLength(1)
    const counted = unconfirmedExposure(context, 1, id(99))
    console.log(`exposure counted while order 1's fill waits in the pool: $${BigInt(counted) / 10n ** 18n}`)

    // Another $600 order against an open that is not final.
    await fill(context, admit(context, 2, 600))
    const sentFor2 = world.sent.filter((s) => s.orderId === id(2)).length
    console.log(`fills sent for order 2: ${sentFor2}; order 2 is ${order(context, 2).status}`)
    // Safe: order 1's fill can still be mined ($600), so order 2 ($600) waits for its open to be final.
    expect(sentFor2, 'a second $600 fill sent beside a pending $600 fill under a $1,000 cap').toBe(0)
  })

  it('records a fill whose send threw once the node may have taken it: counted, and not sent again while pending', async () => {
    const { world, context } = await setUp()
    const hash = `0x${'ab'.repeat(32)}` as Hex
    // The node took the fill but its answer never came (a time-out; a retry of the same transaction is refused as known).
    context.chains.get(2)!.send = (async (request: { args: [Hex] }, _gas?: bigint, options?: SendOptions) => {
      options?.onSigned?.(hash)
      world.sent.push({ orderId: request.args[0], hash })
      throw new Error('The request took too long to respond.')
    }) as unknown as ChainContext['send']
    await expect(fill(context, admit(context, 1, 600))).rejects.toThrow('too long')
    expect(order(context, 1)).toMatchObject({ status: 'filling', fillTx: hash })
    expect(unconfirmedExposure(context, 1, id(99))).toBe(BigInt(usd(600)))
    // The next round finds it in the node's pool and waits for it.
    await fill(context, order(context, 1) as FillableOrder)
    expect(world.sent).toHaveLength(1)
  })
})
