import {
  ChainUnreachableError,
  type DepositedSwap,
  HttpNetworkError,
  type RefundableSwap,
  ServiceUnreachableError,
  type SwapRecord,
} from '@multi-bridge/core'
import { depositedSwap } from '@multi-bridge/core/test/swapRecords'
import { describe, expect, it } from 'vitest'
import { elapsedAgainstEstimate, needsAction, problemText, refundReason, statusWord } from './swapStatus.ts'

// Its deadline three minutes after the deposit, with an estimate of 12 s and no unattested expiry.
const { expiresAt: _expires, ...fromBuilder } = depositedSwap({ refundableAfter: 1_180, estimatedSeconds: 12 })
const deposited: DepositedSwap = fromBuilder
const refundable: RefundableSwap = { ...deposited, status: 'refundable' }

describe('a swap whose refund waits for the person', () => {
  it('is "Refund available" (amber), never a bare Failed; the other states keep SPEC §5’s words', () => {
    expect(statusWord(refundable)).toEqual({ label: 'Refund available', tone: 'refundable' })
    expect(statusWord({ status: 'refunded' })).toEqual({ label: 'Failed', tone: 'refunded' })
    expect(statusWord({ status: 'completed' })).toEqual({ label: 'Completed', tone: 'completed' })
    expect(statusWord({ status: 'deposited' })).toEqual({ label: 'Swapping...', tone: 'deposited' })
  })

  it('says "Refund available" only once the refund can be made: "opens soon" or "delayed" before, still amber', () => {
    expect(statusWord(refundable, undefined, 'soon')).toEqual({ label: 'Refund opens soon', tone: 'refundable' })
    expect(statusWord(refundable, undefined, 'delayed')).toEqual({ label: 'Refund delayed', tone: 'refundable' })
    expect(statusWord(refundable, undefined, 'open')).toEqual({ label: 'Refund available', tone: 'refundable' })
    // Only a refundable swap has a refund to open.
    expect(statusWord(deposited, undefined, 'soon')).toEqual({ label: 'Swapping...', tone: 'deposited' })
  })

  it('needs action only when the refund is the person’s own (not a provider refunding by itself)', () => {
    expect(needsAction(refundable)).toBe(true)
    expect(needsAction(deposited)).toBe(false)
    expect(needsAction({ ...refundable, providerId: 'across' })).toBe(false)
  })

  it('says why, in words, with the amount that is safe in escrow', () => {
    expect(refundReason(refundable)).toEqual({
      message: 'No solver filled it before the deadline; your {{amount}} is safe in escrow',
      values: { amount: '100 USDC' },
    })
    expect(refundReason({ ...refundable, providerId: 'pool', providerName: 'Liquidity Pool Bridge' })).toEqual({
      message: 'The pool did not release it before the deadline; your {{amount}} is safe in escrow',
      values: { amount: '100 USDC' },
    })
    expect(refundReason(deposited)).toBeUndefined()
  })
})

describe('stuck is told', () => {
  it('is late only well past the route’s estimate, and says how long it has been', () => {
    expect(elapsedAgainstEstimate(deposited, 1_000 + 22)).toEqual({ elapsed: 22, expected: 12, late: false })
    expect(elapsedAgainstEstimate(deposited, 1_000 + 80)).toEqual({ elapsed: 80, expected: 12, late: true })
    // No estimate (restored from chain), or not under way: nothing to compare.
    const { estimatedSeconds: _none, ...restored } = deposited
    expect(elapsedAgainstEstimate(restored as SwapRecord, 5_000)).toBeUndefined()
    expect(elapsedAgainstEstimate(refundable, 5_000)).toBeUndefined()
  })

  it('names the chain or the service that does not answer at once, anything else only when it repeats', () => {
    const since = 0
    expect(problemText({ error: new ChainUnreachableError(1337003, 'Local Chain C'), since, failures: 1 })).toEqual({
      message: '{{network}} is not answering',
      values: { network: 'Local Chain C' },
    })
    expect(problemText({ error: new ServiceUnreachableError('attester'), since, failures: 1 })).toEqual({
      message: "The bridge's attester is not answering",
    })
    expect(problemText({ error: new Error('odd'), since, failures: 1 })).toBeUndefined()
    expect(problemText({ error: new Error('odd'), since, failures: 2 })?.message).toBe(
      "This swap couldn't be checked just now; trying again",
    )
    expect(problemText(undefined)).toBeUndefined()
    // A provider's API down (LI.FI, Across, Relay), once it repeats: the provider is named.
    const apiDown = { error: new HttpNetworkError('https://li.quest/v1/status', new TypeError('fetch failed')), since }
    expect(problemText({ ...apiDown, failures: 1 }, 'LI.FI')).toBeUndefined()
    expect(problemText({ ...apiDown, failures: 2 }, 'LI.FI')).toEqual({
      message: '{{provider}} is not answering',
      values: { provider: 'LI.FI' },
    })
  })
})
