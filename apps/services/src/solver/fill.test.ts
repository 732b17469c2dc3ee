import { dirname } from 'node:path'
import { intentOriginSettlerStatus } from '@multi-bridge/contracts'
import { computeIntentOrderId, encodeIntentOriginData } from '@multi-bridge/core'
import { type Address, type Hex, TransactionNotFoundError, TransactionReceiptNotFoundError } from 'viem'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { ChainContext } from '../shared/context.ts'
import { admitOrder } from './admit.ts'
import { claim, type FilledOrder } from './claim.ts'
import type { SolverContext } from './context.ts'
import { type FillableOrder, fill, unconfirmedExposure } from './fill.ts'
import { PREPARED_FOR_MS, prepareFill } from './fillReads.ts'
import { acceptedOrder, type SolverOrder } from './order.ts'
import { DEFAULT_PRICING } from './pricing.ts'
import { openSolverStore } from './state.ts'
import { fakeSolverContext } from './testContext.ts'

// The fill operation run on its own, over a context of plain objects: two chains whose reads are functions of
// what the test says the chain holds. Nothing here starts a service or a chain.

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

/** What the fake chains hold, changed by each test. */
type World = {
  filledBy?: Address
  escrowStatus: number
  paused: boolean
  finalEscrowStatus: number
  sent: Hex[]
  /** Every read made of the chains, by function name. */
  reads: string[]
  /** The solver's own `openFor` of a gasless order: in the node's pool, mined (and how), or gone. */
  openTx?: 'pending' | 'success' | 'reverted' | 'dropped'
}

function fakeChain(world: World, id: number): ChainContext {
  const config = {
    id,
    name: `Chain ${id}`,
    blockTime: 1,
    contracts: { intentOriginSettler: TOKEN, intentDestinationSettler: TOKEN },
  }
  const read = async ({ functionName, blockNumber }: { functionName: string; blockNumber?: bigint }) => {
    world.reads.push(functionName)
    if (functionName === 'fills') return [world.filledBy ?? USER, world.filledBy ? NOW : 0]
    if (functionName === 'settlementPaused') return world.paused
    const status = blockNumber === undefined ? world.escrowStatus : world.finalEscrowStatus
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
        if (world.openTx === 'success' || world.openTx === 'reverted') return { status: world.openTx }
        throw new TransactionReceiptNotFoundError({ hash })
      },
      getTransaction: async ({ hash }: { hash: Hex }) => {
        if (world.openTx === 'dropped') throw new TransactionNotFoundError({ hash })
        return { hash, blockNumber: null }
      },
    },
    send: async () => {
      const hash = `0x${String(world.sent.length + 1).padStart(64, 'f')}` as Hex
      world.sent.push(hash)
      return hash
    },
    finalBlockNumber: async () => 5n,
    finalHead: async () => ({ number: 5n, timestamp: NOW }),
    finalitySeconds: 2,
    waitForReceipt: async () => ({ status: 'success', blockNumber: 9n }),
  } as unknown as ChainContext
}

async function setUp(world: Partial<World> = {}) {
  const state: World = {
    escrowStatus: intentOriginSettlerStatus.Open,
    finalEscrowStatus: intentOriginSettlerStatus.Open,
    paused: false,
    sent: [],
    reads: [],
    ...world,
  }
  const context = await fakeSolverContext({
    solver: SOLVER,
    chains: new Map([
      [1, fakeChain(state, 1)],
      [2, fakeChain(state, 2)],
    ]),
    storePrefix: 'solver-fill-',
  })
  return { state, context }
}

const OPEN_TX = `0x${'0e'.repeat(32)}` as Hex

