import { erc20Abi, maxUint256 } from 'viem'
import type { ChainContext } from '../shared/context.ts'
import type { SolverContext } from './context.ts'

/** Lets each destination settler pull the solver's tokens. USDT-like tokens need a reset to zero first. */
export async function ensureApprovals(context: Pick<SolverContext, 'chains' | 'solver' | 'log'>): Promise<void> {
  await Promise.all([...context.chains.values()].map((chain) => ensureChainApprovals(context, chain)))
}

async function ensureChainApprovals(context: Pick<SolverContext, 'solver' | 'log'>, chain: ChainContext) {
  const settler = chain.config.contracts.intentDestinationSettler
  if (!settler) return
  for (const token of chain.config.tokens) {
    if (token.kind === 'native') continue
    const allowance = await chain.publicClient.readContract({
      address: token.address,
      abi: erc20Abi,
      functionName: 'allowance',
      args: [context.solver, settler],
    })
    if (allowance >= maxUint256 / 2n) continue
    const approve = async (amount: bigint) => {
      const hash = await chain.send({
        address: token.address,
        abi: erc20Abi,
        functionName: 'approve',
        args: [settler, amount],
      })
      await chain.waitForReceipt(hash)
    }
    if (allowance !== 0n) await approve(0n)
    await approve(maxUint256)
    context.log.info('approved settler', { chainId: chain.config.id, token: token.symbol })
  }
}
