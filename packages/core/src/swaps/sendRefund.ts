import { type Address, type Hash, isAddressEqual } from 'viem'
import { type ChainClients, clientFor } from '../chains/chainClients.ts'
import { isInsufficientFundsError, notEnoughGasOn } from '../errors/gasErrors.ts'
import type { RouteProvider } from '../providers/types.ts'
import type { SwapRecord } from '../records/types.ts'
import {
  NotSwapOwnerError,
  RefundNotAvailableError,
  SenderMismatchError,
  TransactionRevertedError,
  WrongChainError,
} from '../routes/routeErrors.ts'
import type { TransactionRequest } from '../routes/types.ts'
import { estimateFeePerGas } from './estimateNetworkCost.ts'
import { waitForSent } from './waitForSent.ts'
import type { WalletAdapter } from './walletAdapter.ts'

/**
 * Sends the refund of an unfilled swap, on the origin chain, and waits for it (the client's `refundSwap` stores it
 * in History). Before anything is signed: the swap is
 * refundable, the wallet's account is the one that made it (the refund goes to it, and the person should see
 * that), the provider can refund it now, and the wallet is on the origin chain after the switch.
 */
export async function sendRefund(parameters: {
  record: SwapRecord
  provider: RouteProvider
  wallet: WalletAdapter
  clients: ChainClients
}): Promise<{ refundTx: Hash }> {
  const { record, provider, wallet } = parameters
  if (record.status !== 'refundable') throw new RefundNotAvailableError(Math.floor(Date.now() / 1000))
  if (!isAddressEqual(record.owner, wallet.account)) throw new NotSwapOwnerError(record.owner, wallet.account)
  const plan = await provider.planRefund(record)
  if ('availableAfter' in plan) throw new RefundNotAvailableError(plan.availableAfter)
  const { transaction } = plan
  if ((await wallet.getChainId()) !== transaction.chainId) await wallet.switchChain(transaction.chainId)
  const actual = await wallet.getChainId()
  if (actual !== transaction.chainId) throw new WrongChainError(transaction.chainId, actual)
  const selected = await wallet.getAccount?.()
  if (selected && !isAddressEqual(selected, wallet.account)) throw new SenderMismatchError(wallet.account, selected)
  const client = clientFor(parameters.clients, transaction.chainId)
  let refundTx: Hash
  try {
    refundTx = await wallet.sendTransaction(transaction)
  } catch (error) {
    // The wallet or the node found the balance short of the refund's gas: said as the swap's deposit says it, with
    // the origin network, its coin and about how much is needed.
    if (isInsufficientFundsError(error)) throw await notEnoughGasForRefund(client, wallet.account, transaction, error)
    throw error
  }
  // A refund sped up in the wallet is the refund under its new hash; one cancelled there is no refund at all.
  const mined = await waitForSent(client, refundTx)
  if (mined.receipt.status !== 'success') throw new TransactionRevertedError(mined.hash)
  return { refundTx: mined.hash }
}

/** The refund's gas at the most a wallet offers per gas, plus any value it sends; without the amount when unknown. */
async function notEnoughGasForRefund(
  client: ReturnType<typeof clientFor>,
  account: Address,
  transaction: TransactionRequest,
  cause: unknown,
) {
  const { to, data, value } = transaction
  const needed = await Promise.all([client.estimateGas({ account, to, data, value }), estimateFeePerGas(client)]).then(
    ([gas, fees]) => gas * fees.max + value,
    () => undefined,
  )
  return notEnoughGasOn(client.chain, transaction.chainId, needed, cause)
}
