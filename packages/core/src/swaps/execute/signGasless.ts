import { walkError } from '../../errors/MultiBridgeError.ts'
import { isTypedDataChainMismatch } from '../../errors/walletErrors.ts'
import type { SwapRecord } from '../../records/types.ts'
import {
  GaslessOrderUnconfirmedError,
  GaslessRefusedError,
  TypedDataUnsupportedError,
} from '../../routes/routeErrors.ts'
import type { GaslessSigning } from '../../routes/types.ts'
import type { ExecutionContext } from './executionContext.ts'
import { signing, switchToOrigin } from './walletGuard.ts'

/**
 * A gasless route: one signature (checked with the plan by `prepareDeposit`), whatever chain the wallet is on, and
 * the solver sends the open; from its hash on, the tracker follows the open and the order's delivery, whichever
 * comes first. A refusal leaves nothing sent; a lost answer leaves the order signed, kept and followed by its id.
 */
export async function signGasless(context: ExecutionContext, gasless: GaslessSigning): Promise<SwapRecord> {
  const { update, wallet } = context
  const signTypedData = wallet.signTypedData
  if (!signTypedData) throw new TypedDataUnsupportedError()
  update({ type: 'phase', phase: 'depositing' })
  const sign = () => signing(context, () => signTypedData(gasless.typedData))
  const signature = await sign().catch(async (error: unknown) => {
    if (!isTypedDataChainMismatch(error)) throw error
    // Some wallets (MetaMask) sign typed data only on the chain it names, the origin (checked with the plan):
    // switched there, and still no gas is asked.
    await switchToOrigin(context)
    return sign()
  })
  const tracked = { ...gasless.tracking, openDeadline: gasless.openDeadline }
  const { openTx } = await gasless.submit(signature).catch((error: unknown) => {
    // A refusal is definite: nothing was opened, nothing left the wallet, and a new quote may be signed.
    if (walkError(error, (item) => item instanceof GaslessRefusedError)) throw error
    // Anything else (no answer in time, a lost connection, an answer not understood): the solver may have opened
    // the order, or may still until its open deadline. The swap is kept under the order's id and followed by it.
    update({ type: 'orderSigned', data: tracked })
    throw new GaslessOrderUnconfirmedError(gasless.tracking.orderId, gasless.openDeadline, error)
  })
  // Its open deadline kept too: the order is followed by its id until then, whatever transaction the answer names.
  update({ type: 'depositSent', depositTx: openTx, data: tracked })
  // Not waited for here: the solver may deliver before its open is mined, and the tracker looks for both.
  return context.record
}
