import { SERVICE_NAMES, type ServiceName } from '@multi-bridge/services'
import type { Figure } from '../../bench/report.ts'
import type { GaslessLosses } from './gasless.ts'
import type { LatencySample } from './latency.ts'
import { type BlockClock, quantile, sum } from './observe.ts'
import type { LoadItem } from './orders.ts'

/** The figures taken after a quarter, a half and all of the orders. */
export type Checkpoint = {
  orders: number
  seconds: number
  rpcCalls: number
  rpcPerOrder: number
  peakKb: Record<ServiceName, number>
  stateBytes: Record<string, number>
  stateBytesPerOrder: number
  fillBlocks: { p50: number; p95: number; max: number; count: number }
  attesterP95Ms: number
  undelivered: number
}

/** Destination blocks from an order's open to its fill: the fill's block less the destination's block at the open. */
export function fillBlocksOf(clock: BlockClock, item: LoadItem): number | undefined {
  if (item.openBlock === undefined || item.fillBlock === undefined) return undefined
  const openedAt = clock.firstSeen(item.origin.index, item.openBlock)
  const destinationThen = openedAt === undefined ? undefined : clock.blockAt(item.destination.index, openedAt)
  return destinationThen === undefined ? undefined : Number(item.fillBlock - destinationThen)
}

/** A fault of the run: the attester down, or chain index 1's RPC cut off from the services. */
export type Fault = { kind: 'attester' | 'rpc'; from: number; to: number }

/** Whether the item's origin or destination is the chain the run cuts off from the services (index 1). */
const onCutChain = (item: LoadItem) => item.origin.index === 1 || item.destination.index === 1

/** Sent from 20 s before a fault to its end, and (for the cut) to or from the cut chain: what the fault could delay. */
export const touchedByFault = (faults: Fault[], item: LoadItem) =>
  faults.some(
    (fault) =>
      item.sentAt >= fault.from - 20_000 && item.sentAt <= fault.to && (fault.kind === 'attester' || onCutChain(item)),
  )

/**
 * An attester's decision time while it could read the item's chains: the sample less the part of it during which an
 * item on the cut chain could not be read by anyone (the attesters decide on the chain's state; a decision cannot
 * come before the chain answers). The time the attesters take to see the chain again after the cut still counts, and
 * so does every item on the chains still in sight.
 */
export function readableMs(faults: Fault[], item: LoadItem | undefined, sample: LatencySample): number {
  if (!item || !onCutChain(item)) return sample.ms
  const unreadable = faults
    .filter((fault) => fault.kind === 'rpc')
    .reduce(
      (total, fault) =>
        total + Math.max(0, Math.min(fault.to, sample.answeredAt) - Math.max(fault.from, sample.finalAt)),
      0,
    )
  return sample.ms - unreadable
}

export function fillStats(clock: BlockClock, items: LoadItem[]) {
  const blocks = items
    .filter((item) => item.kind === 'intent' && !item.hostile)
    .map((item) => fillBlocksOf(clock, item))
    .filter((value): value is number => value !== undefined)
  return {
    p50: quantile(blocks, 0.5),
    p95: quantile(blocks, 0.95),
    max: blocks.length ? Math.max(...blocks) : Number.NaN,
    count: blocks.length,
  }
}

export const latencyP95 = (samples: LatencySample[]) =>
  quantile(
    samples.map((sample) => sample.ms),
    0.95,
  )

export type Outcomes = {
  opened: number
  notOpened: number
  delivered: number
  refunded: number
  both: number
  neither: number
  deliveredTwice: number
  deliveredUnsettled: number
  refundedUnattested: number
}

/** "Flat": the figure at the last checkpoint within 20 % of the first. */
const FLAT = 1.2
const growth = (first: number, last: number) => last / first

export type JudgeParameters = {
  checkpoints: Checkpoint[]
  outcomes: Outcomes
  items: LoadItem[]
  samples: LatencySample[]
  clock: BlockClock
  faults: Fault[]
  rate: { target: number; achieved: number }
  /** The databases once everything settled. */
  stateAfter: Record<string, number>
  /** The databases once the services pruned what settled (LOAD_RETENTION_SECONDS after it). */
  statePruned: Record<string, number>
  /** Orders whose fill the solver held back (over its cap on unconfirmed exposure): outside the fill budget's scope. */
  waited: ReadonlySet<string>
  /** The cancelled gasless orders' cost (gasless.ts), the solver's cap on unopened orders, and its alerts of them. */
  gasless: GaslessLosses & { capUsd: number; alerts: { orderId: string; lostInWindowUsd: number }[] }
}

