import type { Address } from 'viem'
import type { RouteProvider } from '../../src/providers/types.ts'
import { restoredRecord } from '../../src/records/swapMachine.ts'

/** One provider's Restore as `collectSwaps` makes it: each swap found, brought to what its first look saw. */
export const restoreWith = async (provider: Pick<RouteProvider, 'findSwaps'>, owner: Address) =>
  (await provider.findSwaps(owner)).map(restoredRecord)
