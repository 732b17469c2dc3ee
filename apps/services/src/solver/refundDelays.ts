import { intentOriginSettlerAbi } from '@multi-bridge/contracts'
import type { ChainContext } from '../shared/context.ts'
import type { SolverContext } from './context.ts'

/**
 * Reads `chain`'s origin settler's least gap from fill deadline to expires into the context (nothing for a chain
 * without one): quotes never ask for less.
 */
export async function readRefundDelay(context: Pick<SolverContext, 'setUp'>, chain: ChainContext): Promise<void> {
  const settler = chain.config.contracts.intentOriginSettler
  if (!settler) return
  const delay = await chain.publicClient.readContract({
    address: settler,
    abi: intentOriginSettlerAbi,
    functionName: 'minRefundDelay',
  })
  context.setUp.minRefundDelays.set(chain.config.id, delay)
}
