import type { CompletedSwap, Manifest, RefundedSwap } from '@multi-bridge/core'
import { depositedSwap, signingSwap, swapIn } from '@multi-bridge/core/test/swapRecords'
import { describe, expect, it } from 'vitest'
import { receiptLink, receiptPath, SUPPORT_WARNING, supportText } from './supportText.ts'

const manifest = {
  chains: [
    { id: 1337001, name: 'Local Chain A' },
    { id: 1337002, name: 'Local Chain B' },
  ],
} as unknown as Manifest
const say = (key: string, values?: Record<string, unknown>) => (values ? `${key} ${JSON.stringify(values)}` : key)
const text = (record: Parameters<typeof supportText>[0]) =>
  supportText(record, {
    manifest,
    t: say,
    status: 'Completed',
    time: (ms) => new Date(ms).toISOString(),
    link: receiptLink('https://bridge.example/', record),
  })

describe('the receipt link', () => {
  it('names the origin chain and the deposit transaction; a swap not sent has none', () => {
    expect(receiptPath(depositedSwap())).toBe(`/pages/log/index?chain=1337001&tx=0x${'2'.repeat(64)}`)
    expect(receiptLink('https://bridge.example/', depositedSwap())).toBe(
      `https://bridge.example/#/pages/log/index?chain=1337001&tx=0x${'2'.repeat(64)}`,
    )
    expect(receiptPath(signingSwap('approving'))).toBeUndefined()
  })
})

describe('copy for support', () => {
  it('gives the facts a helper needs, one a line, the receipt link, and the warning last', () => {
    const completed = swapIn<CompletedSwap>('completed', {
      deliveryTx: `0x${'3'.repeat(64)}`,
      deliveredAt: 1_012,
      destination: { ...depositedSwap().destination, receivedAmount: '98500000' },
    })
    const lines = text(completed).split('\n')
    expect(lines[0]).toBe(`Multi-Bridge · Swap 0x${'1'.repeat(64)}`)
    expect(lines).toEqual(
      expect.arrayContaining([
        'Provider: Intent Bridge',
        'Route: Local Chain A → Local Chain B',
        'Status: Completed',
        'Amount to Send: 100 USDC',
        'Minimum received: 98 USDC',
        'Received: 98.5 USDC',
        `Deposit transaction: 0x${'2'.repeat(64)}`,
        `Delivery transaction: 0x${'3'.repeat(64)}`,
        'Sent at: 1970-01-01T00:16:40.000Z',
        'Delivered at: 1970-01-01T00:16:52.000Z',
        `Receipt: https://bridge.example/#/pages/log/index?chain=1337001&tx=0x${'2'.repeat(64)}`,
      ]),
    )
    expect(lines.at(-1)).toBe(SUPPORT_WARNING)
    expect(lines.at(-1)).toMatch(/seed phrase.*signature/)
  })

  it('leaves out what a swap does not have, and gives a refund its transaction', () => {
    const refunded = swapIn<RefundedSwap>('refunded', { refundTx: `0x${'4'.repeat(64)}` })
    const copied = text(refunded)
    expect(copied).toContain(`Refund transaction: 0x${'4'.repeat(64)}`)
    expect(copied).not.toContain('Received:')
    expect(copied).not.toContain('Delivery transaction')
    expect(copied).not.toContain('undefined')
  })

  it('never gives the id this device made up while the deposit is on its way: no one could look it up', () => {
    const local = 'local-1764570000000-123456789'
    const onItsWay = signingSwap('depositing', { key: local, id: local })
    const copied = text(onItsWay)
    expect(copied).not.toContain('local-')
    expect(copied.split('\n')[0]).toBe('Multi-Bridge · Swap')
    expect(copied).not.toMatch(/^ID:/m)
  })
})
