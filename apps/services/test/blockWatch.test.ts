import { type AnvilInstance, startAnvil } from '@multi-bridge/devnet'
import { createTestClient, defineChain, http } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBlockWatch, QUIET_BLOCK_WAIT_MS } from '../src/shared/blockWatch.ts'

const CHAIN_ID = 1337099
const chain = defineChain({
  id: CHAIN_ID,
  name: 'Block watch',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1'] } },
})

/** Waits with `announced` and says how long it took, and whether a block was announced meanwhile. */
async function timedWait(watch: ReturnType<typeof createBlockWatch>, intervalMs: number) {
  const announced = watch.announced()
  const started = Date.now()
  await watch.wait(announced, intervalMs, new AbortController().signal)
  return { ms: Date.now() - started, newBlock: watch.announced() > announced }
}

/** Waits until `check` holds, waiting with the watch (as a service's loop does) between looks. */
async function until(watch: ReturnType<typeof createBlockWatch>, check: () => boolean, limitMs = 30_000) {
  const started = Date.now()
  while (!check()) {
    if (Date.now() - started > limitMs) throw new Error('condition not reached')
    await watch.wait(watch.announced(), 100, new AbortController().signal)
  }
}

describe('block watch (a real anvil announcing its blocks over WebSocket)', () => {
  let anvil: AnvilInstance
  beforeAll(async () => {
    anvil = await startAnvil({ chainId: CHAIN_ID, blockTime: 1 })
  })
  afterAll(async () => {
    await anvil?.stop()
  })

  it('wakes a loop at each new block, and at once for a block announced before it waited', async () => {
    const watch = createBlockWatch(chain, anvil.rpcUrl.replace('http', 'ws'), 1)
    try {
      // The first waits subscribe; until a block comes they wait their interval.
      await until(watch, () => watch.announced() >= 2)
      // A 120 s interval is not waited out: the next block (1 s) wakes it, or the quiet limit.
      const next = await timedWait(watch, 120_000)
      expect(next.ms).toBeLessThan(60_000)
      // Taken before a block that came since: no wait at all.
      const before = watch.announced()
      await until(watch, () => watch.announced() > before)
      let woken = false
      const waiting = watch.wait(before, 120_000, new AbortController().signal).then(() => {
        woken = true
      })
      await new Promise((resolve) => setImmediate(resolve))
      expect(woken).toBe(true)
      await waiting
    } finally {
      watch.close()
    }
  })

  it('waits the interval while the node is down, and hears the blocks again once it is back on the same port', async () => {
    const watch = createBlockWatch(chain, anvil.rpcUrl.replace('http', 'ws'), 1)
    try {
      await until(watch, () => watch.announced() >= 1)
      await anvil.stop()
      // Down: a loop is not held for blocks that cannot come (nor for QUIET_BLOCK_WAIT_MS): it waits its interval.
      await watch.wait(watch.announced(), 100, new AbortController().signal)
      const down = watch.announced()
      const waits = [await timedWait(watch, 200), await timedWait(watch, 200), await timedWait(watch, 200)]
      for (const wait of waits) expect(wait.newBlock).toBe(false)
      // Each its interval, not the quiet limit of a live subscription.
      expect(waits.reduce((sum, wait) => sum + wait.ms, 0)).toBeLessThan(3 * QUIET_BLOCK_WAIT_MS)
      expect(watch.announced()).toBe(down)
      // Down for several of the watch's attempts to reconnect (a restart on a busy machine), each of them failing.
      await new Promise((resolve) => setTimeout(resolve, 4_000))
      anvil = await startAnvil({ chainId: CHAIN_ID, blockTime: 1, port: anvil.port })
      // Heard again within a few of its attempts (one a second), not after its socket library gave up.
      await until(watch, () => watch.announced() >= down + 2, 15_000)
    } finally {
      watch.close()
    }
  })

  it('takes a socket that announces nothing for 10 s for dead: back to the interval, and a new socket hears the chain again', async () => {
    const watch = createBlockWatch(chain, anvil.rpcUrl.replace('http', 'ws'), 1)
    const node = createTestClient({ mode: 'anvil', transport: http(anvil.rpcUrl) })
    try {
      await until(watch, () => watch.announced() >= 1)
      // The socket stays open and says nothing, as a connection cut half-way does.
      await node.setIntervalMining({ interval: 0 })
      const silent = watch.announced()
      await new Promise((resolve) => setTimeout(resolve, 11_000))
      await watch.wait(watch.announced(), 100, new AbortController().signal)
      const waits = [await timedWait(watch, 200), await timedWait(watch, 200), await timedWait(watch, 200)]
      expect(waits.reduce((sum, wait) => sum + wait.ms, 0)).toBeLessThan(3 * QUIET_BLOCK_WAIT_MS)
      await node.setIntervalMining({ interval: 1 })
      await until(watch, () => watch.announced() >= silent + 2, 15_000)
    } finally {
      await node.setIntervalMining({ interval: 1 })
      watch.close()
    }
  })

  it('waits the interval on a chain without a WebSocket endpoint, and returns at once when stopped', async () => {
    const watch = createBlockWatch(chain, undefined, 1)
    const wait = await timedWait(watch, 150)
    expect(wait.newBlock).toBe(false)
    expect(wait.ms).toBeGreaterThanOrEqual(140)
    const controller = new AbortController()
    const waiting = watch.wait(0, 60_000, controller.signal)
    controller.abort()
    await waiting
  })
})
