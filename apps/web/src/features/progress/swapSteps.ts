import { handedOver, isGaslessSwap, isSwapSent, SIGNING_PHASES, type SwapRecord } from '@multi-bridge/core'
import type { UserMessage } from '../../lib/errorMessages.ts'

export type StepState = 'done' | 'active' | 'waiting' | 'failed' | 'skipped'

/** One step of a swap as the progress dialog lists it: what it is, where it stands, and its transaction. */
export type SwapStep = { label: UserMessage; state: StepState; hash?: string; chainId?: number }

/** What the dialog knows besides the record: the execution's error, whether it runs, whether a refund is sent. */
export type StepContext = { error: boolean; confirming: boolean; refunding: boolean }

/**
 * The steps of a swap, from its record (pure: the dialog words them). Switch network, approve and deposit (a gasless
 * swap: sign, then the solver's open), then delivery, and the refund once the swap waits for one or was refunded.
 */
export function swapSteps(record: SwapRecord, context: StepContext): SwapStep[] {
  const origin = record.origin.token
  const sent = isSwapSent(record)
  const providerRefunding = record.status === 'providerRefunding'
  // Switch, approve, deposit, then delivery (index 3) once the deposit is mined.
  const phaseIndex = record.status === 'signing' ? SIGNING_PHASES.indexOf(record.phase) : sent ? 3 : -1
  const stepState = (index: number): StepState => {
    if (record.status === 'completed') return 'done'
    if (context.error && index === Math.max(phaseIndex, 0)) return 'failed'
    // Handed over without its hash (a batch the wallet still sends, a Safe's proposal waiting for its owners): the
    // deposit is on its way, not done.
    if (index === 2 && handedOver(record)?.kind === 'calls') return 'active'
    if (phaseIndex > index || (sent && index < 3)) return 'done'
    // Not delivered, and the money is safe: the refund step says what comes next, not a red failure here.
    if (index === 3 && (record.status === 'refunded' || record.status === 'refundable')) return 'skipped'
    if (index === 3 && record.status !== 'signing' && record.status !== 'deposited') return 'failed'
    if (phaseIndex === index && (context.confirming || sent)) return 'active'
    return 'waiting'
  }
  const depositHash = record.depositTx ? { hash: record.depositTx, chainId: origin.chainId } : {}
  // A gasless swap: the person signs once (no network switch, no approval), the solver opens the order and fills it.
  const firstSteps: SwapStep[] = isGaslessSwap(record)
    ? [
        { label: { message: 'Sign' }, state: stepState(2) },
        { label: { message: 'Opened by the solver' }, state: sent ? 'done' : 'waiting', ...depositHash },
      ]
    : [
        { label: { message: 'Switch network' }, state: stepState(0) },
        // The native coin goes with the deposit itself: there is nothing to approve, and it is said so.
        origin.kind === 'native'
          ? {
              label: { message: 'No approval needed for {{symbol}}', values: { symbol: origin.symbol } },
              state: 'skipped',
            }
          : {
              label: { message: 'Approve (exact amount)' },
              state: stepState(1),
              ...(record.approveTxs?.at(-1) ? { hash: record.approveTxs.at(-1), chainId: origin.chainId } : {}),
            },
        { label: { message: 'Deposit' }, state: stepState(2), ...depositHash },
      ]
  const steps: SwapStep[] = [
    ...firstSteps,
    {
      label: { message: record.status === 'refunded' ? 'Delivery: nothing was delivered' : 'Delivery' },
      state: stepState(3),
      ...(record.status === 'completed' && record.deliveryTx
        ? { hash: record.deliveryTx, chainId: record.destination.token.chainId }
        : {}),
    },
  ]
  if (record.status === 'refundable' || record.status === 'refunded' || providerRefunding) {
    steps.push({
      label: { message: 'Refund' },
      state: record.status === 'refunded' ? 'done' : context.refunding || providerRefunding ? 'active' : 'waiting',
      ...(record.status === 'refunded' && record.refundTx ? { hash: record.refundTx, chainId: origin.chainId } : {}),
    })
  }
  return steps
}
