import type { CompletedSwap, RefundableSwap, RefundedSwap } from '@multi-bridge/core'
import { depositedSwap, signingSwap, swapIn } from '@multi-bridge/core/test/swapRecords'
import { describe, expect, it } from 'vitest'
import { type StepContext, swapSteps } from './swapSteps.ts'

const idle: StepContext = { error: false, confirming: false, refunding: false }
/** Each step as "label: state", what the dialog lists. */
const listed = (...args: Parameters<typeof swapSteps>) =>
  swapSteps(...args).map((step) => `${step.label.message}: ${step.state}`)

describe('the progress dialog’s steps', () => {
  it('walks switch, approve and deposit as the person signs, the one at work active once confirmed', () => {
    expect(listed(signingSwap('switching'), idle)).toEqual([
      'Switch network: waiting',
      'Approve (exact amount): waiting',
      'Deposit: waiting',
      'Delivery: waiting',
    ])
    expect(listed(signingSwap('approving'), { ...idle, confirming: true })).toEqual([
      'Switch network: done',
      'Approve (exact amount): active',
      'Deposit: waiting',
      'Delivery: waiting',
    ])
  })

  it('marks the step that failed, not the ones before it', () => {
    expect(listed(signingSwap('depositing'), { ...idle, error: true })).toEqual([
      'Switch network: done',
      'Approve (exact amount): done',
      'Deposit: failed',
      'Delivery: waiting',
    ])
  })

  it('follows a mined deposit to delivery, with each transaction where it was made', () => {
    const deposited = depositedSwap({ approveTxs: [`0x${'a'.repeat(64)}`] })
    expect(listed(deposited, idle)).toEqual([
      'Switch network: done',
      'Approve (exact amount): done',
      'Deposit: done',
      'Delivery: active',
    ])
    const steps = swapSteps(deposited, idle)
    expect(steps[1]).toMatchObject({ hash: `0x${'a'.repeat(64)}`, chainId: 1337001 })
    expect(steps[2]).toMatchObject({ hash: deposited.depositTx, chainId: 1337001 })
    const delivered = swapIn<CompletedSwap>('completed', { deliveryTx: `0x${'d'.repeat(64)}` })
    expect(swapSteps(delivered, idle).at(-1)).toEqual({
      label: { message: 'Delivery' },
      state: 'done',
      hash: `0x${'d'.repeat(64)}`,
      chainId: 1337002,
    })
  })

  it('says there is nothing to approve for the native coin', () => {
    const native = depositedSwap()
    native.origin = { ...native.origin, token: { ...native.origin.token, kind: 'native', symbol: 'ETH' } }
    expect(swapSteps(native, idle)[1]).toEqual({
      label: { message: 'No approval needed for {{symbol}}', values: { symbol: 'ETH' } },
      state: 'skipped',
    })
  })

  it('is one signature and the solver’s open for a gasless swap', () => {
    const gasless = signingSwap('depositing', { data: { openedBy: 'solver' } })
    expect(listed(gasless, { ...idle, confirming: true })).toEqual([
      'Sign: active',
      'Opened by the solver: waiting',
      'Delivery: waiting',
    ])
    expect(listed(depositedSwap({ data: { openedBy: 'solver' } }), idle)).toEqual([
      'Sign: done',
      'Opened by the solver: done',
      'Delivery: active',
    ])
  })

  it('keeps a batch the wallet accepted active at the deposit until its hash is known', () => {
    const accepted = signingSwap('depositing', { data: { callsId: '0xbatch' } })
    expect(listed(accepted, idle)[2]).toBe('Deposit: active')
  })

  it('skips delivery and adds the refund for a swap nobody delivered, never a red failure', () => {
    expect(listed(swapIn<RefundableSwap>('refundable'), idle).slice(-2)).toEqual([
      'Delivery: skipped',
      'Refund: waiting',
    ])
    expect(listed(swapIn<RefundableSwap>('refundable'), { ...idle, refunding: true }).at(-1)).toBe('Refund: active')
    const refunded = swapIn<RefundedSwap>('refunded', { refundTx: `0x${'f'.repeat(64)}` })
    expect(listed(refunded, idle).slice(-2)).toEqual(['Delivery: nothing was delivered: skipped', 'Refund: done'])
    expect(swapSteps(refunded, idle).at(-1)).toMatchObject({ hash: `0x${'f'.repeat(64)}`, chainId: 1337001 })
    expect(listed(swapIn('providerRefunding'), idle).slice(-2)).toEqual(['Delivery: failed', 'Refund: active'])
  })
})
