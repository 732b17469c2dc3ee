/**
 * `npm run load` (issue #30, point 4): a fresh local network as `npm start` runs it takes LOAD_ORDERS intent
 * orders and pool transfers (1,000 by default) over the three chains, LOAD_RATE a second (20) in one burst
 * each second, from many funded accounts, a tenth of them hostile; an attester is killed and restarted and
 * one chain's RPC is cut off from the services for 15 s meanwhile. Then every deadline is passed, what was not
 * delivered is refunded, and each item must be delivered or refunded, never both, never neither. Prints each
 * figure beside its budget, writes scripts/load/results.json, exits 1 when a budget is missed. See docs/load.md.
 */
import { writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { createRandom } from '@multi-bridge/devnet'
import { loadPricing } from '@multi-bridge/services'
import type { Account } from 'viem'
import { finish, printTable } from '../../bench/report.ts'
import { fundAccounts, type LoadChain, loadChains } from './chains.ts'
import {
  type Checkpoint,
  type Fault,
  fillBlocksOf,
  fillStats,
  judge,
  latencyP95,
  readableMs,
  touchedByFault,
} from './figures.ts'
import { gaslessLosses } from './gasless.ts'
import { type LatencySample, measureDecision } from './latency.ts'
import { type LoadNetwork, startLoadNetwork } from './network.ts'
import {
  type BlockClock,
  type MemoryWatch,
  prunedSizes,
  startBlockClock,
  stateSizes,
  sum,
  watchMemory,
} from './observe.ts'
import { checkpointsOf, type LoadOptions, loadOptions } from './options.ts'
import { type LoadItem, type PlaceContext, placeItem, planItem } from './orders.ts'
import { awaitDeliveries, collectLogs } from './settle.ts'
import { settleAll } from './settleAll.ts'

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const log = (message: string) => console.log(`[load ${new Date().toISOString().slice(11, 19)}] ${message}`)

type Run = {
  options: LoadOptions
  network: LoadNetwork
  chains: LoadChain[]
  accounts: Account[]
  clock: BlockClock
  memory: MemoryWatch
  place: PlaceContext
  items: LoadItem[]
  pending: Promise<unknown>[]
  samples: LatencySample[]
  started: number
  rpcAtStart: number
  /** When each fault began and ended (wall clock), to tell its effect from the steady state's. */
  faults: Fault[]
}

/** The attesters the solver and the relayer ask, and how many must answer: the manifest's `services.attesters`. */
const attesterUrls = (run: Run) =>
  run.network.manifest.services.attesters?.urls ?? [`http://127.0.0.1:${run.network.ports['attester-1']}`]
const attesterThreshold = (run: Run) => run.network.manifest.services.attesters?.threshold ?? 1

/** Kills one attester (as a crash would), starts it again 5 s later; cuts one chain off from the services. */
function disrupt(run: Run, what: 'attester' | 'rpc'): void {
  const task = async () => {
    const fault: Fault = { kind: what, from: Date.now(), to: Number.NaN }
    run.faults.push(fault)
    if (what === 'attester') {
      // One of the three: the other two still make every attestation.
      log('killing attester-1')
      await run.network.services.get('attester-1')?.stop('SIGKILL')
      await pause(5_000)
      await run.network.startService('attester-1')
      log('attester-1 restarted')
    } else {
      const chain = run.chains[1] as LoadChain
      log(`cutting ${chain.config.name}'s RPC off from the services for ${run.options.cutSeconds} s`)
      run.network.proxies[1]?.down()
      await pause(run.options.cutSeconds * 1000)
      run.network.proxies[1]?.up()
      log(`${chain.config.name}'s RPC is back`)
    }
    fault.to = Date.now()
  }
  run.pending.push(task())
}

/** Sends items `from`..`to` - 1 in bursts of LOAD_RATE a second; an account sends one transaction at a time. */
async function sendItems(run: Run, from: number, to: number, disruptions: Map<number, 'attester' | 'rpc'>) {
  const free = [...run.accounts]
  const phase: Promise<void>[] = []
  const began = Date.now()
  const random = run.place.random
  for (let n = from; n < to; ) {
    const burstStart = Date.now()
    const burst = Math.min(Math.round(run.options.rate), to - n)
    for (let k = 0; k < burst; k++, n++) {
      const disruption = disruptions.get(n)
      if (disruption) disrupt(run, disruption)
      while (free.length === 0) await pause(20)
      const account = free.shift() as Account
      const item: LoadItem = {
        ...planItem(random, run.chains, n, {
          hostile: run.options.hostile,
          gasless: run.options.gaslessHostile,
        }),
        account,
        sentAt: Date.now(),
      }
      run.items.push(item)
      const placed = placeItem(run.place, item).then(() => {
        free.push(account)
        if (!item.hostile && item.n % run.options.latencySample === 0) {
          run.pending.push(
            measureDecision(attesterUrls(run), attesterThreshold(run), run.clock, item).then((sample) => {
              if (sample) run.samples.push(sample)
            }),
          )
        }
      })
      run.pending.push(placed)
      phase.push(placed)
    }
    if (n < to) await pause(Math.max(0, 1000 - (Date.now() - burstStart)))
  }
  // The phase's sending took until its last transaction was handed to its chain, and no less than its schedule.
  await Promise.all(phase)
  return Math.max((Date.now() - began) / 1000, (to - from) / run.options.rate)
}

/** A sampled item's attester decision time, and the part of it while its chains could be read (figures.ts). */
function attesterFigures(run: Run, item: LoadItem) {
  const sample = run.samples.find((candidate) => candidate.n === item.n)
  return sample ? { attesterMs: sample.ms, attesterReadableMs: readableMs(run.faults, item, sample) } : {}
}

async function checkpoint(run: Run, orders: number): Promise<Checkpoint> {
  log(`${orders} sent; waiting for their deliveries`)
  const waiting = await awaitDeliveries(run.chains, run.items, 180_000)
  await Promise.allSettled(run.pending)
  await collectLogs(run.chains, run.items)
  run.memory.sample()
  const rpcCalls = run.network.rpcCalls() - run.rpcAtStart
  const stateBytes = stateSizes(run.network.dataDir)
  const result: Checkpoint = {
    orders,
    seconds: (Date.now() - run.started) / 1000,
    rpcCalls,
    rpcPerOrder: rpcCalls / orders,
    peakKb: run.memory.peakKb(),
    stateBytes,
    stateBytesPerOrder: sum(Object.values(stateBytes)) / orders,
    fillBlocks: fillStats(run.clock, run.items),
    attesterP95Ms: latencyP95(run.samples),
    undelivered: waiting,
  }
  log(`checkpoint ${orders}: ${JSON.stringify({ ...result, stateBytes: undefined })}`)
  return result
}

async function setUp(options: LoadOptions): Promise<Run> {
  log(`starting the local network (seed ${options.seed})…`)
  const network = await startLoadNetwork(options.retentionSeconds)
  const chains = loadChains(network.manifest)
  log(`funding ${options.accounts} accounts on ${chains.length} chains…`)
  const accounts = await fundAccounts(chains, options.accounts)
  return {
    options,
    network,
    chains,
    accounts,
    clock: startBlockClock(chains),
    memory: watchMemory(network),
    place: {
      solverUrl: `http://127.0.0.1:${network.ports.solver}`,
      random: createRandom(options.seed),
      maxUsd: options.maxUsd,
      limits: new Map(),
    },
    items: [],
    pending: [],
    samples: [],
    started: Date.now(),
    rpcAtStart: network.rpcCalls(),
    faults: [],
  }
}

async function main() {
  const options = loadOptions()
  const run = await setUp(options)
  try {
    const marks = checkpointsOf(options.orders)
    const [first, second] = marks as [number, number, number]
    // Both faults fall between the first and the second checkpoint, while orders keep coming.
    const disruptions = new Map<number, 'attester' | 'rpc'>([
      [first + Math.floor((second - first) * 0.2), 'attester'],
      [first + Math.floor((second - first) * 0.5), 'rpc'],
    ])
    const checkpoints: Checkpoint[] = []
    let sendingSeconds = 0
    let sent = 0
    for (const mark of marks) {
      sendingSeconds += await sendItems(run, sent, mark, disruptions)
      sent = mark
      checkpoints.push(await checkpoint(run, mark))
    }
    log('passing every deadline, refunding what was not delivered…')
    const settled = await settleAll(run.network, run.chains, run.items, log)
    log(`waiting for the services to prune what settled (retention ${options.retentionSeconds} s)…`)
    const statePruned = await prunedSizes(run.network.dataDir, settled.stateAfter, options.retentionSeconds)
    // By now every cancelled gasless order's fill deadline is final on its origin: the solver has booked its losses.
    const gasless = gaslessLosses(run.chains, run.items, await collectLogs(run.chains, run.items))
    const figures = judge({
      checkpoints,
      outcomes: settled.outcomes,
      items: run.items,
      samples: run.samples,
      clock: run.clock,
      faults: run.faults,
      rate: { target: options.rate, achieved: options.orders / sendingSeconds },
      stateAfter: settled.stateAfter,
      statePruned,
      waited: run.network.waited,
      gasless: {
        ...gasless,
        capUsd: Number(loadPricing().maxUnopenedUsd),
        alerts: run.network.gaslessAlerts,
      },
    }).map(finish)
    const output = join(import.meta.dirname, 'results.json')
    const results = {
      generated: 'by `npm run load` (scripts/load/run.ts); not edited by hand',
      measuredAt: new Date().toISOString(),
      startedAt: new Date(run.started).toISOString(),
      options,
      figures,
      checkpoints,
      faults: run.faults.map((fault) => ({ ...fault, from: new Date(fault.from), to: new Date(fault.to) })),
      outcomes: settled.outcomes,
      hostile: settled.hostile,
      gasless: { ...gasless, alerts: run.network.gaslessAlerts },
      stateAfterSettling: settled.stateAfter,
      stateAfterPruning: statePruned,
      rpcByMethod: run.network.proxies.map((proxy) => proxy.byMethod()),
      latencySamples: run.samples.length,
      serviceExits: run.network.exits,
      serviceErrors: run.network.errors,
      items: run.items.map((item) => ({
        n: item.n,
        kind: item.kind,
        ...(item.id ? { id: item.id } : {}),
        route: `${item.origin.config.shortName}>${item.destination.config.shortName}`,
        // When the open's block first appeared (ms after the first order): with LOAD_SERVICE_LOG's times, where a fill's
        // time went.
        ...(item.openBlock === undefined
          ? {}
          : {
              openSeenS: ((run.clock.firstSeen(item.origin.index, item.openBlock) ?? run.started) - run.started) / 1000,
            }),
        ...(item.hostile ? { hostile: item.hostile } : {}),
        sentS: (item.sentAt - run.started) / 1000,
        fillBlocks: fillBlocksOf(run.clock, item) ?? null,
        faulted: touchedByFault(run.faults, item),
        ...attesterFigures(run, item),
      })),
      notSent: run.items.filter((item) => item.failed).map((item) => `${item.n}: ${item.failed}`),
    }
    writeFileSync(output, `${JSON.stringify(results, null, 2)}\n`)
    printTable(figures)
    console.log(`\nwritten to ${relative(process.cwd(), output)}`)
    process.exitCode = figures.every((figure) => figure.pass) ? 0 : 1
  } finally {
    run.clock.stop()
    run.memory.stop()
    await run.network.stop()
  }
}

await main()
