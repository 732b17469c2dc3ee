import { setTimeout as sleepFor } from 'node:timers/promises'
import { type Chain, webSocket } from 'viem'

/**
 * How long a loop waits for a new block while the chain announces them: a chain that stopped making blocks, or a
 * subscription that went quiet without failing, is still read this often.
 */
export const QUIET_BLOCK_WAIT_MS = 2_000
/** Between a failed socket and the next one. */
const RESUBSCRIBE_MS = 1_000
/**
 * No block announced for this many block times (at least 10 s): the socket is taken for dead although it did not say
 * so (a connection cut half-way tells neither end), dropped, and a new one opened.
 */
const SILENT_BLOCKS = 5
const SILENT_MIN_MS = 10_000

/**
 * When a service's loops read a chain again. Where the manifest gives the chain's WebSocket endpoint, the chain
 * announces each new block (`eth_subscribe` to `newHeads`) and a loop waits for it, rather than asking every few
 * hundred milliseconds whether one came (most of an idle network's CPU); without one, or while the subscription is
 * down, the loop waits its own interval. What a loop then reads is read over HTTP: an announcement only says when,
 * never what, so no decision rests on the socket.
 */
export type BlockWatch = {
  /** How many blocks were announced so far: a loop takes it before reading, and waits with it after. */
  announced: () => number
  /**
   * Resolves once a block after `announced` was announced (at once if one already was; at most
   * QUIET_BLOCK_WAIT_MS), or after `intervalMs` while no subscription is up; at once when `signal` aborts.
   */
  wait: (announced: number, intervalMs: number, signal: AbortSignal) => Promise<void>
  /** Ends the subscription and closes its socket (a stopped service). */
  close: () => void
}

const sleep = (ms: number, signal: AbortSignal) => sleepFor(ms, undefined, { signal }).catch(() => undefined)

/** Waits `intervalMs` each time: a chain without a WebSocket endpoint. */
export const pollingBlockWatch = (): BlockWatch => ({
  announced: () => 0,
  wait: (_announced, intervalMs, signal) => sleep(intervalMs, signal),
  close: () => undefined,
})

/**
 * The subscription starts with the first wait, and lives until `close`. The watch owns its socket: when it fails or
 * closes, the socket is dropped and a new one opened a second later, for as long as it takes (a node restarted on its
 * port is heard again).
 */
export function createBlockWatch(chain: Chain, url: string | undefined, blockTimeSeconds: number): BlockWatch {
  if (!url) return pollingBlockWatch()
  const silentMs = Math.max(SILENT_MIN_MS, SILENT_BLOCKS * blockTimeSeconds * 1000)
  // Its own socket (viem shares one per URL and key): closing it stops no other service of the same process.
  const transport = webSocket(url, {
    key: `blocks-${Math.random().toString(36).slice(2)}`,
    reconnect: false,
    keepAlive: false,
    retryCount: 0,
  })({ chain }).value!
  type Socket = Awaited<ReturnType<typeof transport.getRpcClient>>
  let count = 0
  /** Whether the subscription delivered since it last failed: only then do loops wait for blocks. */
  let live = false
  let announcedAt = 0
  let closed = false
  let starting = false
  let socket: Socket | undefined
  let retry: ReturnType<typeof setTimeout> | undefined
  const waiters = new Set<() => void>()

  const wake = () => {
    for (const resolve of waiters) resolve()
    waiters.clear()
  }
  // Down: loops go back to their own intervals (and are woken to do so) until a new socket delivers.
  const fail = (failed: Socket | undefined) => {
    if (failed !== socket) return
    live = false
    wake()
    // Forgotten before it is closed: closing tells its subscription, which calls here again.
    socket = undefined
    failed?.close()
    if (!closed && !retry) {
      retry = setTimeout(() => {
        retry = undefined
        void start()
      }, RESUBSCRIBE_MS)
    }
  }
  const start = async () => {
    if (closed || socket || starting) return
    starting = true
    try {
      const opened = await transport.getRpcClient()
      if (closed) return opened.close()
      socket = opened
      opened.request({
        body: { method: 'eth_subscribe', params: ['newHeads'] },
        onResponse: (message) => {
          if (message.method !== 'eth_subscription') {
            if (message.error) fail(opened)
            return
          }
          count++
          live = true
          announcedAt = Date.now()
          wake()
        },
        onError: () => fail(opened),
      })
    } catch {
      fail(undefined)
    } finally {
      starting = false
    }
  }

  return {
    announced: () => count,
    wait: async (announced, intervalMs, signal) => {
      void start()
      if (count > announced || signal.aborted) return
      if (live && Date.now() - announcedAt > silentMs) fail(socket)
      if (!live) return sleep(intervalMs, signal)
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer)
          signal.removeEventListener('abort', done)
          waiters.delete(done)
          resolve()
        }
        const timer = setTimeout(done, QUIET_BLOCK_WAIT_MS)
        signal.addEventListener('abort', done, { once: true })
        waiters.add(done)
      })
    },
    close: () => {
      closed = true
      if (retry) clearTimeout(retry)
      const open = socket
      socket = undefined
      open?.close()
      live = false
      wake()
    },
  }
}
