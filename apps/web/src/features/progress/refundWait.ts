import { ServiceUnreachableError, type SwapRecord } from '@multi-bridge/core'
import type { UserMessage } from '../../lib/errorMessages.ts'
import { countdown } from '../../lib/format.ts'
import type { RefundOpening } from '../history/index.ts'

/** Whether a refund waits for the bridge's attester, which does not answer. */
export const attesterDown = (error: unknown) => error instanceof ServiceUnreachableError && error.service === 'attester'

/** Past the time a refund should have opened, the bridge's next answers (every 2 s) before it is "delayed". */
const OPENING_GRACE_SECONDS = 10

/**
 * Where the refund of the swap in the dialog stands, as the bridge says it (`useRefundReadiness`): open once it can
 * be made; "soon" while the countdown runs and for a few seconds past it (the bridge's answer on its way);
 * "delayed" past that, or at once past its time when what it waits for (the attester, a chain) does not answer.
 */
export function refundOpening(parameters: {
  ready: boolean
  opensAt: number | undefined
  /** Why the bridge could not say (TanStack Query's `null` when nothing failed). */
  error: unknown
  problem: unknown
  now: number
}): RefundOpening {
  const { ready, opensAt, now } = parameters
  if (ready) return 'open'
  if (opensAt === undefined) return 'soon'
  const failing = parameters.error != null || parameters.problem !== undefined
  if (now >= opensAt + OPENING_GRACE_SECONDS || (failing && now >= opensAt)) return 'delayed'
  return 'soon'
}

/**
 * What "Revocation available after" says: a countdown to when the refund really opens (`opensAt`, see
 * `useRefundReadiness`), "Now" once it is open, and past that time what it still waits for, never a bare "0:00":
 * whether it was delivered (the app has not seen the destination pass the deadline yet), a chain that does not
 * answer, the attester (with the time the refund opens without it), or the network passing the deadline.
 * `text` is shown as it is (a countdown); `message` is translated. Undefined when there is nothing to count.
 */
export function revocationText(parameters: {
  record: SwapRecord
  now: number
  opensAt: number | undefined
  ready: boolean
  error: unknown
  /** The chain or service the tracker cannot reach now, in words. */
  problem: UserMessage | undefined
  destinationName: string
  formatTime: (epochMs: number) => string
}): { text: string } | UserMessage | undefined {
  const { record, now, opensAt } = parameters
  if ((record.status !== 'refundable' && record.status !== 'deposited') || opensAt === undefined) return undefined
  if (record.status === 'refundable' && parameters.ready) return { message: 'Now' }
  if (opensAt - now > 0) return { text: countdown(opensAt - now) }
  // The deadline passed by the clock, and the app has not seen the destination pass it yet.
  if (record.status === 'deposited') return parameters.problem ?? { message: 'Checking whether it was delivered…' }
  if (attesterDown(parameters.error) && record.expiresAt !== undefined) {
    return {
      message: "The bridge's attester is not answering: the refund opens without it after {{time}}",
      values: { time: parameters.formatTime(record.expiresAt * 1000) },
    }
  }
  return (
    parameters.problem ?? {
      message: 'Waiting for {{network}} to pass the deadline',
      values: { network: parameters.destinationName },
    }
  )
}