function admit(
  context: SolverContext,
  n: number,
  overrides: { fillDeadline?: number; outputUsd?: string; openTx?: Hex; openedFor?: Address } = {},
) {
  const order = acceptedOrder(
    { orderId: id(n), originChainId: 1, openBlock: '1', openSeenAt: 1 },
    {
      destinationChainId: 2,
      inputToken: TOKEN,
      inputAmount: '1000000',
      outputToken: TOKEN,
      outputAmount: '990000',
      recipient: USER,
      fillDeadline: overrides.fillDeadline ?? NOW + 600,
      expires: NOW + 4_200,
      outputUsd: overrides.outputUsd ?? '990000000000000000',
    },
    '0xabcd',
    overrides.openTx
      ? { openTx: overrides.openTx, ...(overrides.openedFor ? { openedFor: overrides.openedFor } : {}) }
      : undefined,
  )
  context.store.update((s) => {
    s.orders[order.orderId] = order
  })
  return order as FillableOrder
}

const stored = (context: SolverContext, n: number) => context.store.value.orders[id(n)] as SolverOrder

describe('fill, on its own', () => {
  it('fills an accepted order whose open is final, and records the fill', async () => {
    const { state, context } = await setUp()
    await fill(context, admit(context, 1))
    expect(state.sent).toHaveLength(1)
    expect(stored(context, 1)).toMatchObject({ status: 'filled', openFinal: true, fillTx: state.sent[0] })
  })

  it('pays nothing for an escrow refunded (or taken back) since admission: declined', async () => {
    const { state, context } = await setUp({ escrowStatus: intentOriginSettlerStatus.Refunded })
    await fill(context, admit(context, 1))
    expect(state.sent).toEqual([])
    expect(stored(context, 1)).toMatchObject({
      status: 'declined',
      reason: 'the escrow is no longer open on the origin chain',
    })
  })

  it('waits while the guardian holds claims, sending nothing', async () => {
    const { state, context } = await setUp({ paused: true })
    await fill(context, admit(context, 1))
    expect(state.sent).toEqual([])
    expect(stored(context, 1)).toMatchObject({ status: 'accepted', reason: 'claims are paused on the origin chain' })
  })

  it('waits, sending nothing, while the solver is not set up on the destination (its approvals), and fills once it is', async () => {
    const { state, context } = await setUp()
    context.setUp.approved.delete(2)
    await fill(context, admit(context, 1))
    expect(state.sent).toEqual([])
    expect(stored(context, 1)).toMatchObject({
      status: 'accepted',
      reason: 'waiting for the solver to be set up on the destination chain',
    })
    context.setUp.approved.add(2)
    await fill(context, stored(context, 1) as FillableOrder)
    expect(state.sent).toHaveLength(1)
  })

  it('records someone else’s fill as theirs, never sending its own', async () => {
    const { state, context } = await setUp({ filledBy: USER })
    await fill(context, admit(context, 1))
    expect(state.sent).toEqual([])
    expect(stored(context, 1)?.status).toBe('filled-by-other')
  })

  it('declines a fill too close to its deadline to land and be repaid', async () => {
    const { state, context } = await setUp()
    await fill(context, admit(context, 1, { fillDeadline: NOW + 1 }))
    expect(state.sent).toEqual([])
    expect(stored(context, 1)).toMatchObject({ status: 'declined', reason: 'fill deadline too close' })
  })

  it('fills opens that are not final only up to the cap, and holds the rest until they are', async () => {
    const { state, context } = await setUp({ finalEscrowStatus: intentOriginSettlerStatus.None })
    const cap = BigInt(DEFAULT_PRICING.maxUnconfirmedUsd) * 10n ** 18n
    const half = (cap / 2n + 1n).toString()
    await fill(context, admit(context, 1, { outputUsd: half }))
    expect(stored(context, 1)?.status).toBe('filled')
    expect(unconfirmedExposure(context, 1, id(2))).toBe(BigInt(half))
    await fill(context, admit(context, 2, { outputUsd: half }))
    expect(state.sent).toHaveLength(1)
    expect(stored(context, 2)).toMatchObject({ status: 'accepted', reason: 'waiting for the open to be final' })
    // Concurrent checks cannot all pass the same cap: the held amount counts before the fill is recorded.
    context.locks.exposure.add(id(3))
    admit(context, 3, { outputUsd: '1' })
    expect(unconfirmedExposure(context, 1, id(9))).toBe(BigInt(half) + 1n)
  })
})

