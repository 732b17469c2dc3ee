import { type Address, encodeFunctionData, erc20Abi, type Hash } from 'viem'
import { TransactionRevertedError } from '../../routes/routeErrors.ts'
import type { ApprovalRequirement, TransactionRequest } from '../../routes/types.ts'
import { waitForSent } from '../waitForSent.ts'
import type { ExecutionContext } from './executionContext.ts'
import { sendChecked } from './walletGuard.ts'

const approveData = (spender: Address, amount: bigint) =>
  encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, amount] })

/** The approvals the deposit needs: none when the allowance covers it; a reset to 0 first for USDT. */
export async function approvalCalls(
  context: ExecutionContext,
  requirement: ApprovalRequirement,
): Promise<TransactionRequest[]> {
  const { client, wallet, chainId } = context
  const allowance = await client.readContract({
    address: requirement.token.address,
    abi: erc20Abi,
    functionName: 'allowance',
    args: [wallet.account, requirement.spender],
  })
  if (allowance >= requirement.amount) return []
  const call = (amount: bigint) => ({
    chainId,
    to: requirement.token.address,
    data: approveData(requirement.spender, amount),
    value: 0n,
  })
  // USDT refuses to change a non-zero allowance to another non-zero one.
  const reset = allowance > 0n && requirement.token.kind === 'usdt'
  return reset ? [call(0n), call(requirement.amount)] : [call(requirement.amount)]
}

/** The approvals one transaction at a time, each mined before the next: their hashes. */
export async function approve(context: ExecutionContext, requirement: ApprovalRequirement): Promise<Hash[]> {
  const hashes: Hash[] = []
  for (const transaction of await approvalCalls(context, requirement)) {
    const hash = await sendChecked(context, transaction)
    hashes.push(hash)
    const { receipt, hash: mined } = await waitForSent(context.client, hash)
    if (receipt.status !== 'success') throw new TransactionRevertedError(mined)
  }
  return hashes
}
