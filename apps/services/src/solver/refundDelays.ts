import { intentOriginSettlerAbi } from '@multi-bridge/contracts'
import type { SolverContext } from './context.ts'

/** Reads each origin settler's least gap from fill deadline to expires into the context: quotes never ask for less. */
export async function readRefundDelays(context: Pick<SolverContext, 'chains' | 'minRefundDelays'>): Promise<void> {
  for (const chain of context.chains.values()) {
    const settler = chain.config.contracts.intentOriginSettler
    if (!settler) continue
    const delay = await chain.publicClient.readContract({
      address: settler,
      abi: intentOriginSettlerAbi,
      functionName: 'minRefundDelay',
    })
    context.minRefundDelays.set(chain.config.id, delay)
  }
}