describe('fill on the reads admission started', () => {
  const conditions = { now: NOW, destinationBlockTime: 1, marginSeconds: 60 }
  const prepare = (context: SolverContext, order: FillableOrder) => {
    const prepared = prepareFill(context, {
      call: order,
      origin: context.chains.get(1) as ChainContext,
      destination: context.chains.get(2) as ChainContext,
      conditions,
    })
    context.caches.preparedFills.set(order.orderId, prepared)
    return prepared
  }

  it('sends at once on them, reading nothing more, and takes them once', async () => {
    const { state, context } = await setUp()
    const order = admit(context, 1)
    await prepare(context, order).plan.reads
    const readBefore = state.reads.length
    await fill(context, order)
    expect(state.sent).toHaveLength(1)
    expect(state.reads.length).toBe(readBefore)
    expect(context.caches.preparedFills.size).toBe(0)
  })

  it('never pays on reads older than PREPARED_FOR_MS: it reads again, and waits while claims are paused now', async () => {
    const { state, context } = await setUp()
    const order = admit(context, 1)
    const prepared = prepare(context, order)
    await prepared.plan.reads
    state.paused = true
    prepared.at = Date.now() - PREPARED_FOR_MS - 1
    await fill(context, order)
    expect(state.sent).toEqual([])
    expect(stored(context, 1)).toMatchObject({ status: 'accepted', reason: 'claims are paused on the origin chain' })
  })

  it('still decides on what they say: a fill they saw already made is recorded, never sent again', async () => {
    const { state, context } = await setUp({ filledBy: USER })
    const order = admit(context, 1)
    await prepare(context, order).plan.reads
    await fill(context, order)
    expect(state.sent).toEqual([])
    expect(stored(context, 1)?.status).toBe('filled-by-other')
  })
})

describe('fill of a gasless order the solver opened itself, before its open is mined', () => {
  const unopened = { escrowStatus: intentOriginSettlerStatus.None, finalEscrowStatus: intentOriginSettlerStatus.None }

  it('fills while its open waits in the pool, under the cap on unopened orders', async () => {
    const { state, context } = await setUp({ ...unopened, openTx: 'pending' })
    await fill(context, admit(context, 1, { openTx: OPEN_TX }))
    expect(state.sent).toHaveLength(1)
    expect(stored(context, 1)).toMatchObject({ status: 'filled', openTx: OPEN_TX })
    expect(unconfirmedExposure(context, 1, id(9), { unopened: true })).toBe(990_000_000_000_000_000n)
  })

  it('pays nothing when its open failed or left the pool: declined', async () => {
    for (const openTx of ['reverted', 'dropped'] as const) {
      const { state, context } = await setUp({ ...unopened, openTx })
      await fill(context, admit(context, 1, { openTx: OPEN_TX }))
      expect(state.sent, openTx).toEqual([])
      expect(stored(context, 1), openTx).toMatchObject({
        status: 'declined',
        reason: `the open of the gasless order ${openTx === 'reverted' ? 'failed' : 'was dropped'}`,
      })
    }
  })

  it('waits, paying nothing, when its open was mined but the escrow is not read yet', async () => {
    const { state, context } = await setUp({ ...unopened, openTx: 'success' })
    await fill(context, admit(context, 1, { openTx: OPEN_TX }))
    expect(state.sent).toEqual([])
    expect(stored(context, 1)).toMatchObject({ status: 'accepted', reason: 'waiting for the open to be read' })
  })

  it('never fills an order without its own open on an empty escrow (someone else’s order, or one never opened)', async () => {
    const { state, context } = await setUp({ ...unopened, openTx: 'pending' })
    await fill(context, admit(context, 1))
    expect(state.sent).toEqual([])
    expect(stored(context, 1)).toMatchObject({ status: 'declined' })
  })

  it('holds the unopened beyond their own cap until their open is final, whatever room the other cap has', async () => {
    const { state, context } = await setUp({ ...unopened, openTx: 'pending' })
    const cap = BigInt(DEFAULT_PRICING.maxUnopenedUsd) * 10n ** 18n
    expect(cap).toBeLessThan(BigInt(DEFAULT_PRICING.maxUnconfirmedUsd) * 10n ** 18n)
    const half = (cap / 2n + 1n).toString()
    await fill(context, admit(context, 1, { outputUsd: half, openTx: OPEN_TX }))
    await fill(context, admit(context, 2, { outputUsd: half, openTx: OPEN_TX }))
    expect(state.sent).toHaveLength(1)
    expect(stored(context, 2)).toMatchObject({ status: 'accepted', reason: 'waiting for the open to be final' })
    // A plain order (its open mined, not final) still fits under the other cap.
    state.escrowStatus = intentOriginSettlerStatus.Open
    await fill(context, admit(context, 3, { outputUsd: half }))
    expect(state.sent).toHaveLength(2)
  })

  it('ends a filled order whose open never landed as the capped loss once the deadline is final, and never claims', async () => {
    const { state, context } = await setUp({ ...unopened, openTx: 'pending' })
    await fill(context, admit(context, 1, { openTx: OPEN_TX, fillDeadline: NOW + 590 }))
    expect(stored(context, 1)?.status).toBe('filled')
    state.openTx = 'reverted'
    // Before the deadline the open could still come (anyone may send the signed order): nothing is decided.
    await claim(context, stored(context, 1) as FilledOrder)
    expect(stored(context, 1)?.status).toBe('filled')
    const order = stored(context, 1) as FilledOrder
    context.store.update((s) => {
      s.orders[order.orderId] = { ...order, terms: { ...order.terms, fillDeadline: NOW - 1 } }
    })
    await claim(context, stored(context, 1) as FilledOrder)
    expect(stored(context, 1)).toMatchObject({
      status: 'reorged',
      reason: 'the open the solver sent for this gasless order failed after the fill',
    })
    expect(state.sent).toHaveLength(1)
    expect(unconfirmedExposure(context, 1, id(9), { unopened: true })).toBe(0n)
  })
})

