import { intentOriginSettlerStatus, poolBridgeStatus } from '@multi-bridge/contracts'
import { describe, expect, it } from 'vitest'
import { createSettledLookup } from './settledLookup.ts'
import { id, ORIGIN, setUp } from './testContext.ts'

// What the attester answers for ids it does not hold: read from the chains once per id, then from memory.

const escrowReads = (reads: string[]) => reads.filter((read) => read.startsWith('escrows@')).length

describe('the settled lookup', () => {
  it('keeps "not settled" for a short while and a settlement for good', async () => {
    const { context, world } = await setUp()
    let clock = 0
    const settled = createSettledLookup({
      chains: context.chains,
      limits: context.limits,
      notSettledMs: 1_000,
      now: () => clock,
    })
    expect(await settled('intents', id(9))).toBeUndefined()
    expect(await settled('intents', id(9))).toBeUndefined()
    expect(escrowReads(world.reads)).toBe(2) // each chain once
    // It settles meanwhile: seen once "not settled" has run out.
    world.escrowStatus = intentOriginSettlerStatus.Claimed
    clock = 999
    expect(await settled('intents', id(9))).toBeUndefined()
    clock = 1_001
    expect(await settled('intents', id(9))).toEqual({ settlement: 'claimed', originChainId: ORIGIN })
    clock = 10_000_000
    expect(await settled('intents', id(9))).toEqual({ settlement: 'claimed', originChainId: ORIGIN })
    expect(escrowReads(world.reads)).toBe(3)
    // Transfers are their own kind: the same id reads the pools' deposits.
    world.depositStatus = poolBridgeStatus.Refunded
    expect(await settled('transfers', id(9))).toEqual({ settlement: 'refunded', originChainId: ORIGIN })
  })

  it('forgets the least recently asked id past its bound', async () => {
    const { context, world } = await setUp()
    const settled = createSettledLookup({ chains: context.chains, limits: context.limits, maxEntries: 2 })
    await settled('intents', id(1))
    await settled('intents', id(2))
    await settled('intents', id(1)) // id(2) is now the least recently asked
    await settled('intents', id(3))
    const before = escrowReads(world.reads)
    await settled('intents', id(1))
    expect(escrowReads(world.reads)).toBe(before)
    await settled('intents', id(2))
    expect(escrowReads(world.reads)).toBe(before + 2)
  })

  it('reads each chain at most its pool size at a time, however many ids are asked', async () => {
    const { context } = await setUp()
    let inFlight = 0
    let most = 0
    let release: () => void = () => undefined
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    for (const chain of context.chains.values()) {
      const readContract = chain.publicClient.readContract
      chain.publicClient.readContract = (async (parameters: never) => {
        inFlight++
        most = Math.max(most, inFlight)
        await gate
        inFlight--
        return readContract(parameters)
      }) as unknown as typeof readContract
    }
    const settled = createSettledLookup({ chains: context.chains, limits: { readsPerChain: 2, readTimeoutMs: 1_000 } })
    const asks = Array.from({ length: 40 }, (_, n) => settled('intents', id(100 + n)))
    release()
    expect(await Promise.all(asks)).toEqual(Array.from({ length: 40 }, () => undefined))
    expect(most).toBeLessThanOrEqual(4) // two chains, two reads each
  })
})
