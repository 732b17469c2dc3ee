import { type Hash, isAddressEqual } from 'viem'
import { isInsufficientFundsError, notEnoughGasOn } from '../../errors/gasErrors.ts'
import { UnknownContractError } from '../../errors/walletErrors.ts'
import { SenderMismatchError, WrongChainError } from '../../routes/routeErrors.ts'
import type { TransactionRequest } from '../../routes/types.ts'
import { estimateNetworkCost } from '../estimateNetworkCost.ts'
import type { ExecutionContext } from './executionContext.ts'

/** The wallet's selected account is still the swap's: a switch in the wallet after the review stops the swap. */
async function checkAccount({ wallet }: ExecutionContext): Promise<void> {
  const selected = await wallet.getAccount?.()
  if (selected && !isAddressEqual(selected, wallet.account)) throw new SenderMismatchError(wallet.account, selected)
}

/** What any transaction passes before the wallet sees it: a known contract (or the approval's token), its chain. */
export async function checkTransaction(context: ExecutionContext, transaction: TransactionRequest): Promise<void> {
  const known = context.provider.knownContracts(transaction.chainId)
  const { approval } = context.plan
  const isApproval = approval && isAddressEqual(transaction.to, approval.token.address)
  if (!isApproval && !known.some((address) => isAddressEqual(address, transaction.to))) {
    throw new UnknownContractError(transaction.to)
  }
  const actual = await context.wallet.getChainId()
  if (actual !== transaction.chainId) throw new WrongChainError(transaction.chainId, actual)
}

/** The balance short of gas: said as such, with what the deposit needs when it can be estimated. */
export async function notEnoughGas(context: ExecutionContext, cause: unknown) {
  const { clients, wallet, plan, client, chainId } = context
  const needed = await estimateNetworkCost({ clients, account: wallet.account, plan }).then(
    (cost) => cost.total,
    () => undefined,
  )
  return notEnoughGasOn(client.chain, chainId, needed, cause)
}

/**
 * Asks the wallet to sign (`sign`) once its account is checked again; a balance the wallet or the node found short of
 * gas × fee + value is said as such, with what is needed.
 */
export async function signing<T>(context: ExecutionContext, sign: () => Promise<T>): Promise<T> {
  await checkAccount(context)
  try {
    return await sign()
  } catch (error) {
    if (isInsufficientFundsError(error)) throw await notEnoughGas(context, error)
    throw error
  }
}

/** One transaction, checked, through the wallet: its hash. */
export async function sendChecked(context: ExecutionContext, transaction: TransactionRequest): Promise<Hash> {
  await checkTransaction(context, transaction)
  return signing(context, () => context.wallet.sendTransaction(transaction))
}

/** The wallet on the origin chain (or any `chainId`): some wallets answer the switch before (or without) switching, so it is read back. */
export async function switchToOrigin({ wallet, chainId }: Pick<ExecutionContext, 'wallet' | 'chainId'>): Promise<void> {
  if ((await wallet.getChainId()) !== chainId) await wallet.switchChain(chainId)
  const switched = await wallet.getChainId()
  if (switched !== chainId) throw new WrongChainError(chainId, switched)
}
