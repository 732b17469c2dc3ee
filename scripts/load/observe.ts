import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { type Network, SERVICE_NAMES, type ServiceName } from '@multi-bridge/services'
import type { LoadChain } from './chains.ts'

/** When each chain's blocks were first seen (wall clock), polled straight from anvil. */
export type BlockClock = {
  firstSeen: (chain: number, block: bigint) => number | undefined
  /** The chain's latest block seen at wall-clock `at`. */
  blockAt: (chain: number, at: number) => bigint | undefined
  stop: () => void
}

export function startBlockClock(chains: LoadChain[], intervalMs = 200): BlockClock {
  const seen = chains.map(() => [] as { block: bigint; at: number }[])
  const poll = async () => {
    await Promise.all(
      chains.map(async (chain, i) => {
        const block = await chain.public.getBlockNumber({ cacheTime: 0 }).catch(() => undefined)
        const list = seen[i] as { block: bigint; at: number }[]
        if (block !== undefined && (list.length === 0 || block > (list.at(-1)?.block ?? -1n))) {
          list.push({ block, at: Date.now() })
        }
      }),
    )
  }
  const timer = setInterval(() => void poll(), intervalMs)
  return {
    firstSeen: (chain, block) => seen[chain]?.find((entry) => entry.block >= block)?.at,
    blockAt: (chain, at) => seen[chain]?.findLast((entry) => entry.at <= at)?.block,
    stop: () => clearInterval(timer),
  }
}

/** kB figures of /proc/<pid>/status: the peak (VmHWM) and the current resident set (VmRSS). */
function memoryOf(pid: number): { hwmKb: number; rssKb: number } | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN)
    return { hwmKb: field('VmHWM'), rssKb: field('VmRSS') }
  } catch {
    return undefined // the process is gone (killed and restarted)
  }
}

/** Each service's peak resident memory over all its processes (a restart starts a new one), polled. */
export type MemoryWatch = { peakKb: () => Record<ServiceName, number>; sample: () => void; stop: () => void }

export function watchMemory(network: Network, intervalMs = 1_000): MemoryWatch {
  const peak = Object.fromEntries(SERVICE_NAMES.map((name) => [name, 0])) as Record<ServiceName, number>
  const sample = () => {
    for (const [name, service] of network.services) {
      const pid = service.child.pid
      const memory = pid === undefined ? undefined : memoryOf(pid)
      if (memory && Number.isFinite(memory.hwmKb)) peak[name] = Math.max(peak[name] ?? 0, memory.hwmKb)
    }
  }
  const timer = setInterval(sample, intervalMs)
  return { peakKb: () => ({ ...peak }), sample, stop: () => clearInterval(timer) }
}

/**
 * Sizes of the services' databases (their SQLite files, the attesters' in their folders), in bytes. The write-ahead
 * logs beside them are not counted: a log of the last writes (cursor moves every block), folded into the file and cut
 * back at each checkpoint, not state.
 */
export function stateSizes(dataDir: string): Record<string, number> {
  const sizes: Record<string, number> = {}
  for (const entry of readdirSync(dataDir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.sqlite')) continue
    const path = join(entry.parentPath, entry.name)
    sizes[relative(dataDir, path)] = statSync(path).size
  }
  return sizes
}

export const sum = (values: Iterable<number>) => [...values].reduce((total, value) => total + value, 0)

/** The value at quantile `q` (0–1) of `values`, nearest rank; NaN when empty. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] as number
}

/**
 * The databases' sizes once the services pruned what settled: read until they stop shrinking, for at most three
 * retention windows (a service looks every window; the attester first asks each origin that the item is settled).
 */
export async function prunedSizes(
  dataDir: string,
  settled: Record<string, number>,
  retentionSeconds: number,
): Promise<Record<string, number>> {
  // A record settled just now is due a window later, and looked at within the window after that.
  const interval = Math.max(1_000, Math.min(retentionSeconds * 1000, 10 * 60_000))
  await new Promise((resolve) => setTimeout(resolve, retentionSeconds * 1000 + interval + 5_000))
  const giveUp = Date.now() + 2 * interval + 30_000
  let last = sum(Object.values(settled))
  let sizes = stateSizes(dataDir)
  let steady = 0
  while (Date.now() < giveUp && steady < 3) {
    await new Promise((resolve) => setTimeout(resolve, Math.min(retentionSeconds * 1000, 30_000)))
    sizes = stateSizes(dataDir)
    const total = sum(Object.values(sizes))
    steady = total < last ? 0 : steady + 1
    last = total
  }
  return sizes
}
