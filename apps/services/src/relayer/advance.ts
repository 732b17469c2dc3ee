import type { Hex } from 'viem'
import { type RelayerContext, recordEvent } from './context.ts'
import { finalizeTransfer } from './finalize.ts'
import { releaseTransfer } from './release.ts'
import { isFinalTransfer } from './transferMachine.ts'

export type AdvanceTransferParameters = { transferId: Hex }

/**
 * Takes one step for a transfer (release while pending, finalize once released), one step per transfer at a
 * time. A failed step is recorded and logged, and tried again next round; a final transfer is left alone.
 */
export async function advanceTransfer(context: RelayerContext, { transferId }: AdvanceTransferParameters) {
  const { inFlight, failures } = context
  if (inFlight.has(transferId)) return
  inFlight.add(transferId)
  try {
    const transfer = context.store.value.transfers[transferId]
    if (!transfer || isFinalTransfer(transfer)) return
    if (transfer.status === 'pending') await releaseTransfer(context, { transfer })
    else if (transfer.status === 'released') await finalizeTransfer(context, { transfer })
    failures.succeeded(transferId)
  } catch (error) {
    const message = String((error as Error).message ?? error).slice(0, 300)
    recordEvent(context, transferId, { type: 'failed', error: message, at: Date.now() })
    failures.failed(transferId, 'transfer step failed', error, { transferId })
  } finally {
    inFlight.delete(transferId)
  }
}

/** Starts a step for every transfer in progress, the nearest deadline first: the send queue serves them in order. */
export function advanceTransfers(context: RelayerContext): void {
  const open = Object.values(context.store.value.transfers).filter((transfer) => !isFinalTransfer(transfer))
  open.sort((x, y) => x.deadline - y.deadline)
  for (const transfer of open) void advanceTransfer(context, { transferId: transfer.transferId })
}
