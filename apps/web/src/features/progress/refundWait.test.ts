import { type DepositedSwap, type RefundableSwap, ServiceUnreachableError } from '@multi-bridge/core'
import { depositedSwap } from '@multi-bridge/core/test/swapRecords'
import { describe, expect, it } from 'vitest'
import { refundOpening, revocationText } from './refundWait.ts'

const deposited: DepositedSwap = depositedSwap()
const refundable: RefundableSwap = { ...deposited, status: 'refundable' }
const base = {
  opensAt: 1_041,
  ready: false,
  error: undefined,
  problem: undefined,
  destinationName: 'Local Chain B',
  formatTime: (ms: number) => new Date(ms).toISOString(),
}

describe('"Revocation available after"', () => {
  it('counts down to when the refund really opens, not to the deadline', () => {
    // 1030 is the deadline; the refund opens at 1041 (a block past it, then 4 confirmations on B).
    expect(revocationText({ ...base, record: deposited, now: 1_030 })).toEqual({ text: '0:11' })
    expect(revocationText({ ...base, record: refundable, now: 1_040 })).toEqual({ text: '0:01' })
  })

  it('says "Now" once the refund is open', () => {
    expect(revocationText({ ...base, record: refundable, now: 1_041, ready: true })).toEqual({ message: 'Now' })
  })

  it('never stops at a bare "0:00": it says what it still waits for', () => {
    expect(revocationText({ ...base, record: refundable, now: 1_042 })).toEqual({
      message: 'Waiting for {{network}} to pass the deadline',
      values: { network: 'Local Chain B' },
    })
    // Not seen past the deadline yet: it may have been delivered.
    expect(revocationText({ ...base, record: deposited, now: 1_042 })).toEqual({
      message: 'Checking whether it was delivered…',
    })
    const down = { message: '{{network}} is not answering', values: { network: 'Local Chain B' } }
    expect(revocationText({ ...base, record: deposited, now: 1_100, problem: down })).toEqual(down)
    expect(
      revocationText({ ...base, record: refundable, now: 1_100, error: new ServiceUnreachableError('attester') }),
    ).toEqual({
      message: "The bridge's attester is not answering: the refund opens without it after {{time}}",
      values: { time: new Date(4_630_000).toISOString() },
    })
  })

  it('is not shown for a swap that is over or has no deadline', () => {
    expect(revocationText({ ...base, record: { ...refundable, status: 'refunded' }, now: 0 })).toBeUndefined()
    expect(revocationText({ ...base, record: deposited, now: 0, opensAt: undefined })).toBeUndefined()
  })
})

describe('where the refund in the dialog stands', () => {
  const attesterDown = new ServiceUnreachableError('attester')
  it('is open only once the bridge can refund it', () => {
    expect(refundOpening({ ready: true, opensAt: 1_050, error: undefined, problem: undefined, now: 1_000 })).toBe(
      'open',
    )
    expect(refundOpening({ ready: false, opensAt: 1_050, error: undefined, problem: undefined, now: 1_049 })).toBe(
      'soon',
    )
  })

  it('opens soon while its answer is on its way, and is delayed past its time when what it waits for is down', () => {
    const at = (now: number, error: unknown = null, problem: unknown = undefined) =>
      refundOpening({ ready: false, opensAt: 1_050, error, problem, now })
    // A few seconds past the time, the bridge's next answer is on its way (TanStack Query's error is null).
    expect(at(1_052)).toBe('soon')
    expect(at(1_059)).toBe('soon')
    // Well past it and still not open: said, not "soon" for ever.
    expect(at(1_060)).toBe('delayed')
    // The attester or a chain does not answer: delayed as soon as the time has come, not before.
    expect(at(1_040, attesterDown)).toBe('soon')
    expect(at(1_050, attesterDown)).toBe('delayed')
    expect(at(1_050, null, {})).toBe('delayed')
    // Nothing known of when: soon.
    expect(refundOpening({ ready: false, opensAt: undefined, error: null, problem: undefined, now: 1_000 })).toBe(
      'soon',
    )
  })
})