describe('gasless losses: the cap on unopened orders bounds the total, not at a time (issue #53.1)', () => {
  const unopened = { escrowStatus: intentOriginSettlerStatus.None, finalEscrowStatus: intentOriginSettlerStatus.None }
  const SIGNER = '0x000000000000000000000000000000000000a11c' as Address
  const OTHER_SIGNER = '0x0000000000000000000000000000000000000b0b' as Address
  const usd = (whole: bigint) => (whole * 10n ** 18n).toString()

  /** The review's round: a gasless order of `whole` USD filled, its open made to fail, the loss booked. */
  async function loseOne(
    context: SolverContext,
    state: Awaited<ReturnType<typeof setUp>>['state'],
    n: number,
    whole: bigint,
    signer: Address,
  ) {
    state.openTx = 'pending'
    await fill(context, admit(context, n, { outputUsd: usd(whole), openTx: OPEN_TX, openedFor: signer }))
    expect(stored(context, n)?.status).toBe('filled')
    state.openTx = 'reverted'
    const order = stored(context, n) as FilledOrder
    context.store.update((s) => {
      s.orders[order.orderId] = { ...order, terms: { ...order.terms, fillDeadline: NOW - 1 } }
    })
    await claim(context, stored(context, n) as FilledOrder)
    expect(stored(context, n)?.status).toBe('reorged')
  }

  it('a loss booked keeps its place under the cap for the window: the next round is not filled before its open', async () => {
    const { state, context } = await setUp({ ...unopened, openTx: 'pending' })
    await loseOne(context, state, 1, 900n, SIGNER)
    // Round two, by a fresh key: 900 more would be 1,800 lost within the window against a 1,000 USD cap.
    state.openTx = 'pending'
    await fill(context, admit(context, 2, { outputUsd: usd(900n), openTx: OPEN_TX, openedFor: OTHER_SIGNER }))
    expect(state.sent).toHaveLength(1)
    expect(stored(context, 2)).toMatchObject({ status: 'accepted', reason: 'waiting for the open to be final' })
    // What is left of the cap still serves others at once.
    await fill(context, admit(context, 3, { outputUsd: usd(50n), openTx: OPEN_TX, openedFor: OTHER_SIGNER }))
    expect(state.sent).toHaveLength(2)
  })

  it('a signer whose open failed after a fill is not filled before the open again, however small', async () => {
    const { state, context } = await setUp({ ...unopened, openTx: 'pending' })
    await loseOne(context, state, 1, 10n, SIGNER)
    state.openTx = 'pending'
    await fill(context, admit(context, 2, { outputUsd: usd(1n), openTx: OPEN_TX, openedFor: SIGNER }))
    expect(state.sent).toHaveLength(1)
    expect(stored(context, 2)).toMatchObject({ status: 'accepted', reason: 'waiting for the open to be final' })
  })

  it('frees the cap once the window has passed, and keeps the loss apart for the record', async () => {
    const { state, context } = await setUp({ ...unopened, openTx: 'pending' })
    await loseOne(context, state, 1, 900n, SIGNER)
    const [key, loss] = Object.entries(context.store.value.gaslessLosses)[0] ?? []
    expect(loss).toMatchObject({ user: SIGNER, outputUsd: usd(900n), originChainId: 1 })
    expect((loss?.until ?? 0) - (loss?.at ?? 0)).toBe(DEFAULT_PRICING.gaslessLossWindowSeconds * 1000)
    context.store.update((s) => {
      if (key && loss) s.gaslessLosses[key] = { ...loss, until: Date.now() - 1 }
    })
    state.openTx = 'pending'
    await fill(context, admit(context, 2, { outputUsd: usd(900n), openTx: OPEN_TX, openedFor: OTHER_SIGNER }))
    expect(state.sent).toHaveLength(2)
  })
})

