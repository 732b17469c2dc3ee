import type { ManifestChain } from '@multi-bridge/core'
import { getAbiItem, parseAbi } from 'viem'
import { describe, expect, it } from 'vitest'
import { pollingBlockWatch } from '../shared/blockWatch.ts'
import type { ChainContext } from '../shared/context.ts'
import { HttpError } from '../shared/http.ts'
import { pollLogs } from '../shared/logPoller.ts'
import { recordingLogger } from '../shared/recordingLogger.ts'
import type { ChainWatch } from './context.ts'
import { requireWatched, WATCH_STALE_MS, watchReporter } from './watch.ts'

const chain = (id: number) => ({ id, name: `Local ${id}` }) as ManifestChain
const context = () => ({ watch: new Map<number, ChainWatch>() })

describe('requireWatched', () => {
  it('refuses a route with an end whose last poll failed or went stale, with a 503 naming that chain', () => {
    const solver = context()
    solver.watch.set(1, { readAt: 1_000, read: true })
    solver.watch.set(2, { readAt: 1_000, read: false })
    const refusal = (chains: ManifestChain[], now: number) => {
      try {
        requireWatched(solver, chains, now)
        return undefined
      } catch (error) {
        return error
      }
    }
    expect(refusal([chain(1)], 1_000 + WATCH_STALE_MS)).toBeUndefined()
    // Unknown to the pollers (no origin settler there): the quote's own reads judge it.
    expect(refusal([chain(1), chain(3)], 1_000)).toBeUndefined()
    const failed = refusal([chain(1), chain(2)], 1_000)
    expect(failed).toBeInstanceOf(HttpError)
    expect(failed).toMatchObject({ status: 503, code: 'CHAIN_UNAVAILABLE', fields: { chainId: 2 } })
    expect((failed as Error).message).toContain('Local 2')
    // A poller that neither read nor failed for longer than a hung read's time-outs.
    expect(refusal([chain(1)], 1_001 + WATCH_STALE_MS)).toMatchObject({ fields: { chainId: 1 } })
  })

  it("keeps the last good read's time through failures, and a good read clears them", () => {
    const solver = context()
    let now = 5_000
    const report = watchReporter(solver, 7, () => now)
    report(false)
    expect(solver.watch.get(7)).toEqual({ readAt: 0, read: false })
    now = 6_000
    report(true)
    now = 9_000
    report(false)
    expect(solver.watch.get(7)).toEqual({ readAt: 6_000, read: false })
  })
})

const event = getAbiItem({ abi: parseAbi(['event Ping(uint256 n)']), name: 'Ping' })

/** One poll of a chain whose head and logs answer or fail as told, and what the poller then reported. */
async function onePoll(fail: { head?: boolean; logs?: boolean; onLogs?: boolean }): Promise<boolean[]> {
  const reports: boolean[] = []
  const controller = new AbortController()
  const boom = () => Promise.reject(new Error('connection reset'))
  const fakeChain = {
    config: { id: 1 },
    publicClient: { getLogs: () => (fail.logs ? boom() : Promise.resolve([])) },
    blocks: pollingBlockWatch(),
  } as unknown as ChainContext
  await pollLogs({
    chain: fakeChain,
    address: '0x0000000000000000000000000000000000000001',
    event,
    head: () => (fail.head ? boom() : Promise.resolve(10n)),
    getCursor: () => 5n,
    setCursor: () => undefined,
    onLogs: () => (fail.onLogs ? boom() : Promise.resolve()),
    intervalMs: 0,
    log: recordingLogger([]),
    signal: controller.signal,
    onRead: (read) => {
      reports.push(read)
      controller.abort()
    },
  })
  return reports
}

describe("the Open poller's report", () => {
  it('says read when the head and the logs came in, even if handling them failed; not read when a read failed', async () => {
    expect(await onePoll({})).toEqual([true])
    expect(await onePoll({ onLogs: true })).toEqual([true])
    expect(await onePoll({ head: true })).toEqual([false])
    expect(await onePoll({ logs: true })).toEqual([false])
  })
})
