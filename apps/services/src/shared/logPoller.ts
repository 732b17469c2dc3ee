import type { AbiEvent, Address, Log } from 'viem'
import type { ChainContext } from './context.ts'
import { createFailureTracker } from './failures.ts'
import type { Logger } from './logger.ts'

export type PollLogsParameters<TEvent extends AbiEvent> = {
  chain: ChainContext
  address: Address
  event: TEvent
  /** The newest block whose logs may be handed over: the latest one, or the chain's final head. */
  head: () => Promise<bigint>
  /** Last block already handled, persisted by the caller. */
  getCursor: () => bigint
  setCursor: (block: bigint) => void
  /** Must be idempotent: after a crash, logs after the persisted cursor are handed over again. */
  onLogs: (logs: Log<bigint, number, false, TEvent, true>[], toBlock: bigint) => Promise<void>
  /** Between reads where the chain does not announce its blocks (or while it does not): see blockWatch.ts. */
  intervalMs: number
  log: Logger
  signal: AbortSignal
  /**
   * Told after each poll whether the chain was read: its head and logs came in (true, even when `onLogs` then failed:
   * the logs are known and handed over again), or a read failed (false). Whoever quotes on what this poller sees asks it.
   */
  onRead?: (read: boolean) => void
}

const MAX_RANGE = 2_000n

/** Polls a contract's event from a persisted cursor, at each new block; the cursor advances only after `onLogs` succeeded. */
export async function pollLogs<TEvent extends AbiEvent>(parameters: PollLogsParameters<TEvent>): Promise<void> {
  const { chain, signal } = parameters
  // An unreachable RPC is one warning, then an alert if it lasts, not a line every interval.
  const failures = createFailureTracker(parameters.log)
  const key = `logs:${chain.config.id}:${parameters.event.name}`
  while (!signal.aborted) {
    // Taken before the head is read: a block announced while this round reads wakes the next one at once.
    const announced = chain.blocks.announced()
    let reading = true
    try {
      const safe = await parameters.head()
      let from = parameters.getCursor() + 1n
      while (from <= safe && !signal.aborted) {
        const to = from + MAX_RANGE - 1n < safe ? from + MAX_RANGE - 1n : safe
        reading = true
        const logs = await chain.publicClient.getLogs({
          address: parameters.address,
          event: parameters.event,
          fromBlock: from,
          toBlock: to,
          strict: true,
        })
        reading = false
        parameters.onRead?.(true)
        await parameters.onLogs(logs as never, to)
        parameters.setCursor(to)
        from = to + 1n
      }
      if (reading) parameters.onRead?.(true)
      failures.succeeded(key)
    } catch (error) {
      if (reading) parameters.onRead?.(false)
      failures.failed(key, 'log polling failed', error, { chainId: chain.config.id })
    }
    await chain.blocks.wait(announced, parameters.intervalMs, signal)
  }
}
