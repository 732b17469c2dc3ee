import type { Server } from 'node:http'
import { setTimeout } from 'node:timers/promises'
import type { ChainContext } from './context.ts'
import type { StateStore } from './store/stateStore.ts'

/** A log cursor kept in a service's state file under `cursors[key]`. */
export function persistedCursor(store: StateStore<{ cursors: Record<string, string> }>, key: string) {
  return {
    getCursor: () => BigInt(store.value.cursors[key] ?? '-1'),
    setCursor: (block: bigint) =>
      store.update((state) => {
        state.cursors[key] = block.toString()
      }),
  }
}

/**
 * Runs `round` every `intervalMs` until aborted. A round handles its own failures; one that throws
 * anyway is reported to `onError` and the loop goes on.
 */
export async function repeat(
  signal: AbortSignal,
  intervalMs: number,
  round: () => Promise<void> | void,
  onError: (error: unknown) => void = () => undefined,
) {
  while (!signal.aborted) {
    try {
      await round()
    } catch (error) {
      onError(error)
    }
    // Until the interval passed or the service stops: stopping does not wait out a long interval (pruning: 10 min).
    await setTimeout(intervalMs, undefined, { signal }).catch(() => undefined)
  }
}

export type ServiceHandle = { server: Server; stop: () => Promise<void> }

/**
 * Stops the loops and the HTTP server of a service and its chains' block subscriptions, then writes what its state
 * holds and closes the database.
 */
export function serviceHandle(
  server: Server,
  controller: AbortController,
  loops: Promise<void>[],
  context: { store: Pick<StateStore<never>, 'close'>; chains: ReadonlyMap<number, Pick<ChainContext, 'blocks'>> },
): ServiceHandle {
  return {
    server,
    stop: async () => {
      controller.abort()
      server.close()
      await Promise.allSettled(loops)
      for (const chain of context.chains.values()) chain.blocks.close()
      await context.store.close()
    },
  }
}
