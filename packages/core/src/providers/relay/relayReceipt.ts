import { getAddress, type TransactionReceipt } from 'viem'
import { depositContract } from '../apiSupport.ts'
import type { FoundSwap } from '../types.ts'
import type { RelayContext } from './relayContext.ts'
import { foundRequest, requestsPage } from './relayRestore.ts'

/**
 * The receipt of one Relay deposit: a successful transaction sent to Relay's contracts on `chainId` (its depository),
 * as Relay's `/requests/v3` lists the request of that hash (the destination, the amounts: Relay's word, which needs an
 * API key, as History's restore does), taken only for the deposit's own sender and hash, and its delivery only once
 * the destination shows the fill of this deposit's order (`foundRequest`). Undefined for any other transaction.
 */
export async function findRelaySwapByDeposit(
  context: RelayContext,
  chainId: number,
  receipt: TransactionReceipt,
): Promise<FoundSwap | undefined> {
  if (!context.served(chainId) || !depositContract(receipt, context.allowlist(chainId))) return undefined
  const list = await requestsPage(context, { hash: receipt.transactionHash, limit: 1 })
  const owner = getAddress(receipt.from)
  for (const entry of list.requests) {
    const found = await foundRequest(context, entry, owner)
    if (found && found.record.depositTx.toLowerCase() === receipt.transactionHash.toLowerCase()) {
      return { ...found, providerWord: true }
    }
  }
  return undefined
}