describe('claim, on its own', () => {
  it('takes a filled order off the cap on unconfirmed exposure once its open is final, before any attestation', async () => {
    const { state, context } = await setUp({ finalEscrowStatus: intentOriginSettlerStatus.None, filledBy: SOLVER })
    await fill(context, admit(context, 1))
    expect(stored(context, 1)).toMatchObject({ status: 'filled' })
    expect(unconfirmedExposure(context, 1, id(9))).toBe(990_000_000_000_000_000n)
    // Not final yet: it still counts.
    await claim(context, stored(context, 1) as FilledOrder)
    expect(unconfirmedExposure(context, 1, id(9))).toBe(990_000_000_000_000_000n)
    state.finalEscrowStatus = intentOriginSettlerStatus.Open
    await claim(context, stored(context, 1) as FilledOrder)
    expect(stored(context, 1)).toMatchObject({ status: 'filled', openFinal: true })
    expect(unconfirmedExposure(context, 1, id(9))).toBe(0n)
  })
})

describe('admit, on its own', () => {
  it('declines an order naming a chain id beyond a safe integer without storing it, so the solver still restarts', async () => {
    const { context } = await setUp()
    const originData = encodeIntentOriginData({
      originChainId: 1n,
      originSettler: TOKEN,
      user: USER,
      nonce: 1n,
      inputToken: TOKEN,
      inputAmount: 1_000_000n,
      outputToken: TOKEN,
      outputAmount: 990_000n,
      gasAmount: 0n,
      destinationChainId: 2n ** 64n,
      destinationSettler: TOKEN,
      recipient: USER,
      fillDeadline: NOW + 600,
      expires: NOW + 4_200,
    })
    const orderId = computeIntentOrderId(originData)
    await admitOrder(context, { origin: context.chains.get(1)!, orderId, originData, blockNumber: 1n })
    expect(context.store.value.orders[orderId]).toMatchObject({
      status: 'declined',
      reason: 'unknown destination chain',
    })
    // The state file, read again at a restart, holds nothing its schema refuses.
    await context.store.flush()
    const again = await openSolverStore({ dataDir: dirname(context.store.database.location) })
    expect(again.value.orders[orderId]?.status).toBe('declined')
  })
})
