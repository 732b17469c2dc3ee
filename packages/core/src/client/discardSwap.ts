import type { SwapClient } from './types.ts'

export type DiscardSwapParameters = { key: string }

/**
 * Forgets a draft whose review was closed before its deposit was sent. A swap whose deposit was sent stays in
 * History whatever happens.
 */
export function discardSwap(client: SwapClient, parameters: DiscardSwapParameters): void {
  client.store.getState().discard(parameters.key)
}
