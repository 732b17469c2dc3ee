import type { CompletedSwap, Manifest, RefundedSwap } from '@multi-bridge/core'
import { swapIn } from '@multi-bridge/core/test/swapRecords'
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
const completed = swapIn<CompletedSwap>('completed', {
  key: 'k1',
  providerName: 'Intent, "Bridge"',
  origin: { token: token(1, 'USDC', 6), amount: '1500000' },
  destination: {
    token: token(2, '美元幣', 18),
    estimatedAmount: '1490000000000000000',
    minAmount: '1480000000000000000',
    receivedAmount: '1495000000000000000',
  },
  depositedAt: 1_735_689_600,
  deliveryTx: `0x${'33'.repeat(32)}`,
  deliveredAt: 1_735_689_612,
})
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
    expect(cell('Gas token')).toBe('')
    expect(cell('Recipient')).toBe(completed.recipient)
  })

  it('writes the fees as a bare total with their token, a spreadsheet can add up, and names each in a breakdown', () => {
    const usdc = token(2, '美元幣', 18)
    const eth = { ...token(1, 'ETH', 18), address: '0x0000000000000000000000000000000000000000' as const }
    const withFees: CompletedSwap = {
      ...completed,
      fees: [
        { label: 'Solver fee', token: usdc, amount: '5000000000000000' },
        { label: 'Solver gas fee', token: usdc, amount: '300100000000000000' },
      ],
    }
    // Relay: a reward (negative fee) and the provider's estimate of the person's own gas, not taken from the amount.
    const relay: CompletedSwap = {
      ...completed,
      key: 'k3',
      fees: [
        { label: 'Relayer fee', token: token(1, 'USDC', 6), amount: '-15000' },
        { label: 'Network cost (provider estimate)', token: eth, amount: '1680272000000', paidBy: 'sender' },
      ],
    }
    const mixed: CompletedSwap = {
      ...completed,
      key: 'k4',
      fees: [
        { label: 'LIFI Fixed Fee', token: token(1, 'USDC', 6), amount: '25000' },
        { label: 'LayerZero fee', token: eth, amount: '2000000000000000' },
      ],
    }
    const [row, second, third, restored] = historyCsvRows([withFees, relay, mixed, completed], manifest)
    const cell = (name: (typeof HISTORY_CSV_COLUMNS)[number], r = row) => r?.[HISTORY_CSV_COLUMNS.indexOf(name)]
    expect(cell('Fees')).toBe('0.3051')
    expect(cell('Fee token')).toBe('美元幣')
    expect(cell('Fee breakdown')).toBe('Solver fee: 0.005 美元幣; Solver gas fee: 0.3001 美元幣')
    expect(cell('Fees', second)).toBe('-0.015')
    expect(cell('Fee token', second)).toBe('USDC')
    expect(cell('Fee breakdown', second)).toBe(
      'Relayer fee: -0.015 USDC; Network cost (provider estimate): 0.000001680272 ETH',
    )
    // Fees in two tokens cannot be one number: the breakdown has them.
    expect([cell('Fees', third), cell('Fee token', third)]).toEqual(['', ''])
    expect(cell('Fee breakdown', third)).toBe('LIFI Fixed Fee: 0.025 USDC; LayerZero fee: 0.002 ETH')
    // A swap restored from chain: its fees are not known.
    expect([cell('Fees', restored), cell('Fee token', restored), cell('Fee breakdown', restored)]).toEqual(['', '', ''])
  })

  it('writes every amount as a bare number, its unit in a column of its own', async () => {
    const eth = { ...token(2, 'ETH', 18), address: '0x0000000000000000000000000000000000000000' as const }
    const swap: CompletedSwap = {
      ...completed,
      destination: { ...completed.destination, gas: { token: eth, amount: '1000000000000000' } },
      fees: [{ label: 'Relayer fee', token: token(1, 'USDC', 6), amount: '-15000' }],
    }
    const text = await historyCsv([swap], manifest)
    const [header, row] = Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true }).data
    const numeric = [
      'Amount sent',
      'Quoted receivable',
      'Minimum receivable',
      'Amount received',
      'Fees',
      'Gas on arrival',
    ] as const
    for (const name of numeric) {
      const value = row?.[header?.indexOf(name) ?? -1]
      expect(value, name).toMatch(/^-?\d+(\.\d+)?$/)
    }
  })

  it('writes the gas on arrival asked and the gas received as numbers, the native coin in its own column', () => {
    const eth = { ...token(2, 'ETH', 18), address: '0x0000000000000000000000000000000000000000' as const }
    const gas = { token: eth, amount: '1000000000000000' }
    const withGas: CompletedSwap = {
      ...completed,
      destination: { ...completed.destination, gas, gasReceived: gas.amount },
    }
    const notDelivered: RefundedSwap = { ...refunded, destination: { ...refunded.destination, gas } }
    const [row, second] = historyCsvRows([withGas, notDelivered], manifest)
    const cell = (name: (typeof HISTORY_CSV_COLUMNS)[number], r = row) => r?.[HISTORY_CSV_COLUMNS.indexOf(name)]
    expect(cell('Gas on arrival')).toBe('0.001')
    expect(cell('Gas received')).toBe('0.001')
    expect(cell('Gas token')).toBe('ETH')
    expect(cell('Gas on arrival', second)).toBe('0.001')
    expect(cell('Gas received', second)).toBe('')
    expect(cell('Gas token', second)).toBe('ETH')
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
    const symbols = ['=HYPERLINK("//x.example")', '+1+1', '-2+3', '@SUM(A1)', '=1+1\nUSDC', '-1\n=1+1', 'U=SDC']
    const swaps = symbols.map((symbol, i) => ({
      ...completed,
      key: `k${i}`,
      destination: { ...completed.destination, token: token(2, symbol, 18) },
      // A fee's name comes from an API (LI.FI's feeCosts[].name), its token's symbol from a contract.
      fees: [{ label: symbol, token: token(2, symbol, 18), amount: '1' }],
    }))
    const text = await historyCsv(swaps, manifest)
    const parsed = Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true })
    expect(parsed.errors).toEqual([])
    const column = (name: (typeof HISTORY_CSV_COLUMNS)[number]) =>
      parsed.data.slice(1).map((row) => row[HISTORY_CSV_COLUMNS.indexOf(name)])
    const defused = [...symbols.slice(0, -1).map((symbol) => `'${symbol}`), 'U=SDC']
    expect(column('Destination token')).toEqual(defused)
    expect(column('Fee token')).toEqual(defused)
    expect(column('Fee breakdown')).toEqual(
      symbols.map((symbol, i) => `${i < symbols.length - 1 ? "'" : ''}${symbol}: 0.000000000000000001 ${symbol}`),
    )
  })

  it('leaves a negative amount a number: it is no formula, and a spreadsheet must add it up', async () => {
    const reward: CompletedSwap = {
      ...completed,
      fees: [{ label: 'Relayer fee', token: token(1, 'USDC', 6), amount: '-15000' }],
    }
    const text = await historyCsv([reward], manifest)
    const [, row] = Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true }).data
    expect(row?.[HISTORY_CSV_COLUMNS.indexOf('Fees')]).toBe('-0.015')
  })
})
