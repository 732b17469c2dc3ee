import type { Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import { signingSwap } from '../../test/support/swapRecords.ts'
import { applySwapEvent } from './swapMachine.ts'
import { swapRecordProblem } from './swapRecordSchema.ts'
import { handedOver, isSwapSent, type SigningSwap, type SwapRecord } from './types.ts'

const draft = (): SigningSwap => signingSwap('approving', { data: { openedBy: 'solver' } })
const ORDER_ID = `0x${'0d'.repeat(32)}` as Hex
const CALLS_ID = `0x${'ba'.repeat(32)}`
const OPEN_TX = `0x${'0e'.repeat(32)}` as Hex
const signed = () =>
  applySwapEvent(draft(), { type: 'orderSigned', data: { orderId: ORDER_ID, openDeadline: 1_700_000_120, expires: 9 } })
const accepted = () => applySwapEvent(draft(), { type: 'callsAccepted', callsId: CALLS_ID, data: { requestId: 'r' } })

describe('a swap out of the person’s hands before its deposit’s hash is known', () => {
  it('is sent once a batch holding its deposit is accepted: its id and tracking data are kept', () => {
    expect(isSwapSent(draft())).toBe(false)
    const record = accepted()
    expect(isSwapSent(record)).toBe(true)
    expect(handedOver(record)).toEqual({ kind: 'calls', callsId: CALLS_ID })
    expect(record).toMatchObject({ status: 'signing', data: { openedBy: 'solver', requestId: 'r', callsId: CALLS_ID } })
    expect(swapRecordProblem(record)).toBeUndefined()
    // Once: a second acceptance does not change it.
    expect(applySwapEvent(record, { type: 'callsAccepted', callsId: '0x01' })).toBe(record)
  })

  it('is sent once a gasless order is signed and given to the solver without an answer, until its open deadline', () => {
    const record = signed()
    expect(handedOver(record)).toEqual({ kind: 'gaslessOrder', orderId: ORDER_ID, openDeadline: 1_700_000_120 })
    expect(record).toMatchObject({ status: 'signing', phase: 'depositing', data: { orderId: ORDER_ID, expires: 9 } })
    expect(swapRecordProblem(record)).toBeUndefined()
  })

  it('becomes an ordinary sent deposit once its hash is known (the batch mined, the open found)', () => {
    for (const record of [accepted(), signed()]) {
      const sent = applySwapEvent(record, { type: 'depositSent', depositTx: OPEN_TX })
      expect(sent).toMatchObject({ status: 'signing', depositTx: OPEN_TX })
      expect(handedOver(sent)).toBeUndefined()
      expect(isSwapSent(sent)).toBe(true)
      // Handed over again after its deposit is known: nothing changes.
      expect(applySwapEvent(sent, { type: 'callsAccepted', callsId: CALLS_ID })).toBe(sent)
      expect(applySwapEvent(sent, { type: 'orderSigned', data: { orderId: ORDER_ID, openDeadline: 1 } })).toBe(sent)
    }
  })

  it('fails, with nothing deposited, when what was handed over never becomes a deposit', () => {
    const notOpened = applySwapEvent(signed(), { type: 'depositFailed', error: 'gaslessNotOpened' })
    expect(notOpened).toMatchObject({ status: 'failed', error: 'gaslessNotOpened', data: { orderId: ORDER_ID } })
    expect(notOpened).not.toHaveProperty('depositTx')
    expect(swapRecordProblem(notOpened)).toBeUndefined()
    const stopped: SwapRecord = applySwapEvent(accepted(), { type: 'depositFailed', error: 'batchIncomplete' })
    expect(stopped).toMatchObject({ status: 'failed', error: 'batchIncomplete' })
    // A draft nothing of which was handed over does not fail: the person may still sign it.
    const start = draft()
    expect(applySwapEvent(start, { type: 'depositFailed', error: 'batchIncomplete' })).toBe(start)
  })
})