export function judge({
  checkpoints,
  outcomes,
  items,
  samples,
  clock,
  faults,
  rate,
  stateAfter,
  statePruned,
  waited,
  gasless,
}: JudgeParameters): Figure[] {
  const calm = items.filter((item) => !touchedByFault(faults, item))
  const calmFill = fillStats(clock, calm)
  // The budget is for orders below the solver's limit: those it may fill at once, not those it holds for finality.
  const underLimit = items.filter((item) => !(item.id && waited.has(item.id.toLowerCase())))
  const limitFill = fillStats(clock, underLimit)
  const calmLimitFill = fillStats(
    clock,
    underLimit.filter((item) => !touchedByFault(faults, item)),
  )
  const calmLatency = latencyP95(samples.filter((sample) => calm.some((item) => item.n === sample.n)))
  const byN = new Map(items.map((item) => [item.n, item]))
  const readable = quantile(
    samples.map((sample) => readableMs(faults, byN.get(sample.n), sample)),
    0.95,
  )
  const first = checkpoints[0] as Checkpoint
  const last = checkpoints.at(-1) as Checkpoint
  const along = (pick: (c: Checkpoint) => number, digits = 1) =>
    checkpoints.map((c) => `${c.orders}: ${pick(c).toFixed(digits)}`).join(', ')
  // Every service, the three attesters each: they run one program, but not one load (attester-1 is the one the run
  // kills and restarts).
  const memoryFigures: Figure[] = SERVICE_NAMES.map((name) => ({
    id: `memory-${name}`,
    label: `${name} peak RSS, ${last.orders} vs ${first.orders} orders`,
    value: growth(first.peakKb[name] ?? 0, last.peakKb[name] ?? 0),
    unit: '×',
    budget: FLAT,
    note: `MB at ${along((c) => (c.peakKb[name] ?? 0) / 1024, 0)}`,
  }))
  const alerted = new Set(gasless.alerts.map((alert) => alert.orderId.toLowerCase()))
  return [
    {
      id: 'lost',
      label: 'Neither delivered nor refunded after the deadlines',
      value: outcomes.neither,
      unit: '',
      budget: 0,
    },
    {
      id: 'paidTwice',
      label: 'Delivered and refunded, or delivered twice',
      value: outcomes.both + outcomes.deliveredTwice,
      unit: '',
      budget: 0,
      note: `delivered ${outcomes.delivered}, refunded ${outcomes.refunded} (${outcomes.refundedUnattested} without attestation), of ${outcomes.opened} opened; ${outcomes.notOpened} not opened`,
    },
    {
      id: 'fillP95',
      label: `Open → fill p95, well-formed orders below the solver's limit (${limitFill.count})`,
      value: limitFill.p95,
      unit: 'blocks',
      budget: 2,
      note: `p50 ${limitFill.p50}, max ${limitFill.max}, away from the faults p95 ${calmLimitFill.p95}; all ${last.fillBlocks.count} (${last.fillBlocks.count - limitFill.count} held for finality over the exposure cap): p95 ${last.fillBlocks.p95}, p95 at ${along((c) => c.fillBlocks.p95, 0)}, away from the faults ${calmFill.p95} (${calmFill.count})`,
    },
    {
      id: 'attesterP95',
      label:
        "Attesters' decision p95, from finality to the threshold's answers, while the item's chains could be read (sampled)",
      value: readable / 1000,
      unit: 's',
      budget: 5,
      note: `${samples.length} samples; with the cut chain's outage counted ${(latencyP95(samples) / 1000).toFixed(1)} s (at ${along((c) => c.attesterP95Ms / 1000)}); away from the faults ${(calmLatency / 1000).toFixed(1)} s`,
    },
    {
      id: 'rpcPerOrderGrowth',
      label: `Services' RPC calls per order, ${last.orders} vs ${first.orders}`,
      value: growth(first.rpcPerOrder, last.rpcPerOrder),
      unit: '×',
      budget: FLAT,
      note: `calls per order at ${along((c) => c.rpcPerOrder)}`,
    },
    ...memoryFigures,
    {
      id: 'stateGrowth',
      label: `State bytes per order, ${last.orders} vs ${first.orders}`,
      value: growth(first.stateBytesPerOrder, last.stateBytesPerOrder),
      unit: '×',
      budget: FLAT,
      note: `bytes per order at ${along((c) => c.stateBytesPerOrder, 0)}; total kB at ${along((c) => sum(Object.values(c.stateBytes)) / 1024, 0)}, settled ${(sum(Object.values(stateAfter)) / 1024).toFixed(0)}`,
    },
    {
      id: 'statePruned',
      label: 'Databases after pruning, vs once settled',
      value: sum(Object.values(statePruned)) / Math.max(1, sum(Object.values(stateAfter))),
      unit: '×',
      budget: 0.5,
      note: `kB settled ${(sum(Object.values(stateAfter)) / 1024).toFixed(0)}, after pruning ${(sum(Object.values(statePruned)) / 1024).toFixed(0)}`,
    },
    {
      id: 'gaslessLost',
      label: 'Gasless orders filled whose signer cancelled the open: USD lost on one origin, over the run',
      value: gasless.mostUsd,
      unit: 'USD',
      budget: gasless.capUsd,
      note: `the solver's maxUnopenedUsd; ${gasless.attempts} rounds from fresh signers: ${gasless.opened} opened anyway, ${gasless.lost} filled without an open (${Object.entries(
        gasless.usdByOrigin,
      )
        .map(([chain, usd]) => `${chain} ${usd.toFixed(2)}`)
        .join(', ')} USD)`,
    },
    {
      id: 'gaslessUnalerted',
      label: 'Gasless losses the solver did not alert',
      value: gasless.lostIds.filter((id) => !alerted.has(id)).length,
      unit: '',
      budget: 0,
      note: `${gasless.alerts.length} alerts; the largest sum they named lost within the window: ${Math.max(0, ...gasless.alerts.map((alert) => alert.lostInWindowUsd)).toFixed(2)} USD`,
    },
    {
      id: 'rate',
      label: 'Orders sent per second',
      value: rate.achieved,
      unit: '/s',
      budget: rate.target * 0.9,
      higherIsBetter: true,
      note: `asked ${rate.target}/s`,
    },
  ]
}
