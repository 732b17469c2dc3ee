import { type Client, type Hex, type TransactionReceipt, TransactionReceiptNotFoundError } from 'viem'
import { getTransactionReceipt } from 'viem/actions'

/**
 * The receipt of a sent transaction. With automine, anvil answers eth_sendTransaction just before
 * the block is stored; viem's waitForTransactionReceipt may then wait for another block that
 * automine never produces. This polls the receipt instead.
 */
export async function receiptOf(client: Client, hash: Hex, timeoutMs = 20_000): Promise<TransactionReceipt> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const receipt = await getTransactionReceipt(client, { hash }).catch((error: unknown) => {
      if (error instanceof TransactionReceiptNotFoundError) return undefined
      throw error
    })
    if (receipt) return receipt
    if (Date.now() > deadline) throw new Error(`transaction ${hash} was not mined within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}
