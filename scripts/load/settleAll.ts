import type { LoadChain } from './chains.ts'
import type { Outcomes } from './figures.ts'
import type { LoadNetwork } from './network.ts'
import { stateSizes } from './observe.ts'
import type { Hostility, LoadItem } from './orders.ts'
import { advanceTime, collectLogs, refundOpen, type Settlement, settlements } from './settle.ts'

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export type SettleAllReturnType = {
  outcomes: Outcomes
  hostile: Record<Hostility, { delivered: number; refunded: number; neither: number }>
  stateAfter: Record<string, number>
}

/**
 * Passes every fill and release deadline (the chains' clocks, as the services' tests move them), lets the
 * attester refuse what was not delivered and refunds it with that refusal, waits for the solver's claims and
 * the relayer's finalizes; what is still open after that is refunded through the escape hatch after `expires`
 * (counted: with a live attester, there should be none). Then reads every item's outcome from the chains.
 */
export async function settleAll(
  network: LoadNetwork,
  chains: LoadChain[],
  items: LoadItem[],
  log: (message: string) => void,
): Promise<SettleAllReturnType> {
  const attesters = network.manifest.services.attesters!
  await collectLogs(chains, items)
  await advanceTime(chains, 400)
  const giveUp = Date.now() + 300_000
  let undecided: LoadItem[] = []
  for (;;) {
    const deliveries = await collectLogs(chains, items)
    const opened = items.filter((item) => item.id)
    const undelivered = opened.filter((item) => !deliveries.has(item.id as never))
    await refundOpen(attesters, chains, undelivered, false)
    const states = await settlements(chains, opened)
    // Not final yet: refused but not refunded, or delivered and not yet claimed or finalized.
    undecided = opened.filter((item) => states.get(item) === 'open')
    if (undecided.length === 0 || Date.now() > giveUp) break
    log(`${undecided.length} items not settled yet on their origin`)
    await pause(5_000)
  }
  let refundedUnattested = 0
  if (undecided.length > 0) {
    const deliveries = await collectLogs(chains, items)
    const stuck = undecided.filter((item) => !deliveries.has(item.id as never))
    log(`${stuck.length} undelivered items the attester did not refuse: refunding them after \`expires\``)
    await advanceTime(chains, 3_700)
    refundedUnattested = await refundOpen(attesters, chains, stuck, true)
  }
  await pause(5_000)
  const deliveries = await collectLogs(chains, items)
  const opened = items.filter((item) => item.id)
  const states = await settlements(chains, opened)
  return {
    outcomes: outcomesOf(items, opened, deliveries, states, refundedUnattested),
    hostile: hostileOutcomes(opened, deliveries, states),
    stateAfter: stateSizes(network.dataDir),
  }
}

function outcomesOf(
  items: LoadItem[],
  opened: LoadItem[],
  deliveries: Map<string, bigint[]>,
  states: Map<LoadItem, Settlement>,
  refundedUnattested: number,
): Outcomes {
  const delivered = (item: LoadItem) => (deliveries.get(item.id as string)?.length ?? 0) > 0
  const refunded = (item: LoadItem) => states.get(item) === 'refunded'
  return {
    opened: opened.length,
    notOpened: items.length - opened.length,
    delivered: opened.filter((item) => delivered(item) && !refunded(item)).length,
    refunded: opened.filter((item) => refunded(item) && !delivered(item)).length,
    both: opened.filter((item) => delivered(item) && refunded(item)).length,
    neither: opened.filter((item) => !delivered(item) && !refunded(item)).length,
    deliveredTwice: opened.filter((item) => (deliveries.get(item.id as string)?.length ?? 0) > 1).length,
    deliveredUnsettled: opened.filter((item) => delivered(item) && states.get(item) === 'open').length,
    refundedUnattested,
  }
}

function hostileOutcomes(
  opened: LoadItem[],
  deliveries: Map<string, bigint[]>,
  states: Map<LoadItem, Settlement>,
): SettleAllReturnType['hostile'] {
  const result = {} as SettleAllReturnType['hostile']
  for (const item of opened) {
    if (!item.hostile) continue
    const entry = result[item.hostile] ?? { delivered: 0, refunded: 0, neither: 0 }
    result[item.hostile] = entry
    if (deliveries.has(item.id as string)) entry.delivered++
    else if (states.get(item) === 'refunded') entry.refunded++
    else entry.neither++
  }
  return result
}
