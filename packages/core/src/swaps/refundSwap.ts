import type { Hash } from 'viem'
import { type ChainClients, clientFor } from '../chains/chainClients.ts'
import type { RouteProvider } from '../providers/types.ts'
import { RefundNotAvailableError, TransactionRevertedError, WrongChainError } from '../routes/routeErrors.ts'
import type { SwapRecord } from './types.ts'
import type { WalletAdapter } from './walletAdapter.ts'

/** Performs the refund of an unfilled swap: to its owner only, on the origin chain. */
export async function refundSwap(parameters: {
  record: SwapRecord
  provider: RouteProvider
  wallet: WalletAdapter
  clients: ChainClients
}): Promise<{ refundTx: Hash }> {
  const { record, provider, wallet } = parameters
  const plan = await provider.planRefund(record)
  if ('availableAfter' in plan) throw new RefundNotAvailableError(plan.availableAfter)
  const { transaction } = plan
  if ((await wallet.getChainId()) !== transaction.chainId) await wallet.switchChain(transaction.chainId)
  const actual = await wallet.getChainId()
  if (actual !== transaction.chainId) throw new WrongChainError(transaction.chainId, actual)
  const refundTx = await wallet.sendTransaction(transaction)
  const receipt = await clientFor(parameters.clients, transaction.chainId).waitForTransactionReceipt({ hash: refundTx })
  if (receipt.status !== 'success') throw new TransactionRevertedError(refundTx)
  return { refundTx }
}
