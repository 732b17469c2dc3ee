import type { AbiEvent, Address, Log } from 'viem'
import type { ChainContext } from './context.ts'
import { sleep } from './context.ts'
import type { Logger } from './logger.ts'
import { shortMessage } from './logger.ts'

export type PollLogsParameters<TEvent extends AbiEvent> = {
  chain: ChainContext
  address: Address
  event: TEvent
  /** Blocks to wait before a log is handed over (0: as soon as it is mined). */
  confirmations: number
  /** Last block already handled, persisted by the caller. */
  getCursor: () => bigint
  setCursor: (block: bigint) => void
  /** Must be idempotent: after a crash, logs after the persisted cursor are handed over again. */
  onLogs: (logs: Log<bigint, number, false, TEvent, true>[], toBlock: bigint) => Promise<void>
  intervalMs: number
  log: Logger
  signal: AbortSignal
}

const MAX_RANGE = 2_000n

/** Polls a contract's event from a persisted cursor; the cursor advances only after `onLogs` succeeded. */
export async function pollLogs<TEvent extends AbiEvent>(parameters: PollLogsParameters<TEvent>): Promise<void> {
  const { chain, signal } = parameters
  while (!signal.aborted) {
    try {
      const latest = await chain.publicClient.getBlockNumber({ cacheTime: 0 })
      const safe = latest - BigInt(parameters.confirmations)
      let from = parameters.getCursor() + 1n
      while (from <= safe && !signal.aborted) {
        const to = from + MAX_RANGE - 1n < safe ? from + MAX_RANGE - 1n : safe
        const logs = await chain.publicClient.getLogs({
          address: parameters.address,
          event: parameters.event,
          fromBlock: from,
          toBlock: to,
          strict: true,
        })
        await parameters.onLogs(logs as never, to)
        parameters.setCursor(to)
        from = to + 1n
      }
    } catch (error) {
      parameters.log.warn('log polling failed; retrying', { chainId: chain.config.id, error: shortMessage(error) })
    }
    await sleep(parameters.intervalMs)
  }
}
