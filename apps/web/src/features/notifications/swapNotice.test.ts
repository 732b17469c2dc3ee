import type { SwapRecord } from '@multi-bridge/core'
import { describe, expect, it } from 'vitest'
import { swapNotice } from './swapNotice.ts'

const token = (chainId: number, symbol: string, decimals: number) => ({
  chainId,
  address: '0x00000000000000000000000000000000000000aa' as const,
  symbol,
  decimals,
  kind: 'erc20' as const,
})
const base = {
  key: 'k',
  origin: { token: token(1, 'USDC', 6), amount: '1500250000' },
  destination: { token: token(2, 'ETH', 18), estimatedAmount: '500000000000000000', minAmount: '490000000000000000' },
}
const names: Record<number, string> = { 1: 'Local Chain A', 2: 'Local Chain B' }
const chainName = (id: number) => names[id] ?? String(id)
const notice = (alert: Parameters<typeof swapNotice>[0], record: object) =>
  swapNotice(alert, { ...base, ...record } as unknown as SwapRecord, chainName)

describe('swapNotice', () => {
  it('says what arrived and where when a swap completes; at least the minimum when the amount is not known', () => {
    const destination = { ...base.destination, receivedAmount: '501234567890000000' }
    expect(notice('completed', { status: 'completed', destination })).toEqual({
      message: 'Swap completed: {{amount}} {{token}} received on {{network}}',
      values: { amount: '0.501234', token: 'ETH', network: 'Local Chain B' },
      tone: 'success',
    })
    expect(notice('completed', { status: 'completed' })).toMatchObject({
      message: 'Swap completed: at least {{amount}} {{token}} received on {{network}}',
      values: { amount: '0.49' },
    })
  })

  it('says what was sent when a swap fails, becomes refundable or is refunded, never as an error', () => {
    const refundable = notice('refundable', { status: 'refundable' })
    expect(refundable).toEqual({
      message:
        'Not delivered: {{amount}} {{token}} waits for your refund; open the swap to refund it once its refund opens',
      values: { amount: '1,500.25', token: 'USDC' },
      tone: 'warning',
    })
    expect(notice('refunded', { status: 'refunded' }).values).toEqual({
      amount: '1,500.25',
      token: 'USDC',
      network: 'Local Chain A',
    })
    expect(notice('failed', { status: 'failed' })).toMatchObject({
      values: { network: 'Local Chain B' },
      tone: 'warning',
    })
    for (const alert of ['completed', 'failed', 'refundable', 'refunded'] as const) {
      expect(notice(alert, { status: alert }).tone).not.toBe('error')
    }
  })
})
