import type { Hash } from 'viem'
import { UnexpectedError } from '../errors/walletErrors.ts'
import type { SwapRecord } from '../records/types.ts'
import { sendRefund } from '../swaps/sendRefund.ts'
import type { WalletAdapter } from '../swaps/walletAdapter.ts'
import type { SwapClient } from './types.ts'

export type RefundSwapParameters = {
  /** The key of the swap in History. */
  key: string
  wallet: WalletAdapter
}
export type RefundSwapReturnType = { refundTx: Hash; record: SwapRecord }

/**
 * Refunds an unfilled swap of History (`sendRefund`: its checks, then the transaction, mined) and applies the
 * refund to its record through the swap's state machine.
 */
export async function refundSwap(client: SwapClient, parameters: RefundSwapParameters): Promise<RefundSwapReturnType> {
  const record = client.store.getState().swaps[parameters.key]
  if (!record) throw new UnexpectedError(`no swap ${parameters.key} in History`)
  const [provider, clients] = await Promise.all([client.getProvider(record.providerId), client.getChainClients()])
  const { refundTx } = await sendRefund({ record, provider, wallet: parameters.wallet, clients })
  const refunded = client.store.getState().apply(record.key, { type: 'refunded', refundTx })
  return { refundTx, record: refunded ?? record }
}
