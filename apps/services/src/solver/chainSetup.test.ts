import type { ManifestChain } from '@multi-bridge/core'
import { type Address, maxUint256 } from 'viem'
import { describe, expect, it } from 'vitest'
import type { ChainContext } from '../shared/context.ts'
import { createFailureTracker } from '../shared/failures.ts'
import { HttpError } from '../shared/http.ts'
import { type LogLine, recordingLogger } from '../shared/recordingLogger.ts'
import { isChainReady, requireReady, SETUP_RETRY_MS, setUpChains } from './chainSetup.ts'

// The solver's setup of each chain (its approvals, its refund delay), over fake chains whose reads answer or fail as
// the test says. Nothing here starts a service or a chain.

const SOLVER: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const SETTLER: Address = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const TOKEN: Address = '0x8ba1f109551bD432803012645Ac136ddd64DBA72'

const config = (id: number) =>
  ({
    id,
    name: `Local ${id}`,
    contracts: { intentOriginSettler: SETTLER, intentDestinationSettler: SETTLER },
    tokens: [{ kind: 'usdc', symbol: 'USDC', address: TOKEN }],
  }) as unknown as ManifestChain

/** A chain whose reads fail while `down()` says so; every token already approved. */
function fakeChain(id: number, down: () => boolean): ChainContext {
  return {
    config: config(id),
    publicClient: {
      readContract: async ({ functionName }: { functionName: string }) => {
        if (down()) throw new Error('fetch failed')
        if (functionName === 'allowance') return maxUint256
        if (functionName === 'minRefundDelay') return 3_600
        throw new Error(`unexpected read ${functionName}`)
      },
    },
  } as unknown as ChainContext
}

function setUp(down: Record<number, boolean>) {
  const lines: LogLine[] = []
  const log = recordingLogger(lines)
  const context = {
    chains: new Map([1, 2].map((id) => [id, fakeChain(id, () => down[id] === true)])),
    solver: SOLVER,
    log,
    failures: createFailureTracker(log),
    setUp: { approved: new Set<number>(), minRefundDelays: new Map<number, number>() },
  }
  return { context, lines }
}

describe('the solver set up on each chain', () => {
  it('sets up the chains that answer at once, and one that does not once it answers, each on its own', async () => {
    const down: Record<number, boolean> = { 2: true }
    const { context } = setUp(down)
    const controller = new AbortController()
    const setup = setUpChains(context, controller.signal)
    await setup.triedOnce
    expect(isChainReady(context, config(1))).toBe(true)
    expect(context.setUp.minRefundDelays.get(1)).toBe(3_600)
    expect(isChainReady(context, config(2))).toBe(false)
    down[2] = false
    await new Promise((resolve) => setTimeout(resolve, SETUP_RETRY_MS + 500))
    expect(isChainReady(context, config(2))).toBe(true)
    controller.abort()
    await Promise.all(setup.loops)
  })

  it('refuses a route with an end not set up yet, with a 503 naming that chain', () => {
    const { context } = setUp({})
    context.setUp.approved.add(1)
    context.setUp.minRefundDelays.set(1, 3_600)
    expect(() => requireReady(context, [config(1)])).not.toThrow()
    let refusal: unknown
    try {
      requireReady(context, [config(1), config(2)])
    } catch (error) {
      refusal = error
    }
    expect(refusal).toBeInstanceOf(HttpError)
    expect(refusal).toMatchObject({ status: 503, code: 'CHAIN_UNAVAILABLE', fields: { chainId: 2 } })
    // Approved but its refund delay unread: quotes from it would not know how late `expires` must be.
    context.setUp.approved.add(2)
    expect(isChainReady(context, config(2))).toBe(false)
  })

  it('stops trying when the service stops', async () => {
    const { context } = setUp({ 1: true, 2: true })
    const controller = new AbortController()
    const setup = setUpChains(context, controller.signal)
    await setup.triedOnce
    controller.abort()
    await Promise.all(setup.loops)
    expect(context.setUp.approved.size).toBe(0)
  })
})
