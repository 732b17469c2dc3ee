import type { Address } from 'viem'
import { newSwapRecord } from '../../src/records/swapRecord.ts'
import type { SwapEvent } from '../../src/records/types.ts'
import type { Route } from '../../src/routes/types.ts'
import type { SwapStoreState } from '../../src/swaps/swapStore.ts'

/**
 * What `draftSwap` and `executeSwap` do with the store around `executeRoute`: the reviewed record kept as a draft,
 * then each event of the execution applied to it (`record` and `onEvent`, to hand to `executeRoute`).
 */
export function storedExecution(store: { getState: () => SwapStoreState }, route: Route, owner: Address) {
  const record = newSwapRecord(route, owner)
  store.getState().draft(record)
  return { record, onEvent: (event: SwapEvent, at: number) => store.getState().apply(record.key, event, at) }
}
