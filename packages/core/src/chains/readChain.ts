import { HttpRequestError, TimeoutError } from 'viem'
import { walkError } from '../errors/MultiBridgeError.ts'
import { ChainUnreachableError } from '../errors/unreachableErrors.ts'

/**
 * How long one read of a chain may take before the chain counts as not answering. viem's own transport waits
 * 10 s per attempt and retries three times (about 40 s against a hanging RPC); the person is told well before.
 */
export const CHAIN_READ_TIMEOUT_MS = 8_000

/**
 * `work`, or `onTimeout()`'s error once `ms` have passed without an answer. The work itself is not cancelled
 * (chain reads cannot be); its late answer or failure is dropped.
 */
export function withTimeout<T>(work: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), ms)
  })
  work.catch(() => undefined) // a failure after the time-out is nobody's concern
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer))
}

/** Whether an error is the RPC not answering (no connection, a time-out, an HTTP error status), not an answer. */
export function isTransportFailure(error: unknown): boolean {
  return (
    walkError(
      error,
      (item) =>
        item instanceof HttpRequestError ||
        item instanceof TimeoutError ||
        // A fetch that failed outright (refused, reset, offline) before viem wrapped it.
        (item instanceof TypeError && /fetch|network/i.test(item.message)),
    ) !== undefined
  )
}

/**
 * One read of one chain, bounded in time: an RPC that does not answer within `timeoutMs`, or whose transport
 * fails, is that chain's `ChainUnreachableError` (named, so the person knows which network is down). A revert
 * or any other answer passes through as it is.
 */
export async function readChain<T>(
  chain: { id: number; name: string },
  work: () => Promise<T>,
  timeoutMs: number = CHAIN_READ_TIMEOUT_MS,
): Promise<T> {
  try {
    return await withTimeout(work(), timeoutMs, () => new ChainUnreachableError(chain.id, chain.name))
  } catch (error) {
    if (error instanceof ChainUnreachableError || !isTransportFailure(error)) throw error
    throw new ChainUnreachableError(chain.id, chain.name, error)
  }
}
