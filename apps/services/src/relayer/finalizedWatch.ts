import { depositFromTuple, poolBridgeAbi, poolBridgeStatus } from '@multi-bridge/contracts'
import { type Address, parseEventLogs } from 'viem'
import { repeat } from '../shared/serviceLoop.ts'
import {
  checkSettled,
  createSettledWatch,
  type GoneFound,
  SETTLED_WATCH_INTERVAL_MS,
  type SettledItem,
  type SettledWatch,
} from '../shared/settledWatch.ts'
import { chainOf, type RelayerContext } from './context.ts'
import type { RelayerTransfer } from './transferMachine.ts'

type FinalizedTransfer = Extract<RelayerTransfer, { status: 'finalized' }>
type Watched = SettledItem & { transfer: FinalizedTransfer }

const STATUS_NAMES: Record<number, string> = Object.fromEntries(
  Object.entries(poolBridgeStatus).map(([name, value]) => [value, name.toLowerCase()]),
)

/**
 * A pool transfer is `finalized` once its finalize is final on the origin: the deposit became the origin pool's
 * liquidity, against the release the relayer paid on the destination. A reorg deeper than the origin's finality can
 * still take back the finalize, or the deposit itself: the pool paid a release for nothing, or the deposit waits
 * again (finalizable, or refundable to its sender after `expires`). For a while (settledWatch.ts) each finalized
 * transfer's deposit is read again at the origin's final head; one no longer finalized there is alerted once, with its
 * ids and amount, and recorded in `settlementsGone`. Nothing is paid or undone: the transfer stays `finalized`.
 */
export async function checkFinalizedTransfers(
  context: RelayerContext,
  watch: SettledWatch,
  now = Date.now(),
): Promise<void> {
  const { transfers, settlementsGone } = context.store.value
  const items: Watched[] = []
  for (const transfer of Object.values(transfers)) {
    if (transfer.status !== 'finalized' || settlementsGone[transfer.transferId]) continue
    items.push({ id: transfer.transferId, chainId: transfer.originChainId, settledAt: transfer.updatedAt, transfer })
  }
  if (items.length === 0) return
  await checkSettled({
    chains: context.chains,
    items,
    watch,
    failures: context.failures,
    now,
    read: async (origin, item, blockNumber) => {
      const deposit = depositFromTuple(
        await origin.publicClient.readContract({
          address: origin.config.contracts.poolBridge as Address,
          abi: poolBridgeAbi,
          functionName: 'deposits',
          args: [item.id],
          blockNumber,
        }),
      )
      const { status } = deposit
      // A deposit that is no longer there reads as zeros: the amount is the one read while it was.
      const facts =
        status === poolBridgeStatus.None
          ? undefined
          : { sender: deposit.sender, token: deposit.token, amount: deposit.amount.toString() }
      return { settled: status === poolBridgeStatus.Finalized, status, ...(facts ? { facts } : {}) }
    },
    gone: (item, found) => alertFinalizeGone(context, item.transfer, found),
  })
}

/**
 * What the relayer's release paid on the destination, from its receipt there (the origin's deposit may be gone, and
 * the watch may not have read it before): none when it sent no release (someone else did) or the receipt is not found.
 */
async function releasedFacts(context: RelayerContext, transfer: FinalizedTransfer): Promise<Record<string, string>> {
  if (!transfer.releaseTx) return {}
  const destination = chainOf(context, transfer.destinationChainId)
  const receipt = await destination.publicClient.getTransactionReceipt({ hash: transfer.releaseTx })
  const [released] = parseEventLogs({ abi: poolBridgeAbi, eventName: 'ReleasedOnDestination', logs: receipt.logs })
  if (!released) return {}
  const { recipient, token, amount } = released.args
  return { recipient, releasedToken: token, releasedAmount: amount.toString() }
}

async function alertFinalizeGone(context: RelayerContext, transfer: FinalizedTransfer, found: GoneFound) {
  // Read before anything is recorded: what is recorded is alerted at once, a crash between the two never loses it.
  const released = await releasedFacts(context, transfer).catch(() => ({}))
  context.store.update((state) => {
    state.settlementsGone[transfer.transferId] = {
      chainId: transfer.originChainId,
      status: found.status,
      finalBlock: found.finalBlock.toString(),
      alertedAt: Date.now(),
    }
  })
  const deposit = STATUS_NAMES[found.status] ?? String(found.status)
  const what =
    found.status === poolBridgeStatus.None
      ? 'the deposit is gone: the pool released a transfer that no longer exists'
      : found.status === poolBridgeStatus.Pending
        ? 'the finalize is gone and the deposit is pending again: it can be finalized again before expires'
        : 'the finalize is gone and the deposit was refunded to its sender'
  context.log.error('a reorg deeper than finality took back a finalized transfer on its origin', {
    transferId: transfer.transferId,
    originChainId: transfer.originChainId,
    destinationChainId: transfer.destinationChainId,
    deposit,
    what,
    finalBlock: found.finalBlock,
    ...found.facts,
    ...released,
    expires: transfer.expires,
    releaseTx: transfer.releaseTx,
    finalizeTx: transfer.finalizeTx,
    alert: true,
  })
}

/** The relayer's loop over its finalized transfers (see `checkFinalizedTransfers`), a round every SETTLED_WATCH_INTERVAL_MS. */
export function watchFinalizedTransfers(context: RelayerContext, signal: AbortSignal): Promise<void> {
  const watch = createSettledWatch()
  return repeat(signal, SETTLED_WATCH_INTERVAL_MS, () => checkFinalizedTransfers(context, watch))
}
