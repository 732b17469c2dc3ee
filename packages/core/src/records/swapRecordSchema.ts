// Valibot like the manifest: History is read before the first page is interactive (see config/manifest.ts).
import * as v from 'valibot'
import { TOKEN_KINDS } from '../routes/types.ts'
import type { SwapRecord } from './types.ts'

const hex = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]*$/, 'not hex'))
const txHash = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{64}$/, 'not a transaction hash'))
const address = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{40}$/, 'not an address'))
const uint = v.pipe(v.string(), v.regex(/^[0-9]{1,78}$/, 'not an amount'))
const int = v.pipe(v.string(), v.regex(/^-?[0-9]{1,78}$/, 'not an amount'))
const seconds = v.pipe(v.number(), v.integer(), v.minValue(0))
const millis = v.pipe(v.number(), v.minValue(0))
const nonEmpty = v.pipe(v.string(), v.minLength(1))

const token = v.object({
  chainId: v.pipe(v.number(), v.integer(), v.minValue(1)),
  address,
  symbol: v.string(),
  decimals: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(255)),
  kind: v.picklist(TOKEN_KINDS),
})
const destination = {
  token,
  estimatedAmount: uint,
  minAmount: uint,
  gas: v.optional(v.object({ token, amount: uint })),
}

const baseEntries = {
  key: nonEmpty,
  providerId: nonEmpty,
  providerName: v.string(),
  owner: address,
  recipient: address,
  origin: v.object({ token, amount: uint }),
  destination: v.object(destination),
  depositAddress: address,
  createdAt: millis,
  updatedAt: millis,
  estimatedSeconds: v.optional(v.pipe(v.number(), v.minValue(0))),
  fees: v.optional(
    v.array(v.object({ label: v.string(), token, amount: int, paidBy: v.optional(v.literal('sender')) })),
  ),
  approveTxs: v.optional(v.array(txHash)),
  data: v.optional(v.record(v.string(), v.union([v.string(), v.number()]))),
  statusDetail: v.optional(v.string()),
}
const depositEntries = {
  id: nonEmpty,
  depositTx: txHash,
  depositedAt: seconds,
  refundableAfter: v.optional(seconds),
  expiresAt: v.optional(seconds),
}

/** The shape each state requires (History's saved copy is checked against it, swap by swap). */
export const swapRecordSchema = v.variant('status', [
  v.strictObject({
    ...baseEntries,
    status: v.literal('signing'),
    phase: v.picklist(['switching', 'approving', 'depositing']),
    id: nonEmpty,
    depositTx: v.optional(txHash),
  }),
  v.strictObject({ ...baseEntries, ...depositEntries, status: v.literal('deposited') }),
  v.strictObject({ ...baseEntries, ...depositEntries, status: v.literal('refundable') }),
  v.strictObject({ ...baseEntries, ...depositEntries, status: v.literal('providerRefunding') }),
  v.strictObject({ ...baseEntries, ...depositEntries, status: v.literal('providerFailed') }),
  v.strictObject({
    ...baseEntries,
    ...depositEntries,
    status: v.literal('completed'),
    destination: v.object({ ...destination, receivedAmount: v.optional(uint), gasReceived: v.optional(uint) }),
    deliveryTx: v.optional(hex),
    deliveredAt: v.optional(seconds),
  }),
  v.strictObject({ ...baseEntries, ...depositEntries, status: v.literal('refunded'), refundTx: v.optional(hex) }),
  v.strictObject({
    ...baseEntries,
    status: v.literal('failed'),
    id: nonEmpty,
    error: nonEmpty,
    depositTx: v.optional(txHash),
    depositedAt: v.optional(seconds),
  }),
])

/** Whether `value` is a swap record with every field its state requires and no field it cannot have. */
export const isSwapRecord = (value: unknown): value is SwapRecord => v.is(swapRecordSchema, value)

/** Where `value` is not a swap record: each issue's first two path keys (`[]` when it is one). */
export function swapRecordIssuePaths(value: unknown): [string | undefined, string | undefined][] {
  const result = v.safeParse(swapRecordSchema, value)
  if (result.success) return []
  return result.issues.map((issue) => {
    const [top, inner] = issue.path ?? []
    return [
      top?.key === undefined ? undefined : String(top.key),
      inner?.key === undefined ? undefined : String(inner.key),
    ]
  })
}

/** What is wrong with `value` as a swap record (for the console), or undefined when nothing is. */
export function swapRecordProblem(value: unknown): string | undefined {
  const result = v.safeParse(swapRecordSchema, value)
  if (result.success) return undefined
  const problems = result.issues.map((issue) => `${v.getDotPath(issue) ?? '(record)'}: ${issue.message}`)
  return problems.length > 3
    ? `${problems.slice(0, 3).join('; ')}; and ${problems.length - 3} more`
    : problems.join('; ')
}
