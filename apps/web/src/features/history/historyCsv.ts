import {
  formatAmount,
  gasReceived,
  getManifestChain,
  type Manifest,
  receivedAmount,
  type SwapRecord,
} from '@multi-bridge/core'

/** The CSV's columns, in order (English headers: a file people share with accountants and support). */
export const HISTORY_CSV_COLUMNS = [
  'ID',
  'Provider',
  'Origin network',
  'Origin token',
  'Destination network',
  'Destination token',
  'Amount sent',
  'Quoted receivable',
  'Minimum receivable',
  'Amount received',
  'Gas on arrival',
  'Gas received',
  'Deposit transaction',
  'Delivery transaction',
  'Refund transaction',
  'Created (UTC)',
  'Deposited (UTC)',
  'Delivered (UTC)',
  'Status',
] as const

/** SPEC §5's word for the state, and which kind of Failed it is. */
const STATUS_TEXT: Record<SwapRecord['status'], string> = {
  signing: 'Swapping (not sent)',
  deposited: 'Swapping',
  providerRefunding: 'Swapping (the provider is refunding)',
  completed: 'Completed',
  refundable: 'Failed (refundable)',
  providerFailed: 'Failed (reported by the provider)',
  refunded: 'Failed (refunded)',
  failed: 'Failed',
}

const gasCell = (value: string | undefined, token: { decimals: number; symbol: string } | undefined) =>
  value === undefined || !token ? '' : `${formatAmount(BigInt(value), token.decimals)} ${token.symbol}`
const iso = (seconds: number | undefined) => (seconds === undefined ? '' : new Date(seconds * 1000).toISOString())
const amount = (value: string | undefined, decimals: number) =>
  value === undefined ? '' : formatAmount(BigInt(value), decimals)

/** One row per swap, as text cells: amounts in whole tokens (exact), times in ISO 8601 UTC, empty when unknown. */
export function historyCsvRows(swaps: readonly SwapRecord[], manifest: Manifest): string[][] {
  const network = (chainId: number) => getManifestChain(manifest, chainId)?.name ?? String(chainId)
  return swaps.map((swap) => {
    const { origin, destination } = swap
    return [
      swap.status === 'signing' ? '' : swap.id,
      swap.providerName,
      network(origin.token.chainId),
      origin.token.symbol,
      network(destination.token.chainId),
      destination.token.symbol,
      amount(origin.amount, origin.token.decimals),
      amount(destination.estimatedAmount, destination.token.decimals),
      amount(destination.minAmount, destination.token.decimals),
      amount(receivedAmount(swap), destination.token.decimals),
      // The native coin asked for beside the output, and what of it arrived (with its symbol: no column of its own).
      gasCell(swap.destination.gas?.amount, swap.destination.gas?.token),
      gasCell(gasReceived(swap), swap.destination.gas?.token),
      swap.depositTx ?? '',
      swap.status === 'completed' ? (swap.deliveryTx ?? '') : '',
      swap.status === 'refunded' ? (swap.refundTx ?? '') : '',
      new Date(swap.createdAt).toISOString(),
      iso(swap.status === 'signing' ? undefined : swap.depositedAt),
      iso(swap.status === 'completed' ? swap.deliveredAt : undefined),
      STATUS_TEXT[swap.status],
    ]
  })
}

/**
 * A cell a spreadsheet would run as a formula (CSV injection): a token's symbol is read from its contract, so
 * anyone can name a token `=HYPERLINK(…)`. Papa Parse prefixes such a cell with `'`. Its own pattern (`.*$`)
 * misses a formula followed by a line break; this one looks at the first character only.
 */
export const CSV_FORMULA_START = /^[=+\-@\t\r]/

/**
 * The swaps as a CSV file's text, written by Papa Parse (quotes, commas, line breaks and non-Latin text
 * escaped, formulas defused), with a byte-order mark so spreadsheets open it as UTF-8.
 */
export async function historyCsv(swaps: readonly SwapRecord[], manifest: Manifest): Promise<string> {
  const { unparse } = await import('papaparse')
  const csv = unparse(
    { fields: [...HISTORY_CSV_COLUMNS], data: historyCsvRows(swaps, manifest) },
    { newline: '\r\n', escapeFormulae: CSV_FORMULA_START },
  )
  return `\uFEFF${csv}`
}
