import type { Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import type { ChainContext } from './context.ts'
import { createFailureTracker } from './failures.ts'
import { type LogLine, recordingLogger } from './recordingLogger.ts'
import {
  checkSettled,
  createSettledWatch,
  type GoneFound,
  SETTLED_READS_PER_ROUND,
  SETTLED_WATCH_MS,
  type SettledItem,
  watchPeriodMs,
} from './settledWatch.ts'

// One round of the settled items' watch over a fake chain: what it reads, in which order, and what it calls gone.

const NOW = 1_800_000_000_000
const id = (n: number) => `0x${n.toString(16).padStart(64, '0')}` as Hex

function setUp(options: { finalitySeconds?: number } = {}) {
  const world = { head: 100n, gone: new Set<Hex>(), heads: 0, reads: [] as Hex[], failing: false }
  const chain = {
    finalitySeconds: options.finalitySeconds ?? 5,
    finalBlockNumber: async () => {
      world.heads += 1
      if (world.failing) throw new Error('connection refused')
      return world.head
    },
  } as unknown as ChainContext
  const lines: LogLine[] = []
  const found: { id: Hex; found: GoneFound }[] = []
  const failures = createFailureTracker(recordingLogger(lines))
  const round = (items: SettledItem[], watch = createSettledWatch(), now = NOW) =>
    checkSettled({
      chains: new Map([[1, chain]]),
      items,
      watch,
      failures,
      now,
      read: async (_chain, item) => {
        world.reads.push(item.id)
        const gone = world.gone.has(item.id)
        return { settled: !gone, status: gone ? 0 : 2, ...(gone ? {} : { facts: { amount: '7' } }) }
      },
      gone: (item, what) => void found.push({ id: item.id, found: what }),
    })
  return { world, lines, found, round }
}

const item = (n: number, settledAt = NOW - 1_000) => ({ id: id(n), chainId: 1, settledAt })

describe('reading settled items again at the final head', () => {
  it('reads a bounded number a round, the least recently read first, with one head read per chain', async () => {
    const { world, round } = setUp()
    const items = Array.from({ length: 20 }, (_, n) => item(n + 1))
    const watch = createSettledWatch()
    await round(items, watch, NOW)
    expect(world.reads).toHaveLength(SETTLED_READS_PER_ROUND)
    expect(world.heads).toBe(1)
    await round(items, watch, NOW + 5_000)
    await round(items, watch, NOW + 10_000)
    // 24 reads over 20 items: every item once before any twice.
    expect(new Set(world.reads.slice(0, 20)).size).toBe(20)
  })

  it('hands an item gone at the final head to `gone`, with what was read of it while it was there', async () => {
    const { world, found, round } = setUp()
    const watch = createSettledWatch()
    await round([item(1)], watch)
    world.gone.add(id(1))
    world.head = 120n
    await round([item(1)], watch, NOW + 5_000)
    expect(found).toEqual([{ id: id(1), found: { status: 0, finalBlock: 120n, facts: { amount: '7' } } }])
  })

  it('takes a final head at or below one it saw the item settled at for a node behind, not for a reorg', async () => {
    const { world, found, round } = setUp()
    const watch = createSettledWatch()
    await round([item(1)], watch)
    world.gone.add(id(1))
    world.head = 90n // a node behind the one that answered before
    await round([item(1)], watch, NOW + 5_000)
    expect(found).toEqual([])
  })

  it('watches an item for an hour, or ten times its chain’s finality when that is longer', async () => {
    expect(watchPeriodMs({ finalitySeconds: 5 })).toBe(SETTLED_WATCH_MS)
    expect(watchPeriodMs({ finalitySeconds: 64 * 12 })).toBe(10 * 64 * 12 * 1000)
    const { world, round } = setUp()
    await round([item(1, NOW - SETTLED_WATCH_MS), item(2, NOW - SETTLED_WATCH_MS + 1)])
    expect(world.reads).toEqual([id(2)])
  })

  it('tries a chain whose reads fail again next round, and alerts after a run of failures', async () => {
    const { world, lines, round } = setUp()
    world.failing = true
    const watch = createSettledWatch()
    for (let n = 0; n < 10; n++) await round([item(1)], watch, NOW + n * 5_000)
    expect(world.heads).toBe(10)
    expect(lines).toContainEqual(
      expect.objectContaining({ level: 'error', fields: expect.objectContaining({ alert: true, chainId: 1 }) }),
    )
  })
})
