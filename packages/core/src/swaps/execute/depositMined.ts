import type { Hash } from 'viem'
import type { SigningSwap, SwapRecord } from '../../records/types.ts'
import { TransactionReplacedError } from '../../routes/routeErrors.ts'
import { waitForSent } from '../waitForSent.ts'
import type { ExecutionContext } from './executionContext.ts'

/**
 * The deposit's receipt, under the hash that is mined: the wallet may have sped it up (the same deposit, a new
 * hash). One the wallet cancelled or replaced by another call never happened: the swap failed, and says so. A mined
 * deposit is read by its provider (`onDepositMined`); tracking takes over from there.
 */
export async function depositMined(context: ExecutionContext, depositTx: Hash): Promise<SwapRecord> {
  const { update } = context
  const mined = await waitForSent(context.client, depositTx).catch((error: unknown) => {
    if (error instanceof TransactionReplacedError) update({ type: 'depositFailed', error: 'depositReplaced' })
    throw error
  })
  update({ type: 'depositRepriced', depositTx: mined.hash })
  if (mined.receipt.status !== 'success') {
    update({ type: 'depositFailed', error: 'depositReverted' })
    return context.record
  }
  update(await context.provider.onDepositMined({ ...(context.record as SigningSwap), depositTx: mined.hash }))
  return context.record
}
