import { erc20Abi, maxUint256 } from 'viem'
import type { ChainContext } from '../shared/context.ts'
import type { SolverContext } from './context.ts'

type ApprovalContext = Pick<SolverContext, 'solver' | 'log' | 'setUp'>

/** Lets each destination settler pull the solver's tokens. USDT-like tokens need a reset to zero first. */
export async function ensureApprovals(context: ApprovalContext & Pick<SolverContext, 'chains'>): Promise<void> {
  await Promise.all([...context.chains.values()].map((chain) => ensureChainApprovals(context, chain)))
}

/** Lets `chain`'s destination settler pull the solver's tokens, then counts the chain in `setUp.approved`. */
export async function ensureChainApprovals(context: ApprovalContext, chain: ChainContext): Promise<void> {
  await approveTokens(context, chain)
  context.setUp.approved.add(chain.config.id)
}

async function approveTokens(context: ApprovalContext, chain: ChainContext) {
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
