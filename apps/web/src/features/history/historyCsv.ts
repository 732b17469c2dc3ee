import {
  chainName,
  formatAmount,
  gasReceived,
  type Manifest,
  receivedAmount,
  type SwapFee,
  type SwapRecord,
} from '@multi-bridge/core'

/**
 * The CSV's columns, in order (English headers: a file people share with accountants and support). Every amount is
 * a bare number a spreadsheet can add up; its unit is a column of its own: "Origin token" for the amount sent,
 * "Destination token" for the amounts received, "Fee token" for the fees, "Gas token" for the gas on arrival.
 */
export const HISTORY_CSV_COLUMNS = [
  'ID',
  'Provider',
  'Origin network',
  'Origin token',
  'Destination network',
  'Destination token',
  'Recipient',
  'Amount sent',
  'Quoted receivable',
  'Minimum receivable',
  'Amount received',
  'Fees',
  'Fee token',
  'Fee breakdown',
  'Gas on arrival',
  'Gas received',
  'Gas token',
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

const iso = (seconds: number | undefined) => (seconds === undefined ? '' : new Date(seconds * 1000).toISOString())
const amount = (value: string | undefined, decimals: number) =>
  value === undefined ? '' : formatAmount(BigInt(value), decimals)

const sameToken = (a: SwapFee['token'], b: SwapFee['token']) =>
  a.chainId === b.chainId && a.address.toLowerCase() === b.address.toLowerCase()

/**
 * The fees taken from the amount, added up when they are in one token (the usual case), with that token; empty when
 * they are in several (the breakdown has them) or unknown (a swap restored from chain). The breakdown names every
 * fee with its token, the provider's estimate of the person's own gas too (paid besides the amount, not summed).
 */
function feeCells(fees: readonly SwapFee[] | undefined): [total: string, token: string, breakdown: string] {
  if (!fees) return ['', '', '']
  const breakdown = fees
    .map((fee) => `${fee.label}: ${formatAmount(BigInt(fee.amount), fee.token.decimals)} ${fee.token.symbol}`)
    .join('; ')
  const taken = fees.filter((fee) => fee.paidBy !== 'sender')
  const [first] = taken
  if (!first) return ['0', '', breakdown]
  if (!taken.every((fee) => sameToken(fee.token, first.token))) return ['', '', breakdown]
  const total = taken.reduce((sum, fee) => sum + BigInt(fee.amount), 0n)
  return [formatAmount(total, first.token.decimals), first.token.symbol, breakdown]
}

/** One row per swap, as text cells: amounts in whole tokens (exact), times in ISO 8601 UTC, empty when unknown. */
export function historyCsvRows(swaps: readonly SwapRecord[], manifest: Manifest): string[][] {
  const network = (chainId: number) => chainName(manifest, chainId)
  return swaps.map((swap) => {
    const { origin, destination } = swap
    const { gas } = destination
    return [
      swap.status === 'signing' ? '' : swap.id,
      swap.providerName,
      network(origin.token.chainId),
      origin.token.symbol,
      network(destination.token.chainId),
      destination.token.symbol,
      swap.recipient,
      amount(origin.amount, origin.token.decimals),
      amount(destination.estimatedAmount, destination.token.decimals),
      amount(destination.minAmount, destination.token.decimals),
      amount(receivedAmount(swap), destination.token.decimals),
      ...feeCells(swap.fees),
      // The native coin asked for beside the output, and what of it arrived, in the gas token.
      gas ? amount(gas.amount, gas.token.decimals) : '',
      gas ? amount(gasReceived(swap), gas.token.decimals) : '',
      gas?.token.symbol ?? '',
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
 * A cell a spreadsheet would run as a formula (CSV injection): a token's symbol is read from its contract, and a fee's
 * name comes from an API, so anyone can name a token `=HYPERLINK(…)`. Papa Parse prefixes such a cell with `'`. Its
 * own pattern (`.*$`) misses a formula followed by a line break; this one looks at the first character only. A bare
 * negative number (Relay's reward, a negative fee) is left a number, so that it still adds up.
 */
export const CSV_FORMULA_START = /^(?!-\d+(?:\.\d+)?$)[=+\-@\t\r]/

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
