import type { Address } from 'viem'
import { newSwapRecord } from '../records/swapRecord.ts'
import type { SigningSwap } from '../records/types.ts'
import type { Route } from '../routes/types.ts'
import type { SwapClient } from './types.ts'

export type DraftSwapParameters = {
  /** The route the person reviews. */
  route: Route
  /** The account that will sign it (the route's sender). */
  owner: Address
}
export type DraftSwapReturnType = SigningSwap

/**
 * The record of a swap under review, kept in the client's store (in memory: nothing is sent yet). The review shows
 * it, `executeSwap` executes it under the same key, and History keeps it once its deposit is sent.
 */
export function draftSwap(client: SwapClient, parameters: DraftSwapParameters): DraftSwapReturnType {
  const record = newSwapRecord(parameters.route, parameters.owner)
  client.store.getState().draft(record)
  return record
}
