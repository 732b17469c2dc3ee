import type { Hex } from 'viem'
import type { ChainContext } from '../shared/context.ts'
import { createReadPool, type ReadPool } from '../shared/readPool.ts'
import { SETTLEMENT_READERS, type SettledKind, type Settlement } from './settlement.ts'

/** Where an id the attester does not hold settled: on which origin, and how. */
export type SettledOnChain = { settlement: Settlement; originChainId: number }

/**
 * How the id of `kind` settled on one of the chains, if it has: what the attester answers for an id it no longer
 * holds (pruned) or never held.
 */
export type SettledLookup = (kind: SettledKind, id: Hex) => Promise<SettledOnChain | undefined>

export type SettledLookupParameters = {
  chains: ReadonlyMap<number, ChainContext>
  /** Each chain's reads in flight, and each read's deadline (the attester's `DecisionLimits`). */
  limits: { readsPerChain: number; readTimeoutMs: number }
  /** Ids remembered, settled or not; past it the least recently asked is forgotten. */
  maxEntries?: number
  /**
   * How long "settled nowhere" holds for an id before the chains are asked again: default the slowest chain's block
   * time (at least a second). A settlement is final, and held until forgotten.
   */
  notSettledMs?: number
  now?: () => number
}

export const DEFAULT_SETTLED_ENTRIES = 10_000

type Entry = { answer: Promise<SettledOnChain | undefined>; until: number }

/**
 * Answers each id from the chains once, then from memory: a flood of asks for ids the attester does not hold (the
 * same one, or random ones) reads each chain at most once per id and per `notSettledMs`, and never more than
 * `readsPerChain` at a time. The reads have their own pool per chain, apart from the decisions' pools, so asks
 * never take the slots decisions need; a chain whose slots are all held is not asked (as when its read fails), and
 * that answer is not kept.
 */
export function createSettledLookup(parameters: SettledLookupParameters): SettledLookup {
  const { chains, limits } = parameters
  const maxEntries = parameters.maxEntries ?? DEFAULT_SETTLED_ENTRIES
  const slowestBlockMs = Math.max(0, ...[...chains.values()].map((chain) => chain.config.blockTime * 1000))
  const notSettledMs = parameters.notSettledMs ?? Math.max(1_000, slowestBlockMs)
  const now = parameters.now ?? Date.now
  const pools = new Map<number, ReadPool>([...chains.keys()].map((id) => [id, createReadPool(limits.readsPerChain)]))
  const entries = new Map<string, Entry>()

  /** The answer, and whether every chain was asked (a chain whose slots are all held is not). */
  async function readChains(kind: SettledKind, id: Hex): Promise<{ found?: SettledOnChain; askedAll: boolean }> {
    const read = SETTLEMENT_READERS[kind]
    let askedAll = true
    for (const origin of chains.values()) {
      const pool = pools.get(origin.config.id)
      if (!pool || pool.free === 0) {
        askedAll = false
        continue
      }
      const settlement = await pool.run(() => read(origin, id), limits.readTimeoutMs).catch(() => undefined)
      if (settlement) return { found: { settlement, originChainId: origin.config.id }, askedAll }
    }
    return { askedAll }
  }

  return (kind, id) => {
    const key = `${kind}:${id}`
    const held = entries.get(key)
    entries.delete(key)
    if (held && held.until > now()) {
      entries.set(key, held) // the most recently asked goes last, forgotten last
      return held.answer
    }
    // Asked while the chains are read: every ask shares that one read.
    const reading = readChains(kind, id)
    const entry: Entry = { answer: reading.then(({ found }) => found), until: Number.POSITIVE_INFINITY }
    void reading.then(({ found, askedAll }) => {
      // Not asked everywhere (reads on a chain all busy): the next ask asks again.
      if (!found) entry.until = askedAll ? now() + notSettledMs : 0
    })
    entries.set(key, entry)
    for (const oldest of entries.keys()) {
      if (entries.size <= maxEntries) break
      entries.delete(oldest)
    }
    return entry.answer
  }
}
