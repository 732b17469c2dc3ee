import type { CompletedSwap, Manifest, RefundedSwap } from '@multi-bridge/core'
import Papa from 'papaparse'
import { describe, expect, it } from 'vitest'
import { HISTORY_CSV_COLUMNS, historyCsv, historyCsvRows } from './historyCsv.ts'

const manifest = {
  chains: [
    { id: 1, name: 'Chain, "One"' },
    { id: 2, name: '第二鏈' },
  ],
} as unknown as Manifest

const token = (chainId: number, symbol: string, decimals: number) => ({
  chainId,
  address: '0x00000000000000000000000000000000000000aa' as const,
  symbol,
  decimals,
  kind: 'erc20' as const,
})
const completed: CompletedSwap = {
  key: 'k1',
  id: `0x${'11'.repeat(32)}`,
  providerId: 'intent',
  providerName: 'Intent, "Bridge"',
  owner: '0x8ba1f109551bD432803012645Ac136ddd64DBA72',
  recipient: '0x8ba1f109551bD432803012645Ac136ddd64DBA72',
  origin: { token: token(1, 'USDC', 6), amount: '1500000' },
  destination: {
    token: token(2, '美元幣', 18),
    estimatedAmount: '1490000000000000000',
    minAmount: '1480000000000000000',
    receivedAmount: '1495000000000000000',
  },
  depositAddress: '0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE',
  status: 'completed',
  depositTx: `0x${'22'.repeat(32)}`,
  depositedAt: 1_735_689_600,
  deliveryTx: `0x${'33'.repeat(32)}`,
  deliveredAt: 1_735_689_612,
  createdAt: 1_735_689_590_000,
  updatedAt: 1_735_689_612_000,
}
const refunded: RefundedSwap = {
  ...(({ deliveryTx: _d, deliveredAt: _t, ...rest }) => rest)(completed),
  key: 'k2',
  destination: { token: token(2, '美元幣', 18), estimatedAmount: '1', minAmount: '1' },
  status: 'refunded',
  refundTx: `0x${'44'.repeat(32)}`,
}

describe('historyCsv', () => {
  it('writes one row per swap: exact amounts, both hashes, ISO times in UTC, the status in words', () => {
    const [row, second] = historyCsvRows([completed, refunded], manifest)
    const cell = (name: (typeof HISTORY_CSV_COLUMNS)[number], r = row) => r?.[HISTORY_CSV_COLUMNS.indexOf(name)]
    expect(cell('Amount sent')).toBe('1.5')
    expect(cell('Quoted receivable')).toBe('1.49')
    expect(cell('Minimum receivable')).toBe('1.48')
    expect(cell('Amount received')).toBe('1.495')
    expect(cell('Deposit transaction')).toBe(completed.depositTx)
    expect(cell('Delivery transaction')).toBe(completed.deliveryTx)
    expect(cell('Deposited (UTC)')).toBe('2025-01-01T00:00:00.000Z')
    expect(cell('Delivered (UTC)')).toBe('2025-01-01T00:00:12.000Z')
    expect(cell('Status')).toBe('Completed')
    expect(cell('Refund transaction', second)).toBe(refunded.refundTx)
    expect(cell('Amount received', second)).toBe('')
    expect(cell('Status', second)).toBe('Failed (refunded)')
    expect(cell('Gas on arrival')).toBe('')
  })

  it('writes the gas on arrival asked and the gas received, with the native coin named', () => {
    const eth = { ...token(2, 'ETH', 18), address: '0x0000000000000000000000000000000000000000' as const }
    const gas = { token: eth, amount: '1000000000000000' }
    const withGas: CompletedSwap = {
      ...completed,
      destination: { ...completed.destination, gas, gasReceived: gas.amount },
    }
    const notDelivered: RefundedSwap = { ...refunded, destination: { ...refunded.destination, gas } }
    const [row, second] = historyCsvRows([withGas, notDelivered], manifest)
    const cell = (name: (typeof HISTORY_CSV_COLUMNS)[number], r = row) => r?.[HISTORY_CSV_COLUMNS.indexOf(name)]
    expect(cell('Gas on arrival')).toBe('0.001 ETH')
    expect(cell('Gas received')).toBe('0.001 ETH')
    expect(cell('Gas on arrival', second)).toBe('0.001 ETH')
    expect(cell('Gas received', second)).toBe('')
  })

  it('survives commas, quotes and non-Latin text: a CSV parser reads back exactly the cells', async () => {
    const text = await historyCsv([completed], manifest)
    expect(text.startsWith('\uFEFF')).toBe(true) // spreadsheets open it as UTF-8
    const parsed = Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true })
    expect(parsed.errors).toEqual([])
    expect(parsed.data[0]).toEqual([...HISTORY_CSV_COLUMNS])
    expect(parsed.data[1]).toEqual(historyCsvRows([completed], manifest)[0])
    expect(parsed.data[1]).toContain('Intent, "Bridge"')
    expect(parsed.data[1]).toContain('Chain, "One"')
    expect(parsed.data[1]).toContain('美元幣')
  })

  it('defuses cells a spreadsheet would run as formulas, a formula followed by a line break too', async () => {
    const symbols = ['=HYPERLINK("//x.example")', '+1+1', '-2+3', '@SUM(A1)', '=1+1\nUSDC', 'U=SDC']
    const swaps = symbols.map((symbol, i) => ({
      ...completed,
      key: `k${i}`,
      destination: { ...completed.destination, token: token(2, symbol, 18) },
    }))
    const text = await historyCsv(swaps, manifest)
    const parsed = Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true })
    expect(parsed.errors).toEqual([])
    const cells = parsed.data.slice(1).map((row) => row[HISTORY_CSV_COLUMNS.indexOf('Destination token')])
    expect(cells).toEqual([...symbols.slice(0, -1).map((symbol) => `'${symbol}`), 'U=SDC'])
  })
})
