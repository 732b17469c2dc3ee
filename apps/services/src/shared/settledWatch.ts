import type { Hex } from 'viem'
import { z } from 'zod'
import type { ChainContext } from './context.ts'
import type { FailureTracker } from './failures.ts'
import { chainId, millis, uintText } from './stateSchema.ts'

/**
 * How long a settled item (a solver's claimed order, a relayer's finalized transfer) is read again at its chain's
 * final head: an hour, or 10 times the chain's finality when that is longer (64 blocks of 12 s, Ethereum's
 * `finalized`, make 2.1 h). The deepest reorgs past a configured depth seen on public chains (Polygon PoS's 157
 * blocks, Feb 2023; the beacon chain's 7 blocks, May 2022) were over within minutes of the blocks they took back; an
 * hour is many times that, and leaves an operator days before `expires` (3 days in production) to act on the alert.
 * A record pruned earlier (`STATE_RETENTION_SECONDS` under the period) is watched until then.
 */
export const SETTLED_WATCH_MS = 60 * 60 * 1000
export const SETTLED_WATCH_FINALITIES = 10
/**
 * Items read per round, all chains together, and a round every 5 s: at most 8 `eth_call`s and one final head per
 * chain a round (about 2 reads a second, beside the pollers' dozens), whatever the backlog. Each round reads the
 * least recently read first, so with k items watched each is read again every ceil(k / 8) × 5 s (the load test's
 * 250 orders: under 3 minutes), and one just settled is read within a round or two.
 */
export const SETTLED_READS_PER_ROUND = 8
export const SETTLED_WATCH_INTERVAL_MS = 5_000

/** A settled item found gone at the final head, alerted once: kept so that it is not alerted again (a restart too). */
export const settlementGoneSchema = z.strictObject({
  chainId,
  /** The escrow's or deposit's status at the final head then (its contract's status enum). */
  status: z.number().int().nonnegative(),
  finalBlock: uintText,
  alertedAt: millis,
})
export type SettlementGone = z.infer<typeof settlementGoneSchema>

/** One settled item: its id, the chain whose state its settlement relied on, and since when it is settled (ms). */
export type SettledItem = { id: Hex; chainId: number; settledAt: number }

/** What a read at the final head found: whether the item is still settled there, its status, facts worth an alert. */
export type SettledRead = { settled: boolean; status: number; facts?: Record<string, string> }

/** What `gone` is told: the status found, at which final block, and the facts last read (amounts, tokens). */
export type GoneFound = { status: number; finalBlock: bigint; facts: Record<string, string> }

/** What one service's watch keeps in memory between rounds (nothing of it must survive a restart). */
export type SettledWatch = {
  /** When each item was last read (ms): the least recently read go first. */
  lastRead: Map<string, number>
  /** The final block each item was last seen settled at: a head at or below it (a node behind) proves nothing. */
  seenSettledAt: Map<string, bigint>
  /** What the last read that found each item settled said of it (a deposit gone for good reads as zeros). */
  facts: Map<string, Record<string, string>>
}

export const createSettledWatch = (): SettledWatch => ({
  lastRead: new Map(),
  seenSettledAt: new Map(),
  facts: new Map(),
})

/** How long an item settled on `chain` is watched (ms). */
export const watchPeriodMs = (chain: Pick<ChainContext, 'finalitySeconds'>) =>
  Math.max(SETTLED_WATCH_MS, SETTLED_WATCH_FINALITIES * chain.finalitySeconds * 1000)

export type CheckSettledParameters<Item extends SettledItem> = {
  chains: ReadonlyMap<number, ChainContext>
  /** The settled items not alerted yet; those past their watch period are left out here. */
  items: Iterable<Item>
  watch: SettledWatch
  failures: FailureTracker
  /** Reads the item at `blockNumber` (the chain's final head). */
  read: (chain: ChainContext, item: Item, blockNumber: bigint) => Promise<SettledRead>
  /** Records the item as alerted and alerts: called once per item found gone. */
  gone: (item: Item, found: GoneFound) => void | Promise<void>
  now?: number
  perRound?: number
}

/**
 * One round: reads at most `perRound` watched items again at their chain's final head (one head read per chain), the
 * least recently read first, and hands each that is no longer settled there to `gone`. A chain whose reads fail is
 * tried again next round (repeated failures alert through `failures`).
 */
export async function checkSettled<Item extends SettledItem>(parameters: CheckSettledParameters<Item>): Promise<void> {
  const { chains, watch, perRound = SETTLED_READS_PER_ROUND } = parameters
  const now = parameters.now ?? Date.now()
  const watched: Item[] = []
  for (const item of parameters.items) {
    const chain = chains.get(item.chainId)
    if (chain && now - item.settledAt < watchPeriodMs(chain)) watched.push(item)
  }
  // What the watch remembers stays as small as what it watches.
  const ids = new Set<string>(watched.map((item) => item.id))
  for (const memo of [watch.lastRead, watch.seenSettledAt, watch.facts]) {
    for (const id of memo.keys()) if (!ids.has(id)) memo.delete(id)
  }
  const lastRead = (item: Item) => watch.lastRead.get(item.id) ?? 0
  watched.sort((x, y) => lastRead(x) - lastRead(y) || y.settledAt - x.settledAt)
  const byChain = new Map<number, Item[]>()
  for (const item of watched.slice(0, perRound)) {
    watch.lastRead.set(item.id, now)
    byChain.set(item.chainId, [...(byChain.get(item.chainId) ?? []), item])
  }
  await Promise.all(
    [...byChain].map(async ([id, items]) => {
      const chain = chains.get(id)!
      const key = `settled-watch:${id}`
      try {
        const head = await chain.finalBlockNumber()
        await Promise.all(items.map((item) => readOne(parameters, chain, item, head)))
        parameters.failures.succeeded(key)
      } catch (error) {
        parameters.failures.failed(key, 'reading settled items again at the final head failed', error, { chainId: id })
      }
    }),
  )
}

async function readOne<Item extends SettledItem>(
  { read, gone, watch }: CheckSettledParameters<Item>,
  chain: ChainContext,
  item: Item,
  head: bigint,
) {
  const found = await read(chain, item, head)
  if (found.settled) {
    const seen = watch.seenSettledAt.get(item.id)
    if (seen === undefined || head > seen) watch.seenSettledAt.set(item.id, head)
    if (found.facts) watch.facts.set(item.id, found.facts)
    return
  }
  const seen = watch.seenSettledAt.get(item.id)
  if (seen !== undefined && head <= seen) return
  await gone(item, { status: found.status, finalBlock: head, facts: { ...watch.facts.get(item.id), ...found.facts } })
}
